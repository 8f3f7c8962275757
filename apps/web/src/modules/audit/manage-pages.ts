import { definePages } from '../../platform/pages';

export default definePages([
  { path: 'manage-loginlog-report', load: () => import('./manage/LoginLogPage') },
  {
    path: 'manage-operationlog-report',
    load: () => import('./manage/OperationLogPage'),
    codes: ['rzgl'],
    titleKey: 'page.manage-operationlog-report',
  },
]);
