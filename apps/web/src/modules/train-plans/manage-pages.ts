import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-train-plan', load: () => import('./manage/TrainPlanListPage') },
  { path: 'manage-train-plan-edit', load: () => import('./manage/TrainPlanEditPage'), codes: ['pxjh'], titleKey: 'page.manage-train-plan-edit' },
  { path: 'train-plan-approval', load: () => import('./manage/TrainPlanApprovalPage'), codes: ['pxjh:approve'], titleKey: 'page.train-plan-approval' },
]);
