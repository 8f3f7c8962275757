// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { learningRoutes } from '@hanlin/shared';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi } from '../../../platform/kernel/testing/fake-api';
import CourseListPage from './CourseListPage';

describe('portal course list', () => {
  it('shows the courses open to me, each linking to its page, filtered by the keyword of the address and by a label clicked', async () => {
    const api = fakeApi().rows(learningRoutes.courseList, [
      { id: 3, name: 'Forklift safety', required: true, labels: ['safety'] },
      { id: 4, name: 'First aid', required: false, labels: [] },
    ]);
    const { search } = renderAt('/list?keyword=safe', () => <CourseListPage />);
    await waitFor(() => expect(screen.getAllByTestId('course-card-link').map((e) => e.textContent)).toEqual(['Forklift safety', 'First aid']));
    expect(screen.getAllByTestId('course-card-link').map((e) => e.getAttribute('href'))).toEqual(['/portal/courses/3', '/portal/courses/4']);
    expect(api.last(learningRoutes.courseList)).toMatchObject({ keyword: 'safe', page: 1 });
    const [first, second] = screen.getAllByTestId('course-card').map((e) => e.textContent ?? '');
    expect(first).toContain(i18next.t('learning.required'));
    expect(second).toContain(i18next.t('learning.elective'));
    fireEvent.click(screen.getByText('safety'));
    await waitFor(() => expect(search().get('label')).toBe('safety'));
    await waitFor(() => expect(api.last(learningRoutes.courseList)).toMatchObject({ label: 'safety', keyword: 'safe' }));
  });

  it('says so when no course matches', async () => {
    fakeApi().rows(learningRoutes.courseList, []);
    renderAt('/list', () => <CourseListPage />);
    expect(await screen.findByText(i18next.t('learning.noCourses'))).toBeTruthy();
    expect(screen.queryByTestId('course-card')).toBeNull();
  });
});
