// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ERRORS, approvalFlowRoutes } from '@hanlin/shared';
import { session } from '../../platform/session';
import { formErrors, renderAt } from '../../platform/kernel/testing/render';
import { fakeApi, sample } from '../../platform/kernel/testing/fake-api';
import ApprovalFlowListPage from './manage/ApprovalFlowListPage';
import ApprovalFlowEditPage from './manage/ApprovalFlowEditPage';

/** The box of an Ant Design checkbox carrying a test id (on the input or its wrapper). */
const box = (testId: string) => {
  const el = screen.getByTestId(testId);
  return (el instanceof HTMLInputElement ? el : el.querySelector('input')) as HTMLInputElement;
};
const flow = {
  id: 4,
  businessType: 'annualPlan',
  name: 'Annual plans',
  version: 2,
  steps: [
    {
      name: 'Heads',
      mode: 'countersign' as const,
      approvers: [
        { kind: 'user' as const, userId: 7, label: 'Alice' },
        { kind: 'leader' as const, label: null },
      ],
      ccUserIds: [9],
      cc: [{ userId: 9, realname: 'Carol' }],
    },
  ],
};

describe('approval flows (management)', () => {
  it('lists the flows the server sends, their business type in the reader’s language, delete only where allowed', async () => {
    session.set({ operateAuth: ['splgl', 'splgl:modify', 'splgl:delete'] });
    fakeApi().rows(approvalFlowRoutes.list, [
      { name: 'Annual plans', businessType: 'annualPlan', abilities: { modify: true, delete: false } },
      { name: 'Outside', businessType: 'outsideTraining', abilities: { modify: true, delete: true } },
    ]);
    renderAt('/list', () => <ApprovalFlowListPage />);
    await waitFor(() => expect(screen.getAllByTestId('approval-flow-row-name').map((e) => e.textContent)).toEqual(['Annual plans', 'Outside']));
    expect(screen.getByText('年度计划')).toBeTruthy();
    expect(screen.getAllByTestId('crud-row-edit')).toHaveLength(2);
    expect(screen.getAllByTestId('crud-row-delete')).toHaveLength(1);
  });

  it('edits a flow: the saved approvers and CC persons show by name, a new step is sent as the next version', async () => {
    session.set({ operateAuth: ['splgl', 'splgl:modify'] });
    const api = fakeApi().on(approvalFlowRoutes.get, sample(approvalFlowRoutes.get.response, flow)).on(approvalFlowRoutes.update, null);
    renderAt('/list?id=4', () => <ApprovalFlowEditPage />);
    const name = (await screen.findByTestId('approval-flow-name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Annual plans'));
    expect(screen.getByText('Alice')).toBeTruthy();
    expect(screen.getByText('Carol')).toBeTruthy();
    expect(box('approval-step-0-approvers-leader').checked).toBe(true);

    fireEvent.change(name, { target: { value: 'Annual plans 2027' } });
    fireEvent.click(screen.getByTestId('approval-step-add'));
    await screen.findByTestId('approval-step-1');
    fireEvent.click(box('approval-step-1-approvers-orgLeader'));
    fireEvent.click(screen.getByTestId('approval-flow-submit'));
    await waitFor(() =>
      expect(api.last(approvalFlowRoutes.update)).toEqual({
        id: 4,
        name: 'Annual plans 2027',
        steps: [
          { name: 'Heads', mode: 'countersign', approvers: [{ kind: 'user', userId: 7 }, { kind: 'leader' }], ccUserIds: [9] },
          { name: '', mode: 'orSign', approvers: [{ kind: 'orgLeader' }], ccUserIds: [] },
        ],
      }),
    );
  });

  it('a step without approvers is not sent; a business type that has a flow shows the refusal on its field', async () => {
    session.set({ operateAuth: ['splgl', 'splgl:add'] });
    const api = fakeApi()
      .on(approvalFlowRoutes.types, [{ businessType: 'trainingPlan', defined: false }])
      .fail(approvalFlowRoutes.insert, 'DUPLICATE_DATA', 'businessType');
    renderAt('/list', () => <ApprovalFlowEditPage />);
    fireEvent.change(await screen.findByTestId('approval-flow-name'), { target: { value: 'Plans' } });
    const type = screen.getByTestId('approval-flow-type');
    fireEvent.mouseDown(type.querySelector('.ant-select-selector') ?? type);
    fireEvent.click(await screen.findByText('培训计划'));
    fireEvent.click(screen.getByTestId('approval-flow-submit'));
    await waitFor(() => expect(formErrors().length).toBeGreaterThan(0));
    expect(api.sent(approvalFlowRoutes.insert)).toEqual([]);

    fireEvent.click(box('approval-step-0-approvers-leader'));
    fireEvent.click(screen.getByTestId('approval-flow-submit'));
    await waitFor(() => expect(api.sent(approvalFlowRoutes.insert)).toHaveLength(1));
    expect(api.last(approvalFlowRoutes.insert)).toMatchObject({ businessType: 'trainingPlan', name: 'Plans', steps: [{ mode: 'orSign', approvers: [{ kind: 'leader' }] }] });
    await waitFor(() => expect(formErrors()).toContain(ERRORS.DUPLICATE_DATA.text['zh-CN']));
  });
});
