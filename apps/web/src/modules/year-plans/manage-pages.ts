import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-train-year-plan', load: () => import('./manage/YearPlanListPage') },
  { path: 'add-train-year-plan', load: () => import('./manage/YearPlanEditPage'), codes: ['ndjh'], titleKey: 'page.add-train-year-plan' },
  { path: 'year-plan-approval', load: () => import('./manage/YearPlanApprovalPage'), codes: ['ndjh:approve'], titleKey: 'page.year-plan-approval' },
]);
