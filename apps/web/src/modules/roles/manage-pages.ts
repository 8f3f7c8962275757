import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-role', load: () => import('./manage/RoleListPage') },
  { path: 'add-role', load: () => import('./manage/RoleEditPage'), codes: ['rzjs'], titleKey: 'page.add-role' },
]);
