import { and, asc, getTableColumns, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from './db/client.js';

/** The path of the organization `orgId` points at (null without one): what the data-scope checks compare. */
export const orgPathOf = (orgId: SQLWrapper) => sql<string | null>`(select o.path from organizations o where o.id = ${orgId})`;

/** A table whose rows belong to an organization (`org_id`) and are addressed by a numeric `id`. */
type OrgTable = PgTable & { id: PgColumn; orgId: PgColumn };
type ColumnsOf<T extends PgTable> = T['_']['columns'];

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
  opts: { where?: SQL } = {},
): Promise<SelectResultFields<Pick<ColumnsOf<T>, K | 'id'> & { orgPath: SQL<string | null> }>[]> {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const picked = Object.fromEntries(['id', ...columns].map((k) => [k, all[k]!]));
  return tx
    .select({ ...picked, orgPath: orgPathOf(table.orgId) })
    .from(table as PgTable)
    .where(and(inArray(table.id, ids), opts.where))
    .orderBy(asc(table.id))
    .for('update', { of: table as PgTable }) as never;
}
