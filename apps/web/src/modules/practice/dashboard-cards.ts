import { defineDashboardCards } from '../../platform/dashboard';

export default defineDashboardCards([{ key: 'publishedExercises', titleKey: 'dashboard.publishedExercises', path: 'manage-exercise' }]);
