import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-learning-group', load: () => import('./manage/LearningGroupListPage') },
  { path: 'add-legroup', load: () => import('./manage/LearningGroupEditPage'), codes: ['xxqz'], titleKey: 'page.add-legroup' },
]);
