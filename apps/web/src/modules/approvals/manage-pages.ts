import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-approval-flow', load: () => import('./manage/ApprovalFlowListPage') },
  { path: 'manage-approval-flow-edit', load: () => import('./manage/ApprovalFlowEditPage'), codes: ['splgl'], titleKey: 'page.manage-approval-flow-edit' },
]);
