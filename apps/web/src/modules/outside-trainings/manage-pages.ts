import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-train-out', load: () => import('./manage/OutsideTrainingListPage') },
  { path: 'train-out-detail', load: () => import('./manage/OutsideTrainingDetailPage'), codes: ['wxpx'], titleKey: 'page.train-out-detail' },
]);
