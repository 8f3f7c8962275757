import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-test', load: () => import('./manage/ExamListPage') },
  { path: 'add-test', load: () => import('./manage/ExamEditPage'), codes: ['ksgl:add', 'ksgl:modify'], titleKey: 'page.add-test' },
  { path: 'manage-test-detail', load: () => import('./manage/ExamDetailPage'), codes: ['ksgl'], titleKey: 'page.manage-test-detail' },
]);
