import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-boardroom', load: () => import('./manage/BoardroomListPage') },
  { path: 'add-boardroom', load: () => import('./manage/BoardroomEditPage'), codes: ['ssgl'], titleKey: 'page.add-boardroom' },
]);
