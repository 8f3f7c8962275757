import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-user', load: () => import('./manage/UserListPage') },
  { path: 'add-user', load: () => import('./manage/UserEditPage'), codes: ['yhgl'], titleKey: 'page.add-user' },
  { path: 'manage-student', load: () => import('./manage/StudentListPage') },
  { path: 'add-student', load: () => import('./manage/StudentEditPage'), codes: ['xsgl'], titleKey: 'page.add-student' },
]);
