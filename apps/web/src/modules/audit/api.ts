import { auditRoutes as routes, type LoginLogExport, type LoginLogQuery, type OperationLogExport, type OperationLogQuery } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type LoginLogParams = Partial<LoginLogQuery> & { page: number; size: number };
export type OperationLogParams = Partial<OperationLogQuery> & { page: number; size: number };

export const findLoginLogs = (q: LoginLogParams) => call(routes.loginLogs, q);
export const findOperationLogs = (q: OperationLogParams) => call(routes.operationLogs, q);
export const exportLoginLogs = (q: LoginLogExport) => call(routes.exportLoginLogs, q, { timeout: 5 * 60_000 });
export const exportOperationLogs = (q: OperationLogExport) => call(routes.exportOperationLogs, q, { timeout: 5 * 60_000 });
