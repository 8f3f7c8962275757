// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AssignmentCourseRowSchema, assignmentRoutes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { formErrors, renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import AssignmentEditPage from './AssignmentEditPage';

const codes = ['xxzp', 'xxzp:add', 'xxzp:modify', 'xxzp:publish'];

describe('assignment form', () => {
  it('refuses an assignment without title, deadline or course and sends nothing', async () => {
    session.set({ operateAuth: codes });
    const api = fakeApi();
    renderAt('/list', () => <AssignmentEditPage />);
    fireEvent.click(await screen.findByTestId('assignment-submit'));
    await waitFor(() => expect(formErrors().length).toBeGreaterThanOrEqual(3));
    expect(api.sent(assignmentRoutes.insert)).toHaveLength(0);
  });

  it('saves the changed title with the courses as the server takes them, and publishes when asked to', async () => {
    session.set({ operateAuth: codes });
    const detail = sample(assignmentRoutes.get.response, {
      id: 12,
      title: 'Winter safety',
      deadline: '2031-01-31T16:00:00.000Z',
      courses: [
        sample(AssignmentCourseRowSchema, { courseId: 3, name: 'Forklift safety', required: true }),
        sample(AssignmentCourseRowSchema, { courseId: 4, name: 'First aid', required: false }),
      ],
      audience: [],
    });
    const api = fakeApi().on(assignmentRoutes.get, detail);
    const { router } = renderAt('/list?id=12', () => <AssignmentEditPage />);
    const title = (await screen.findByTestId('assignment-title')) as HTMLInputElement;
    await waitFor(() => expect(title.value).toBe('Winter safety'));
    expect(screen.getByTestId('assignment-courses-item-3').textContent).toContain('Forklift safety');
    fireEvent.change(title, { target: { value: 'Winter safety 2031' } });
    fireEvent.click(screen.getByTestId('assignment-submit-publish'));
    await waitFor(() =>
      expect(api.last(assignmentRoutes.update)).toMatchObject({
        id: 12,
        title: 'Winter safety 2031',
        courses: [
          { courseId: 3, required: true },
          { courseId: 4, required: false },
        ],
      }),
    );
    expect(api.last(assignmentRoutes.update)?.courses).toEqual([
      { courseId: 3, required: true },
      { courseId: 4, required: false },
    ]);
    await waitFor(() => expect(api.last(assignmentRoutes.publish)).toEqual({ ids: [12] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manage-learn-assign'));
  });
});
