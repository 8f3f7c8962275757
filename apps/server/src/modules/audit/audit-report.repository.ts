import { and, asc, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import { AUDIT_LOG_SORT_KEYS, parseSort, type LoginLogExport, type LoginLogRow, type OperationLogExport, type OperationLogRow } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { loginLogs, operationLogs } from './audit.schema.js';
import { escapeLike } from '../../platform/db/pg-errors.js';

/** Totals stop counting here: the logs grow without bound and a page never needs more. */
export const LOG_COUNT_CAP = 100_000;

// Matches the `lower(username) text_pattern_ops` indexes.
const usernamePrefix = (col: typeof loginLogs.username | typeof operationLogs.username, prefix: string) =>
  sql`lower(${col}) like ${`${escapeLike(prefix.toLowerCase())}%`}`;

function loginWhere(f: LoginLogExport): SQL | undefined {
  return and(
    f.username ? usernamePrefix(loginLogs.username, f.username) : undefined,
    f.result ? eq(loginLogs.result, f.result) : undefined,
    f.outcome === 'success' ? eq(loginLogs.result, 'OK') : f.outcome === 'failure' ? ne(loginLogs.result, 'OK') : undefined,
    f.from ? gte(loginLogs.createdAt, new Date(f.from)) : undefined,
    f.to ? lte(loginLogs.createdAt, new Date(f.to)) : undefined,
  );
}

function operationWhere(f: OperationLogExport): SQL | undefined {
  return and(
    f.username ? usernamePrefix(operationLogs.username, f.username) : undefined,
    f.operation ? sql`${operationLogs.operation} like ${`${escapeLike(f.operation)}%`}` : undefined,
    f.from ? gte(operationLogs.createdAt, new Date(f.from)) : undefined,
    f.to ? lte(operationLogs.createdAt, new Date(f.to)) : undefined,
  );
}

async function cappedCount(db: DbOrTx, table: typeof loginLogs | typeof operationLogs, where: SQL | undefined) {
  const inner = db.select({ one: sql`1` }).from(table).where(where).limit(LOG_COUNT_CAP).as('c');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return row?.n ?? 0;
}

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

export async function findLoginLogs(db: DbOrTx, q: LoginLogExport & { page: number; size: number }) {
  const where = loginWhere(q);
  const dir = parseSort(q.sort, AUDIT_LOG_SORT_KEYS, 'createdAt').desc ? desc : asc;
  const [rows, total] = await Promise.all([
    db.select(loginColumns).from(loginLogs).where(where).orderBy(dir(loginLogs.createdAt), dir(loginLogs.id)).limit(q.size).offset((q.page - 1) * q.size),
    cappedCount(db, loginLogs, where),
  ]);
  return { records: rows.map(iso) as LoginLogRow[], total, page: q.page, size: q.size };
}

export async function findLoginLogsForExport(db: DbOrTx, f: LoginLogExport, limit: number): Promise<LoginLogRow[]> {
  const dir = parseSort(f.sort, AUDIT_LOG_SORT_KEYS, 'createdAt').desc ? desc : asc;
  const rows = await db.select(loginColumns).from(loginLogs).where(loginWhere(f)).orderBy(dir(loginLogs.createdAt), dir(loginLogs.id)).limit(limit);
  return rows.map(iso);
}

export async function findOperationLogs(db: DbOrTx, q: OperationLogExport & { page: number; size: number }) {
  const where = operationWhere(q);
  const dir = parseSort(q.sort, AUDIT_LOG_SORT_KEYS, 'createdAt').desc ? desc : asc;
  const [rows, total] = await Promise.all([
    db
      .select(operationColumns)
      .from(operationLogs)
      .where(where)
      .orderBy(dir(operationLogs.createdAt), dir(operationLogs.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    cappedCount(db, operationLogs, where),
  ]);
  return { records: rows.map(iso) as OperationLogRow[], total, page: q.page, size: q.size };
}

export async function findOperationLogsForExport(db: DbOrTx, f: OperationLogExport, limit: number): Promise<OperationLogRow[]> {
  const dir = parseSort(f.sort, AUDIT_LOG_SORT_KEYS, 'createdAt').desc ? desc : asc;
  const rows = await db
    .select(operationColumns)
    .from(operationLogs)
    .where(operationWhere(f))
    .orderBy(dir(operationLogs.createdAt), dir(operationLogs.id))
    .limit(limit);
  return rows.map(iso);
}
