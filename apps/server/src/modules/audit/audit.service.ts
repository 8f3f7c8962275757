import {
  AUDIT_EXPORT_MAX_ROWS,
  type LoginLogExport,
  type LoginLogQuery,
  type LoginLogRow,
  type OperationLogExport,
  type OperationLogQuery,
  type OperationLogRow,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import type { ListRuntime } from '../../platform/list.js';
import { buildXlsx, type XlsxColumn } from '../../platform/xlsx.js';
import * as repo from './audit-report.repository.js';

const LOGIN_COLUMNS: XlsxColumn<LoginLogRow>[] = [
  { header: 'ID', width: 10, value: (r) => r.id },
  { header: '用户名', value: (r) => r.username },
  { header: 'IP', value: (r) => r.ip },
  { header: '结果', width: 28, value: (r) => r.result },
  { header: '客户端', width: 40, value: (r) => r.userAgent },
  { header: '登录时间', width: 26, value: (r) => r.createdAt },
];
const OPERATION_COLUMNS: XlsxColumn<OperationLogRow>[] = [
  { header: 'ID', width: 10, value: (r) => r.id },
  { header: '用户名', value: (r) => r.username },
  { header: '操作', width: 28, value: (r) => r.operation },
  { header: '方法', width: 8, value: (r) => r.method },
  { header: '路径', width: 40, value: (r) => r.path },
  { header: 'HTTP状态', width: 10, value: (r) => r.status },
  { header: '结果码', width: 10, value: (r) => r.resultCode },
  { header: 'IP', value: (r) => r.ip },
  { header: '操作时间', width: 26, value: (r) => r.createdAt },
];

function checkRange(f: { from?: string; to?: string }) {
  if (f.from && f.to && new Date(f.from).getTime() > new Date(f.to).getTime()) throw new AppError('PARAMETER_INVALID', { field: 'to' });
}

/** Login-log and operation-log reports (`rzgl`). */
export function createAuditService({ db, lists }: { db: Db; lists: ListRuntime }) {
  return {
    loginLogs(q: LoginLogQuery) {
      checkRange(q);
      return repo.findLoginLogs(lists, q);
    },
    operationLogs(q: OperationLogQuery) {
      checkRange(q);
      return repo.findOperationLogs(lists, q);
    },
    async exportLoginLogs(f: LoginLogExport) {
      checkRange(f);
      return buildXlsx('登录日志', LOGIN_COLUMNS, await repo.findLoginLogsForExport(db, f, AUDIT_EXPORT_MAX_ROWS));
    },
    async exportOperationLogs(f: OperationLogExport) {
      checkRange(f);
      return buildXlsx('操作日志', OPERATION_COLUMNS, await repo.findOperationLogsForExport(db, f, AUDIT_EXPORT_MAX_ROWS));
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
