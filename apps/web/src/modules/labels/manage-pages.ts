import { definePages } from '../../platform/pages';

export default definePages([{ path: 'manage-label', load: () => import('./manage/LabelsPage') }]);
