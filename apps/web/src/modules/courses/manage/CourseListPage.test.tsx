// @vitest-environment happy-dom
import { describe, it } from 'vitest';
import { session } from '../../../platform/session';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi } from '../../../platform/kernel/testing/fake-api';
import { expectRows, searchBy } from '../../../platform/kernel/testing/list';
import { courseRoutes } from '@hanlin/shared';
import CourseListPage from './CourseListPage';

describe('course list', () => {
  it('shows the courses the server sends and searches by name', async () => {
    session.set({ operateAuth: ['kcgl', 'kcgl:modify', 'kcgl:delete'] });
    const api = fakeApi().rows(courseRoutes.list, [
      { name: 'Fire safety', abilities: { modify: true, delete: true } },
      { name: 'Crane signals', abilities: { modify: true, delete: false } },
    ]);
    renderAt('/list', () => <CourseListPage />);
    await expectRows('course-row-name', ['Fire safety', 'Crane signals']);
    await searchBy('course-filter-keyword', 'fire', () => api.last(courseRoutes.list), { keyword: 'fire' });
  });
});
