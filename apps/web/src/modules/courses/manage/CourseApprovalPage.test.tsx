// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { courseRoutes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi } from '../../../platform/kernel/testing/fake-api';
import { expectRows } from '../../../platform/kernel/testing/list';
import CourseApprovalPage from './CourseApprovalPage';

describe('course approval', () => {
  it('lists the pending courses, refuses only where the row allows it and only with a reason', async () => {
    session.set({ operateAuth: ['kcsp', 'kcsp:approve'] });
    const api = fakeApi().rows(courseRoutes.approvalList, [
      { id: 3, name: 'Forklift safety', abilities: { approve: true, refuse: true } },
      { id: 4, name: 'First aid', abilities: { approve: false, refuse: false } },
    ]);
    renderAt('/list', () => <CourseApprovalPage />);
    await expectRows('approval-row-name', ['Forklift safety', 'First aid']);
    expect(api.last(courseRoutes.approvalList)).toMatchObject({ approval: 'pending', page: 1 });
    expect(screen.getAllByTestId('course-refuse')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('course-refuse'));
    const reason = await screen.findByTestId('course-refuse-reason');
    const ok = () => document.querySelector<HTMLButtonElement>('.ant-modal-footer .ant-btn-primary')!;
    await waitFor(() => expect(ok().disabled).toBe(true));
    fireEvent.change(reason, { target: { value: '  Chapter 2 is empty  ' } });
    await waitFor(() => expect(ok().disabled).toBe(false));
    fireEvent.click(ok());
    await waitFor(() => expect(api.last(courseRoutes.refuse)).toEqual({ ids: [3], reason: 'Chapter 2 is empty' }));
  });
});
