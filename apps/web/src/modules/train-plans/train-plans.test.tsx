// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, approvalRoutes, trainPlanRoutes, yearPlanRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import TrainPlanListPage from './manage/TrainPlanListPage';
import TrainPlanEditPage from './manage/TrainPlanEditPage';
import TrainPlanApprovalPage from './manage/TrainPlanApprovalPage';

describe('unplanned plans', () => {
  it('the list shows budgets in yuan, offers edit only where the row allows it, filters and exports', async () => {
    session.set({ operateAuth: ['pxjh', 'pxjh:modify', 'pxjh:delete', 'pxjh:export'] });
    const api = fakeApi().rows(trainPlanRoutes.list, [
      { name: 'Fire drill', totalBudget: 123_456, abilities: { modify: true, delete: true, submit: true } },
      { name: 'First aid', totalBudget: 100 },
    ]);
    renderAt('/list', () => <TrainPlanListPage />);
    await waitFor(() => expect(screen.getAllByTestId('train-plan-row-name').map((e) => e.textContent)).toEqual(['Fire drill', 'First aid']));
    expect(screen.getAllByTestId('train-plan-row-budget').map((e) => e.textContent)).toEqual(['1234.56', '1.00']);
    expect(screen.getAllByTestId('crud-row-edit')).toHaveLength(1);
    fireEvent.change(screen.getByTestId('train-plan-filter-year'), { target: { value: '2031' } });
    fireEvent.click(screen.getByTestId('crud-search'));
    await waitFor(() => expect(api.last(trainPlanRoutes.list)).toMatchObject({ year: '2031', page: 1 }));
    fireEvent.click(screen.getByTestId('crud-batch-export'));
    await waitFor(() => expect(api.last(trainPlanRoutes.export)).toMatchObject({ year: '2031', lang: 'zh-CN' }));
  });

  it('without the export code there is no export button', async () => {
    session.set({ operateAuth: ['pxjh'] });
    fakeApi().rows(trainPlanRoutes.list, [{ name: 'Fire drill' }]);
    renderAt('/list', () => <TrainPlanListPage />);
    await screen.findByTestId('train-plan-row-name');
    expect(screen.queryByTestId('crud-batch-export')).toBeNull();
  });

  it('the details drawer shows the budget total in yuan and the approval history', async () => {
    session.set({ operateAuth: ['pxjh'] });
    const api = fakeApi()
      .rows(trainPlanRoutes.list, [{ id: 5, name: 'Fire drill', totalBudget: 250_049, siteFee: 250_049 }])
      .on(approvalRoutes.history, {
        approval: null,
        tasks: [],
        records: [{ id: 1, round: 1, stepIndex: null, userId: 1, realname: 'Dept admin', comment: '', action: 'submit', at: '2031-01-02T03:04:05Z' }],
      });
    renderAt('/list', () => <TrainPlanListPage />);
    fireEvent.click(await screen.findByTestId('train-plan-detail'));
    await waitFor(() => expect(screen.getByTestId('train-plan-detail-total').textContent).toBe('2500.49'));
    expect((await screen.findAllByTestId('approval-history-line')).map((e) => e.textContent)).toEqual([expect.stringContaining('Dept admin')]);
    expect(api.last(approvalRoutes.history)).toEqual({ businessType: 'trainingPlan', businessId: 5 });
  });

  it('the edit form loads the plan, sends amounts in fen and shows the server refusing the name', async () => {
    session.set({ operateAuth: ['pxjh', 'pxjh:modify'] });
    const plan = sample(trainPlanRoutes.get.response, {
      id: 5,
      name: 'Fire drill',
      orgId: null,
      reason: 'Regulation',
      startDate: '2031-05-04',
      endDate: '2031-05-05',
      trainingType: 'Safety',
      form: 'inside',
      days: 2,
      sessions: 3,
      trainees: 40,
      siteFee: 150_050,
      teacherFee: 0,
      textbookFee: 0,
      travelFee: 0,
      yearPlanId: null,
    });
    const api = fakeApi().on(trainPlanRoutes.get, plan).rows(yearPlanRoutes.list, []).fail(trainPlanRoutes.update, 'DUPLICATE_TRAINING_PLAN', 'name');
    renderAt('/list?id=5', () => <TrainPlanEditPage />);
    const site = (await screen.findByTestId('train-plan-siteFee')) as HTMLInputElement;
    await waitFor(() => expect(site.value).toBe('1500.50'));
    fireEvent.change(site, { target: { value: '12.34' } });
    fireEvent.blur(site);
    fireEvent.click(screen.getByTestId('train-plan-submit'));
    await waitFor(() =>
      expect(api.last(trainPlanRoutes.update)).toMatchObject({ id: 5, name: 'Fire drill', siteFee: 1234, sessions: 3, startDate: '2031-05-04', yearPlanId: null }),
    );
    expect(await screen.findByText(ERRORS.DUPLICATE_TRAINING_PLAN.text['zh-CN'])).toBeTruthy();
  });

  it('the edit form refuses an end date before the start date before sending', async () => {
    session.set({ operateAuth: ['pxjh', 'pxjh:add'] });
    const api = fakeApi().rows(yearPlanRoutes.list, []);
    renderAt('/list', () => <TrainPlanEditPage />);
    fireEvent.change(await screen.findByTestId('train-plan-name'), { target: { value: 'New one' } });
    fireEvent.change(screen.getByTestId('train-plan-reason'), { target: { value: 'Because' } });
    fireEvent.change(screen.getByTestId('train-plan-start'), { target: { value: '2031-05-04' } });
    fireEvent.change(screen.getByTestId('train-plan-end'), { target: { value: '2031-05-01' } });
    fireEvent.change(screen.getByTestId('train-plan-training-type'), { target: { value: 'Safety' } });
    fireEvent.click(screen.getByTestId('train-plan-submit'));
    expect(await screen.findByText('结束日期不能早于开始日期')).toBeTruthy();
    expect(api.last(trainPlanRoutes.insert)).toBeUndefined();
  });

  it('the back-office to-do lists only unplanned plans', async () => {
    session.set({ operateAuth: ['pxjh', 'pxjh:approve'] });
    const api = fakeApi().rows(approvalRoutes.todo, [
      {
        id: 3,
        title: 'Fire drill',
        state: 'pending',
        businessType: 'trainingPlan',
        businessId: 8,
        myTaskId: 21,
        waitingOn: [],
        stalled: null,
        abilities: { approve: true, refuse: true, withdraw: false, resubmit: false },
      },
    ]);
    renderAt('/list', () => <TrainPlanApprovalPage />);
    expect(await screen.findByTestId('train-plan-approval-page')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('approval-row-title').map((e) => e.textContent)).toEqual(['Fire drill']));
    expect(api.last(approvalRoutes.todo)).toMatchObject({ businessType: 'trainingPlan', page: 1 });
  });
});
