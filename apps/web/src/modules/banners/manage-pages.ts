import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-banner', load: () => import('./manage/BannerListPage') },
  { path: 'add-banner', load: () => import('./manage/BannerEditPage'), codes: ['tggl'], titleKey: 'page.add-banner' },
]);
