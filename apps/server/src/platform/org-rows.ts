import { and, asc, getTableColumns, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from './db/client.js';
import type { IdTable } from './table-rows.js';

/** The path of the organization `orgId` points at (null without one): what the data-scope checks compare. */
export const orgPathOf = (orgId: SQLWrapper) => sql<string | null>`(select o.path from organizations o where o.id = ${orgId})`;

/** A table whose rows belong to an organization (`org_id`) and are addressed by a numeric `id`. */
type OrgTable = IdTable & { orgId: PgColumn };
type ColumnsOf<T extends PgTable> = T['_']['columns'];
type LockedOrgRow<T extends IdTable, K extends keyof ColumnsOf<T>> = SelectResultFields<Pick<ColumnsOf<T>, K>> & { id: number; orgPath: string | null };

/** The `columns` named of `table`, as a select map. */
function pickColumns(table: IdTable, columns: readonly string[]): Record<string, PgColumn> {
  const all: Record<string, PgColumn> = getTableColumns(table);
  return Object.fromEntries(columns.map((k) => [k, all[k]]));
}

/**
 * The rows of `table` among `ids`, read for a change: locked (FOR UPDATE of the table, in id order
 * so two commands over the same ids queue instead of deadlocking), each with `id`, the `columns`
 * named and its organization's `orgPath` for the data-scope check (`requireAllInScope`). `where`
 * narrows further (not deleted); ids not found are missing from the answer.
 */
export function lockOrgRows<T extends OrgTable, K extends keyof ColumnsOf<T> & string>(
  tx: DbOrTx,
  table: T,
  ids: number[],
  columns: readonly K[],
  opts?: { where?: SQL },
): Promise<LockedOrgRow<T, K>[]>;
// Written on any such table: the rows hold the columns picked (the signature above types them by the table's columns).
export function lockOrgRows(tx: DbOrTx, table: OrgTable, ids: number[], columns: readonly string[], opts: { where?: SQL } = {}) {
  return tx
    .select({ ...pickColumns(table, columns), id: table.id, orgPath: orgPathOf(table.orgId) })
    .from(table)
    .where(and(inArray(table.id, ids), opts.where))
    .orderBy(asc(table.id))
    .for('update', { of: table });
}

/**
 * `lockOrgRows` for rows that belong to an organization through the row they hang on (a comment
 * through its course, a certificate through its holder): `owner` is that table, joined `on`, and
 * `orgId` its organization column. Only the rows of `table` are locked.
 */
export function lockOrgRowsThrough<T extends IdTable, K extends keyof ColumnsOf<T> & string>(
  tx: DbOrTx,
  table: T,
  ids: number[],
  columns: readonly K[],
  owner: { table: PgTable; on: SQL; orgId: PgColumn },
): Promise<LockedOrgRow<T, K>[]>;
// As `lockOrgRows`.
export function lockOrgRowsThrough(tx: DbOrTx, table: IdTable, ids: number[], columns: readonly string[], owner: { table: PgTable; on: SQL; orgId: PgColumn }) {
  return tx
    .select({ ...pickColumns(table, columns), id: table.id, orgPath: orgPathOf(owner.orgId) })
    .from(table)
    .innerJoin(owner.table, owner.on)
    .where(inArray(table.id, ids))
    .orderBy(asc(table.id))
    .for('update', { of: table });
}
