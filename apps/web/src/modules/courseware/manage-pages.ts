import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-courseware', load: () => import('./manage/CoursewareListPage') },
  { path: 'add-courseware', load: () => import('./manage/CoursewareEditPage'), codes: ['kjgl:add', 'kjgl:modify'], titleKey: 'page.add-courseware' },
]);
