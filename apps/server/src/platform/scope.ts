import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from './auth/principal.js';
import type { DbOrTx } from './db/client.js';
import { AppError } from './errors.js';

/**
 * Record level of the two permission layers: a WHERE fragment limiting `orgColumn` to the
 * caller's organization subtrees (matched by materialized path prefix, index-backed).
 */
export function inScope(principal: Pick<Principal, 'scopePaths'>, orgColumn: AnyPgColumn | SQL): SQL {
  const reach = scopeReach(principal);
  if (reach === 'none') return sql`false`;
  if (reach === 'all') return sql`${orgColumn} is not null`;
  return inScopePatterns(orgColumn, sql.param(scopePatterns(principal)));
}

/**
 * How much of the tree a data scope covers. The tree has one root (seeded; organizations are
 * created under a parent and the root can be neither moved nor deleted), and only the root's
 * path has a single segment, so a scope holding it covers every organization: its lists need
 * no path matching at all, which is most of what an administrator's list costs the database.
 */
export function scopeReach(principal: Pick<Principal, 'scopePaths'>): 'none' | 'all' | 'subtrees' {
  if (principal.scopePaths.length === 0) return 'none';
  return principal.scopePaths.some((p) => ROOT_PATH.test(p)) ? 'all' : 'subtrees';
}
const ROOT_PATH = /^\/\d+\/$/;

/** The LIKE patterns of the caller's subtrees, the value `inScopePatterns` compares with. */
export function scopePatterns(principal: Pick<Principal, 'scopePaths'>): string[] {
  return principal.scopePaths.map((p) => `${p}%`);
}

/** `inScope` with the patterns as a parameter or placeholder, for statements prepared once. */
export function inScopePatterns(orgColumn: AnyPgColumn | SQL, patterns: SQLWrapper): SQL {
  return sql`${orgColumn} in (select o.id from organizations o where o.path like any(${patterns}::text[]))`;
}

/** True when an organization path lies inside the caller's data scope. */
export function pathInScope(principal: Pick<Principal, 'scopePaths'>, path: string): boolean {
  return principal.scopePaths.some((p) => path.startsWith(p));
}

/** How a refusal names what it refused: the request field at fault. */
export interface ScopeRefusal {
  field?: string;
}

/**
 * A record's organization (its materialized path; null when it has none) must lie inside the
 * caller's data scope, else NO_DATA_PERMISSION_ERROR.
 */
/** A record asked for lies in the caller's data scope: NO_DATA_PERMISSION_ERROR when it does not, or is missing. */
export function requireRecordInScope<T extends { orgPath: string | null }>(
  principal: Pick<Principal, 'scopePaths'>,
  record: T | null | undefined,
  opts: ScopeRefusal = {},
): asserts record is T {
  requireInScope(principal, record?.orgPath, opts);
}

export function requireInScope(principal: Pick<Principal, 'scopePaths'>, orgPath: string | null | undefined, opts: ScopeRefusal = {}): void {
  if (!orgPath || !pathInScope(principal, orgPath)) throw new AppError('NO_DATA_PERMISSION_ERROR', opts.field ? { field: opts.field } : {});
}

/**
 * Records (their id and organization path) must all lie inside the caller's data scope; the
 * NO_DATA_PERMISSION_ERROR names those beyond it in `data.beyond`.
 */
export function requireAllInScope(principal: Pick<Principal, 'scopePaths'>, rows: readonly { id: number; orgPath: string | null }[], opts: ScopeRefusal = {}): void {
  const beyond = rows.filter((r) => !r.orgPath || !pathInScope(principal, r.orgPath)).map((r) => r.id);
  if (beyond.length) throw new AppError('NO_DATA_PERMISSION_ERROR', { ...opts, data: { beyond } });
}

/**
 * A lock of records by id in the caller's data scope, for a service to call inside its transactions:
 * `lock` selects the rows `FOR UPDATE` (with their organization's path); an unknown id answers
 * NOT_FOUND_ERROR naming `notFound` (`ids` unless told), a record beyond the scope
 * NO_DATA_PERMISSION_ERROR (naming `refusal.field` when told; with `beyond`, as `requireAllInScope`
 * does, every record beyond it). Ids asked twice are locked once.
 */
export function scopedLock<R extends { id: number; orgPath: string | null }>(
  lock: (tx: DbOrTx, ids: number[]) => Promise<R[]>,
  refusal: ScopeRefusal & { notFound?: string; beyond?: boolean } = {},
) {
  const { notFound = 'ids', beyond, ...scope } = refusal;
  // One id asked answers one row (`const [row] = await lock(tx, p, [id])` needs no `!`).
  function locked(tx: DbOrTx, principal: Pick<Principal, 'scopePaths'>, ids: readonly [number]): Promise<[R]>;
  function locked(tx: DbOrTx, principal: Pick<Principal, 'scopePaths'>, ids: readonly number[]): Promise<R[]>;
  async function locked(tx: DbOrTx, principal: Pick<Principal, 'scopePaths'>, ids: readonly number[]): Promise<R[]> {
    const unique = [...new Set(ids)];
    const rows = await lock(tx, unique);
    if (rows.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: notFound });
    if (beyond) requireAllInScope(principal, rows, scope);
    else for (const r of rows) requireInScope(principal, r.orgPath, scope);
    return rows;
  }
  return locked;
}

/**
 * Organizations must exist (NOT_FOUND_ERROR naming the missing ones in `data.ids`) and lie inside
 * the caller's data scope (NO_DATA_PERMISSION_ERROR naming those beyond it in `data.beyond`).
 * Returns their paths.
 */
export async function requireOrgsInScope(
  db: DbOrTx,
  principal: Pick<Principal, 'scopePaths'>,
  orgIds: readonly number[],
  opts: ScopeRefusal = {},
): Promise<{ id: number; path: string }[]> {
  const ids = [...new Set(orgIds)];
  if (!ids.length) return [];
  const { rows } = await db.execute<{ id: number; path: string }>(sql`select id, path from organizations where id = any(${sql.param(ids)}::int[])`);
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) throw new AppError('NOT_FOUND_ERROR', { ...opts, data: { ids: missing } });
  requireAllInScope(
    principal,
    rows.map((r) => ({ id: r.id, orgPath: r.path })),
    opts,
  );
  return rows;
}

/**
 * The organization a new record of the caller belongs to (its data scope): the caller's own when
 * it lies in their scope, else the root of their first scope subtree.
 */
export async function homeOrgInScope(db: DbOrTx, principal: Pick<Principal, 'orgId' | 'scopePaths'>): Promise<number | null> {
  if (principal.orgId) {
    const { rows } = await db.execute<{ path: string }>(sql`select path from organizations where id = ${principal.orgId}`);
    if (rows[0] && pathInScope(principal, rows[0].path)) return principal.orgId;
  }
  const first = principal.scopePaths[0];
  const id = first ? Number(first.split('/').filter(Boolean).pop()) : NaN;
  return Number.isSafeInteger(id) ? id : principal.orgId;
}
