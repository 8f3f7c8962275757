import { asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import { AUDIT_LOG_SORT_KEYS, parseSort, type LoginLogExport, type LoginLogRow, type OperationLogExport, type OperationLogRow } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { loginLogs, operationLogs } from './audit.schema.js';
import { escapeLike } from '../../platform/db/pg-errors.js';
import { defineList, type FilterSpec, type ListRuntime } from '../../platform/list.js';
import type { SelectedFields } from 'drizzle-orm/pg-core';

/** Totals stop counting here: the logs grow without bound and a page never needs more. */
export const LOG_COUNT_CAP = 100_000;

const loginColumns = {
  id: loginLogs.id,
  userId: loginLogs.userId,
  username: loginLogs.username,
  ip: loginLogs.ip,
  userAgent: loginLogs.userAgent,
  result: loginLogs.result,
  createdAt: loginLogs.createdAt,
};
const operationColumns = {
  id: operationLogs.id,
  userId: operationLogs.userId,
  username: operationLogs.username,
  operation: operationLogs.operation,
  method: operationLogs.method,
  path: operationLogs.path,
  status: operationLogs.status,
  resultCode: operationLogs.resultCode,
  ip: operationLogs.ip,
  createdAt: operationLogs.createdAt,
};
const iso = <T extends { createdAt: Date }>(r: T) => ({ ...r, createdAt: r.createdAt.toISOString() });

/** The kernel's sort from the report's (unknown keys fall back to the newest first, as before). */
const auditSort = (sort: string | undefined) => {
  const { key, desc: isDesc } = parseSort(sort, AUDIT_LOG_SORT_KEYS, 'createdAt');
  return `${isDesc ? '-' : ''}${key}`;
};
// Matches the `lower(username) text_pattern_ops` indexes.
const prefixParam = (v: string) => `${escapeLike(v.toLowerCase())}%`;
const dateParam = (v: string) => new Date(v);

/**
 * A log list. Logs are written on every request: their totals are counted up to LOG_COUNT_CAP on
 * each run. Filtered by a user-name prefix, the log's own `filters` and a time range; newest first.
 */
function defineLogList<F extends string, C extends SelectedFields>(name: string, table: typeof loginLogs | typeof operationLogs, filters: Record<F, FilterSpec>, columns: C) {
  return defineList({
    name,
    table,
    tables: [],
    count: { cap: LOG_COUNT_CAP },
    filters: {
      username: { where: (v) => sql`lower(${table.username}) like ${v}`, param: prefixParam },
      ...filters,
      from: { where: (v) => gte(table.createdAt, v), param: dateParam },
      to: { where: (v) => lte(table.createdAt, v), param: dateParam },
    },
    sort: { createdAt: table.createdAt },
    defaultSort: { key: 'createdAt', desc: true },
    columns,
  });
}

export const loginLogList = defineLogList(
  'login_log_list',
  loginLogs,
  {
    result: (v) => eq(loginLogs.result, v),
    // Unnamed statements are planned with their values: the branch not taken folds away.
    outcome: (v) => sql`((${v} = 'success' and ${loginLogs.result} = 'OK') or (${v} = 'failure' and ${loginLogs.result} <> 'OK'))`,
  },
  loginColumns,
);

export const operationLogList = defineLogList(
  'operation_log_list',
  operationLogs,
  { operation: { where: (v) => sql`${operationLogs.operation} like ${v}`, param: (v) => `${escapeLike(String(v))}%` } },
  operationColumns,
);

export async function findLoginLogs(lists: ListRuntime, q: LoginLogExport & { page: number; size: number }) {
  const page = await loginLogList.run(lists, null, { ...q, sort: auditSort(q.sort) });
  return { ...page, records: page.records.map(iso) };
}

export async function findLoginLogsForExport(db: DbOrTx, f: LoginLogExport, limit: number): Promise<LoginLogRow[]> {
  const dir = parseSort(f.sort, AUDIT_LOG_SORT_KEYS, 'createdAt').desc ? desc : asc;
  const rows = await db.select(loginColumns).from(loginLogs).where(loginLogList.where(null, f)).orderBy(dir(loginLogs.createdAt), dir(loginLogs.id)).limit(limit);
  return rows.map(iso);
}

export async function findOperationLogs(lists: ListRuntime, q: OperationLogExport & { page: number; size: number }) {
  const page = await operationLogList.run(lists, null, { ...q, sort: auditSort(q.sort) });
  return { ...page, records: page.records.map(iso) };
}

export async function findOperationLogsForExport(db: DbOrTx, f: OperationLogExport, limit: number): Promise<OperationLogRow[]> {
  const dir = parseSort(f.sort, AUDIT_LOG_SORT_KEYS, 'createdAt').desc ? desc : asc;
  const rows = await db
    .select(operationColumns)
    .from(operationLogs)
    .where(operationLogList.where(null, f))
    .orderBy(dir(operationLogs.createdAt), dir(operationLogs.id))
    .limit(limit);
  return rows.map(iso);
}
