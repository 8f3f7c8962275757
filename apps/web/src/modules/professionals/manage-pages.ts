import { definePages } from '../../platform/pages';

export default definePages([{ path: 'manage-professional', load: () => import('./manage/ProfessionalTreePage') }]);
