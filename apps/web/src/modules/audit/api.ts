import type { LoginLogExport, LoginLogQuery, LoginLogRow, OperationLogExport, OperationLogQuery, OperationLogRow, Page } from '@hanlin/shared';
import { api, type DownloadResult } from '../../platform/api/client';

export type LoginLogParams = Partial<LoginLogQuery> & { page: number; size: number };
export type OperationLogParams = Partial<OperationLogQuery> & { page: number; size: number };

export const findLoginLogs = (q: LoginLogParams) => api<Page<LoginLogRow>>('report/login-log', q);
export const findOperationLogs = (q: OperationLogParams) => api<Page<OperationLogRow>>('report/operation-log', q);
export const exportLoginLogs = (q: LoginLogExport) => api<DownloadResult>('report/login-log/export', q, { download: true, timeout: 5 * 60_000 });
export const exportOperationLogs = (q: OperationLogExport) =>
  api<DownloadResult>('report/operation-log/export', q, { download: true, timeout: 5 * 60_000 });
