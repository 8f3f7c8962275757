import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-QA', load: () => import('./manage/QaListPage') },
  { path: 'manage-QA-replies', load: () => import('./manage/QaReplyPage'), codes: ['wdgl'], titleKey: 'page.manage-QA-replies' },
  { path: 'add-QA', load: () => import('./manage/QaEditPage'), codes: ['wdgl'], titleKey: 'page.add-QA' },
]);
