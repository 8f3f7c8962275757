import { defineDashboardCards } from '../../platform/dashboard';

export default defineDashboardCards([
  { key: 'employees', titleKey: 'dashboard.employees', path: 'manage-user' },
  { key: 'students', titleKey: 'dashboard.students', path: 'manage-student' },
  { key: 'onlineUsers', titleKey: 'dashboard.onlineUsers' },
]);
