import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-train-course', load: () => import('./manage/TrainCourseListPage') },
  { path: 'add-train-course', load: () => import('./manage/TrainCourseEditPage'), codes: ['pxkcgl'], titleKey: 'page.add-train-course' },
]);
