// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, approvalRoutes, yearPlanRoutes, type ApprovalRecord } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import YearPlanListPage from './manage/YearPlanListPage';
import YearPlanEditPage from './manage/YearPlanEditPage';
import YearPlanApprovalPage from './manage/YearPlanApprovalPage';

const line = {
  id: 11,
  month: 3,
  sessions: 2,
  trainingType: 'Safety',
  content: 'Fire drill',
  form: 'inside' as const,
  days: 1,
  siteFee: 150_050,
  teacherFee: 0,
  textbookFee: 0,
  travelFee: 0,
  total: 150_050,
  actual: 0,
};

describe('annual plans', () => {
  it('the list shows budgets in yuan and offers edit only where the row allows it', async () => {
    session.set({ operateAuth: ['ndjh', 'ndjh:modify', 'ndjh:delete'] });
    const api = fakeApi().rows(yearPlanRoutes.list, [
      { name: 'Plan 2030', totalBudget: 123_456, abilities: { modify: true, delete: true, submit: true } },
      { name: 'Plan 2029', totalBudget: 100 },
    ]);
    renderAt('/list', () => <YearPlanListPage />);
    await waitFor(() => expect(screen.getAllByTestId('year-plan-row-name').map((e) => e.textContent)).toEqual(['Plan 2030', 'Plan 2029']));
    expect(screen.getAllByTestId('year-plan-row-budget').map((e) => e.textContent)).toEqual(['1234.56', '1.00']);
    expect(screen.getAllByTestId('crud-row-edit')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('year-plan-filter-keyword'), { target: { value: '2030' } });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(api.last(yearPlanRoutes.list)).toMatchObject({ keyword: '2030', page: 1 }));
  });

  it('the edit form loads the plan, sends amounts in fen and shows the server refusing the year', async () => {
    const plan = sample(yearPlanRoutes.get.response, { id: 5, name: 'Plan 2030', year: 2030, type: 'annual', orgId: null, lines: [line] });
    const api = fakeApi().on(yearPlanRoutes.get, plan).fail(yearPlanRoutes.update, 'YEAR_PLAN_EXISTS', 'year');
    renderAt('/list?id=5', () => <YearPlanEditPage />);
    const site = (await screen.findByTestId('year-plan-line-siteFee-0')) as HTMLInputElement;
    await waitFor(() => expect(site.value).toBe('1500.50'));
    expect(screen.getByTestId('year-plan-total').textContent).toBe('1500.50');
    fireEvent.change(site, { target: { value: '12.34' } });
    fireEvent.blur(site);
    await waitFor(() => expect(screen.getByTestId('year-plan-line-total-0').textContent).toBe('12.34'));
    fireEvent.click(screen.getByTestId('year-plan-submit'));
    await waitFor(() => expect(api.last(yearPlanRoutes.update)).toMatchObject({ id: 5, year: 2030, lines: [{ id: 11, siteFee: 1234, sessions: 2 }] }));
    expect(await screen.findByText(ERRORS.YEAR_PLAN_EXISTS.text['zh-CN'])).toBeTruthy();
  });
});

const record = (over: Partial<ApprovalRecord> & Pick<ApprovalRecord, 'action'>): ApprovalRecord => ({
  id: 1,
  round: 1,
  stepIndex: null,
  userId: 1,
  realname: 'Ann',
  comment: '',
  at: '2030-01-02T03:04:05Z',
  ...over,
});

describe('annual plans: details, approval and exports', () => {
  it('the details drawer shows the lines and totals in yuan and the approval history of the plan', async () => {
    session.set({ operateAuth: ['ndjh'] });
    const detail = sample(yearPlanRoutes.get.response, {
      id: 5,
      name: 'Plan 2030',
      totalSessions: 5,
      totalBudget: 150_050 + 99_999,
      lines: [line, { ...line, id: 12, month: 7, sessions: 3, siteFee: 0, travelFee: 99_999, total: 99_999 }],
    });
    const api = fakeApi()
      .rows(yearPlanRoutes.list, [{ id: 5, name: 'Plan 2030' }])
      .on(yearPlanRoutes.get, detail)
      .on(approvalRoutes.history, {
        approval: null,
        tasks: [],
        records: [record({ id: 1, action: 'submit', realname: 'Dept admin' }), record({ id: 2, action: 'refuse', realname: 'Boss', comment: 'Budget too high' })],
      });
    renderAt('/list', () => <YearPlanListPage />);
    fireEvent.click(await screen.findByTestId('year-plan-detail'));
    await waitFor(() => expect(screen.getAllByTestId('year-plan-detail-line-total').map((e) => e.textContent)).toEqual(['1500.50', '999.99']));
    expect(screen.getByTestId('year-plan-detail-total').textContent).toBe('2500.49');
    expect(screen.getByTestId('year-plan-detail-budget').textContent).toBe('2500.49');
    const history = await screen.findAllByTestId('approval-history-line');
    expect(history.map((e) => e.textContent)).toEqual([expect.stringContaining('Dept admin'), expect.stringContaining('Budget too high')]);
    expect(api.last(approvalRoutes.history)).toEqual({ businessType: 'annualPlan', businessId: 5 });
  });

  it("exports a plan and the year overview in the reader's language", async () => {
    session.set({ operateAuth: ['ndjh'] });
    const api = fakeApi().rows(yearPlanRoutes.list, [{ id: 9, name: 'Plan 2031', year: 2031 }]);
    renderAt('/list', () => <YearPlanListPage />);
    fireEvent.click(await screen.findByTestId('year-plan-export'));
    await waitFor(() => expect(api.last(yearPlanRoutes.export)).toMatchObject({ id: 9, lang: 'zh-CN' }));
    fireEvent.change(screen.getByTestId('year-plan-filter-year'), { target: { value: '2031' } });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(api.last(yearPlanRoutes.list)).toMatchObject({ year: '2031' }));
    fireEvent.click(screen.getByTestId('year-plan-export-year'));
    fireEvent.click(await screen.findByTestId('year-plan-export-year-ok'));
    await waitFor(() => expect(api.last(yearPlanRoutes.exportYear)).toMatchObject({ year: 2031, lang: 'zh-CN' }));
  });

  it('the back-office to-do lists only annual plans and approves in place', async () => {
    session.set({ operateAuth: ['ndjh', 'ndjh:approve'] });
    const api = fakeApi().rows(approvalRoutes.todo, [
      {
        id: 3,
        title: 'Plan 2032',
        state: 'pending',
        businessType: 'annualPlan',
        businessId: 8,
        myTaskId: 21,
        waitingOn: [],
        stalled: null,
        abilities: { approve: true, refuse: true, withdraw: false, resubmit: false },
      },
    ]);
    renderAt('/list', () => <YearPlanApprovalPage />);
    expect(await screen.findByTestId('year-plan-approval-page')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('approval-row-title').map((e) => e.textContent)).toEqual(['Plan 2032']));
    expect(api.last(approvalRoutes.todo)).toMatchObject({ businessType: 'annualPlan', page: 1 });
    fireEvent.click(screen.getByTestId('approval-approve'));
    fireEvent.click(await screen.findByTestId('approval-decide-ok'));
    await waitFor(() => expect(api.last(approvalRoutes.decide)).toMatchObject({ id: 3, decision: 'approve', taskId: 21 }));
  });
});
