// @vitest-environment happy-dom
import { describe, it } from 'vitest';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi } from '../../platform/kernel/testing/fake-api';
import { expectRows, searchBy } from '../../platform/kernel/testing/list';
import { learningGroupRoutes } from '@hanlin/shared';
import LearningGroupListPage from './manage/LearningGroupListPage';

describe('learning groups', () => {
  it('the list shows the groups the server sends and searches by name', async () => {
    session.set({ operateAuth: ['xxqz', 'xxqz:modify'] });
    const api = fakeApi().rows(learningGroupRoutes.list, [{ name: 'Night shift' }, { name: 'New hires' }]);
    renderAt('/list', () => <LearningGroupListPage />);
    await expectRows('learning-group-row-name', ['Night shift', 'New hires']);
    await searchBy('learning-group-filter-keyword', 'night', () => api.last(learningGroupRoutes.list), { keyword: 'night' });
  });
});
