import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-job', load: () => import('./manage/PositionListPage') },
  { path: 'add-job', load: () => import('./manage/PositionEditPage'), codes: ['gwgl'], titleKey: 'page.add-job' },
]);
