import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from './db/client.js';
import { AppError } from './errors.js';
import { onlyRow } from './db/rows.js';

/** A table whose rows are addressed by a numeric `id`. */
export type IdTable = PgTable & { id: AnyPgColumn<{ data: number; notNull: true }> };

/** Inserts one row and answers its id. */
export async function insertRow<T extends IdTable>(db: DbOrTx, table: T, values: T['$inferInsert']): Promise<number> {
  const row = onlyRow(await db.insert(table).values(values).returning({ id: table.id }));
  return row.id;
}

/** Writes `set` on the row `id`, stamping `updated_at` with the transaction's time. */
export async function updateRow<T extends IdTable & { updatedAt: PgColumn }>(db: DbOrTx, table: T, id: number, set: PgUpdateSetSource<T>): Promise<void> {
  await db
    .update(table)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(table.id, id));
}

/** Deletes the rows `ids` and answers the ids deleted. */
export function deleteRows(db: DbOrTx, table: IdTable, ids: number[]): Promise<{ id: number }[]> {
  return db.delete(table).where(inArray(table.id, ids)).returning({ id: table.id });
}

/** Whether a row other than `exceptId` meets `where`: a name or title already taken, a category in use. */
export async function rowExists(db: DbOrTx, table: IdTable, where: SQL | undefined, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(where, exceptId ? ne(table.id, exceptId) : undefined))
    .limit(1);
  return !!row;
}

/** Locks the rows `ids` for a change (`FOR UPDATE`, in id order) and answers them whole. */
export function lockRows<T extends IdTable>(tx: DbOrTx, table: T, ids: number[]): Promise<T['$inferSelect'][]>;
// Written on any such table: the rows are the table's own (the signature above types them so).
export function lockRows(tx: DbOrTx, table: IdTable, ids: number[]) {
  return tx.select().from(table).where(inArray(table.id, ids)).orderBy(asc(table.id)).for('update');
}

/**
 * Deletes the rows `ids` in one transaction, all or none: each must exist (NOT_FOUND_ERROR naming
 * `ids`), and `check` may refuse the batch on the locked rows (one still in use).
 */
export async function deleteAllRows<T extends IdTable>(
  db: Db,
  table: T,
  ids: number[],
  check?: (tx: DbOrTx, rows: T['$inferSelect'][], ids: number[]) => Promise<void>,
): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await lockRows(tx, table, unique);
    if (rows.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
    await check?.(tx, rows, unique);
    await deleteRows(tx, table, unique);
  });
}
