import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-train-place', load: () => import('./manage/TrainPlaceListPage') },
  { path: 'train-place-detail', load: () => import('./manage/TrainPlaceEditPage'), codes: ['pxcdgl'], titleKey: 'page.train-place-detail' },
]);
