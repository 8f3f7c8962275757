import { defineDashboardCards } from '../../platform/dashboard';

export default defineDashboardCards([{ key: 'examineesTaking', titleKey: 'dashboard.examineesTaking', path: 'monitoring-manage' }]);
