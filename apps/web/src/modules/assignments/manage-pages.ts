import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-learn-assign', load: () => import('./manage/AssignmentListPage') },
  { path: 'add-learn-assign', load: () => import('./manage/AssignmentEditPage'), codes: ['xxzp'], titleKey: 'page.add-learn-assign' },
  { path: 'view-learn-assign', load: () => import('./manage/AssignmentProgressPage'), codes: ['xxzp'], titleKey: 'page.view-learn-assign' },
]);
