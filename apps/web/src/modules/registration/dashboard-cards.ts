import { defineDashboardCards } from '../../platform/dashboard';

export default defineDashboardCards([{ key: 'pendingRegistrations', titleKey: 'dashboard.pendingRegistrations', path: 'registered-user' }]);
