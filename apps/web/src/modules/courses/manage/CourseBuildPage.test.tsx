// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CourseDetailSchema, courseRoutes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import CourseBuildPage from './CourseBuildPage';

describe('course builder', () => {
  it('publishing from the builder shows the course list and closes the builder tab (no stray tab of a finished page)', async () => {
    session.set({
      operateAuth: ['kcgl', 'kcgl:add', 'kcgl:modify', 'kcgl:publish'],
      history: [
        { path: '/dashboard/manage-course', titleKey: 'perm.kcgl' },
        { path: '/dashboard/add-buildCourse?id=4', titleKey: 'page.add-buildCourse' },
      ],
    });
    const api = fakeApi().on(
      courseRoutes.get,
      sample(CourseDetailSchema, {
        id: 4,
        name: 'Crane safety',
        abilities: { modify: true, publish: true },
        chapters: [{ id: 1, name: 'Basics', items: [{ id: 1, coursewareId: 9, name: 'Signals.mp4', type: 'video', scormPackageId: null, fileId: 'f' }] }],
      }),
    );
    const { router } = renderAt('/dashboard/add-buildCourse?id=4', () => <CourseBuildPage />, { path: '/dashboard/add-buildCourse' });
    fireEvent.click(await screen.findByTestId('course-publish'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manage-course'));
    expect(api.last(courseRoutes.publish)).toEqual({ ids: [4] });
    expect(session.get().history.map((h) => h.path)).toEqual(['/dashboard/manage-course']);
  });
});
