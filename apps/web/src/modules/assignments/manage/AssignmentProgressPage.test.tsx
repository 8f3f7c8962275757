// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { AssigneeRowSchema, AssignmentCourseRowSchema, assignmentRoutes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../../platform/kernel/testing/fake-api';
import { expectRows, searchBy } from '../../../platform/kernel/testing/list';
import AssignmentProgressPage from './AssignmentProgressPage';

describe('assignment progress', () => {
  it('shows the assignment of the address, one row per assignee with the overdue ones marked, a column per course, and searches by name', async () => {
    session.set({ operateAuth: ['xxzp'] });
    const answer = sample(assignmentRoutes.progress.response, {
      title: 'Winter safety',
      courses: [sample(AssignmentCourseRowSchema, { courseId: 3, name: 'Forklift safety', required: true })],
      summary: { assignees: 2, done: 1, overdue: 1 },
      records: [
        sample(AssigneeRowSchema, { userId: 1, realname: 'Li Lei', done: true, overdue: false, courses: [] }),
        sample(AssigneeRowSchema, { userId: 2, realname: 'Han Mei', done: false, overdue: true, courses: [] }),
      ],
      total: 2,
    });
    const api = fakeApi().on(assignmentRoutes.progress, answer);
    renderAt('/list?id=12', () => <AssignmentProgressPage />);
    expect((await screen.findByTestId('assignment-progress-title')).textContent).toBe('Winter safety');
    await expectRows('assignee-name', ['Li Lei', 'Han Mei']);
    expect(screen.getAllByTestId('assignee-overdue')).toHaveLength(1);
    expect(screen.getByText('Han Mei').closest('tr')!.querySelector('[data-testid="assignee-overdue"]')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('Forklift safety').length).toBeGreaterThanOrEqual(2));
    expect(api.last(assignmentRoutes.progress)).toMatchObject({ id: 12, page: 1 });
    await searchBy('assignee-filter-keyword', 'han', () => api.last(assignmentRoutes.progress), { id: 12, keyword: 'han' });
  });
});
