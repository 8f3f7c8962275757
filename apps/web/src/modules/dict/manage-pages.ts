import { definePages } from '../../platform/pages';

export default definePages([{ path: 'manage-dict', load: () => import('./manage/DictListPage') }]);
