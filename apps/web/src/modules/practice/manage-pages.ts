import { definePages } from '../../platform/pages';

export default definePages([{ path: 'manage-exercise', load: () => import('./manage/ExerciseListPage'), codes: ['lxgl'], titleKey: 'page.manage-exercise' }]);
