import { definePages } from '../../platform/pages';

export default definePages([{ path: 'manage-affiliation', load: () => import('./manage/OrgPage') }]);
