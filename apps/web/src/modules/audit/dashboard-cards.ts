import { defineDashboardCards } from '../../platform/dashboard';

export default defineDashboardCards([{ key: 'recentLogins', titleKey: 'dashboard.recentLogins', path: 'manage-loginlog-report' }]);
