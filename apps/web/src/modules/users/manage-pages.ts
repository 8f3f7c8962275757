import { definePages } from '../../platform/pages';

export default definePages([{ path: 'manage-user', load: () => import('./manage/UserListPage') }]);
