// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { approvalRoutes } from '@hanlin/shared';
import { session } from '../../../platform/session';
import { formErrors, renderAt } from '../../../platform/kernel/testing/render';
import { fakeApi } from '../../../platform/kernel/testing/fake-api';
import MyApprovalsPage from './MyApprovalsPage';

const none = { approve: false, refuse: false, withdraw: false, resubmit: false };

describe('my approvals (student center)', () => {
  it('shows what waits on me with the buttons the row allows; a refusal is sent only with its reason', async () => {
    session.set({ operateAuth: [] });
    const api = fakeApi().rows(approvalRoutes.todo, [
      {
        id: 3,
        title: 'Plan 2027',
        state: 'pending',
        businessType: 'annualPlan',
        myTaskId: 11,
        waitingOn: [],
        stalled: null,
        abilities: { ...none, approve: true, refuse: true },
      },
      { id: 4, title: 'Outside course', state: 'pending', businessType: 'outsideTraining', waitingOn: [], stalled: 'frozenApprover', abilities: none },
    ]);
    renderAt('/list', () => <MyApprovalsPage />);
    await waitFor(() => expect(screen.getAllByTestId('approval-row-title').map((e) => e.textContent)).toEqual(['Plan 2027', 'Outside course']));
    expect(screen.getAllByTestId('approval-approve')).toHaveLength(1);
    expect(screen.getAllByTestId('approval-refuse')).toHaveLength(1);
    expect(screen.queryAllByTestId('approval-withdraw')).toHaveLength(0);
    expect(screen.getAllByTestId('approval-row-stalled')).toHaveLength(1);
    expect(screen.getByText('年度计划', { exact: false })).toBeTruthy();

    fireEvent.click(screen.getByTestId('approval-refuse'));
    fireEvent.click(await screen.findByTestId('approval-decide-ok'));
    await waitFor(() => expect(formErrors().length).toBeGreaterThan(0));
    expect(api.sent(approvalRoutes.decide)).toEqual([]);
    fireEvent.change(screen.getByTestId('approval-decide-comment'), { target: { value: 'Budget too high' } });
    fireEvent.click(screen.getByTestId('approval-decide-ok'));
    await waitFor(() => expect(api.last(approvalRoutes.decide)).toEqual({ id: 3, decision: 'refuse', comment: 'Budget too high', taskId: 11 }));
  });

  it('my submitted approvals: withdraw where the row allows it', async () => {
    session.set({ operateAuth: [] });
    const api = fakeApi().rows(approvalRoutes.submitted, [{ id: 8, title: 'Mine', state: 'pending', waitingOn: [], stalled: null, abilities: { ...none, withdraw: true } }]);
    renderAt('/list', () => <MyApprovalsPage />);
    fireEvent.click(await screen.findByTestId('approvals-tab-submitted'));
    fireEvent.click(await screen.findByTestId('approval-withdraw'));
    fireEvent.click(await screen.findByTestId('approval-withdraw-ok'));
    await waitFor(() => expect(api.last(approvalRoutes.withdraw)).toEqual({ id: 8 }));
  });
});
