import { definePages } from '../../platform/pages';

export default definePages([{ path: 'manage-exercise', load: () => import('./manage/ExerciseListPage'), codes: ['ksgl'], titleKey: 'page.manage-exercise' }]);
