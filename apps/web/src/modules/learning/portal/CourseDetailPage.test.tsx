// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LearningItemSchema, learningRoutes, type StudentCourseDetail } from '@hanlin/shared';
import i18next from 'i18next';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import CourseDetailPage from './CourseDetailPage';

const item = (id: number, name: string, completed: boolean) => sample(LearningItemSchema, { id, name, completed });
const course = (over: Partial<StudentCourseDetail>) =>
  sample(learningRoutes.courseGet.response, {
    id: 8,
    name: 'Forklift safety',
    lecturers: [{ id: 1, name: 'Ms. Lin' }],
    chapters: [{ id: 1, name: 'Basics', items: [item(11, 'Controls', true), item(12, 'Loads', false)] }],
    ...over,
  });
const path = { path: '/portal/courses/:id' };

describe('portal course detail', () => {
  it('shows the course and its catalog; a course not started yet offers start, which goes to the first item', async () => {
    const api = fakeApi().on(learningRoutes.courseGet, course({ learner: null, abilities: { start: true, learn: false } }));
    const { router } = renderAt('/portal/courses/8', () => <CourseDetailPage />, path);
    expect((await screen.findByTestId('course-title')).textContent).toBe('Forklift safety');
    expect(screen.getAllByTestId('catalog-item').map((e) => e.textContent)).toEqual([expect.stringContaining('Controls'), expect.stringContaining('Loads')]);
    expect(screen.getByText('Ms. Lin')).toBeTruthy();
    expect(screen.queryByTestId('course-continue')).toBeNull();
    expect(screen.getByTestId('course-catalog').querySelector('a')).toBeNull();
    expect(api.last(learningRoutes.courseGet)).toEqual({ id: 8 });
    api.on(learningRoutes.courseGet, course({ abilities: { start: false, learn: true } }));
    fireEvent.click(screen.getByTestId('course-start'));
    await waitFor(() => expect(api.last(learningRoutes.start)).toEqual({ id: 8 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/courses/8/learn/12'));
  });

  it('a course I learn offers continue at the first item not completed and links the catalog', async () => {
    fakeApi().on(learningRoutes.courseGet, course({ abilities: { start: false, learn: true } }));
    const { router } = renderAt('/portal/courses/8', () => <CourseDetailPage />, path);
    const go = await screen.findByTestId('course-continue');
    expect(screen.queryByTestId('course-start')).toBeNull();
    expect([...screen.getByTestId('course-catalog').querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/portal/courses/8/learn/11',
      '/portal/courses/8/learn/12',
    ]);
    fireEvent.click(go);
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/courses/8/learn/12'));
  });

  it('says the course has expired when the server refuses it so', async () => {
    fakeApi().fail(learningRoutes.courseGet, 'COURSE_EXPIRED');
    renderAt('/portal/courses/8', () => <CourseDetailPage />, path);
    expect((await screen.findByTestId('course-unavailable')).textContent).toContain(i18next.t('learning.expired'));
  });
});
