import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-appVersion-setting', load: () => import('./manage/AppVersionListPage') },
  { path: 'manage-add-appver', load: () => import('./manage/AppVersionEditPage'), codes: ['bbgl'], titleKey: 'page.manage-add-appver' },
]);
