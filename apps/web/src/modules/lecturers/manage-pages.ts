import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-lecturer', load: () => import('./manage/LecturerListPage') },
  { path: 'add-lecturer', load: () => import('./manage/LecturerEditPage'), codes: ['jsgl'], titleKey: 'page.add-lecturer' },
  { path: 'view-lecturer', load: () => import('./manage/LecturerViewPage'), codes: ['jsgl'], titleKey: 'page.view-lecturer' },
]);
