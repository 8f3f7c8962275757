import { defineDashboardCards } from '../../platform/dashboard';

export default defineDashboardCards([{ key: 'organizations', titleKey: 'dashboard.organizations', path: 'manage-affiliation' }]);
