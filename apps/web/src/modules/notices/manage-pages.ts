import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-notice', load: () => import('./manage/NoticeListPage') },
  { path: 'add-notice', load: () => import('./manage/NoticeEditPage'), codes: ['gggl'], titleKey: 'page.add-notice' },
]);
