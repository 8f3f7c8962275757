import { Tag } from 'antd';
import type { ApprovalFlowRow } from '@hanlin/shared';
import { timeColumn, CrudPage, type ColumnSpec } from '../../../platform/kernel';
import { deleteApprovalFlows, findApprovalFlows } from '../api';
import { BusinessType } from '../components/BusinessType';

const columns: ColumnSpec<ApprovalFlowRow>[] = [
  { key: 'businessType', titleKey: 'approvals.businessType', render: (r) => <BusinessType type={r.businessType} /> },
  { key: 'name', titleKey: 'approvals.flowName', render: (r) => <span data-testid="approval-flow-row-name">{r.name}</span> },
  { key: 'version', titleKey: 'approvals.version', render: (r) => <Tag color="blue">v{r.version}</Tag> },
  { key: 'stepCount', titleKey: 'approvals.stepCount' },
  { key: 'running', titleKey: 'approvals.running' },
  { key: 'updaterName', titleKey: 'approvals.updater' },
  timeColumn('updatedAt', 'approvals.updatedAt'),
];

/** Approval flows (`manage-approval-flow`, code splgl): one per business type; add and edit on `manage-approval-flow-edit`. */
export default function ApprovalFlowListPage() {
  return (
    <CrudPage<ApprovalFlowRow>
      testId="approval-flows-page"
      titleKey="perm.splgl"
      queryKey="approval-flow"
      fetch={(p) => findApprovalFlows(p)}
      columns={columns}
      menu="splgl"
      batch={{ delete: deleteApprovalFlows }}
      form={{ addPath: '/dashboard/manage-approval-flow-edit', editPath: (r) => `/dashboard/manage-approval-flow-edit?id=${r.id}` }}
    />
  );
}
