import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { DICT_SORT_KEYS, parseSort, type DictEntryRow, type DictListQuery, type DictOption, type DictStatus } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { dictEntries } from './dict.schema.js';
import { escapeLike } from '../../platform/db/pg-errors.js';

const sortColumns = {
  id: dictEntries.id,
  type: dictEntries.type,
  label: dictEntries.label,
  value: dictEntries.value,
  sort: dictEntries.sort,
  createdAt: dictEntries.createdAt,
} as const;

type Entry = typeof dictEntries.$inferSelect;
export const presentEntry = (r: Entry): DictEntryRow => ({
  id: r.id,
  type: r.type,
  label: r.label,
  value: r.value,
  sort: r.sort,
  remark: r.remark,
  status: r.status as DictStatus,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function findDictEntries(db: DbOrTx, q: DictListQuery) {
  const where: (SQL | undefined)[] = [];
  if (q.type) where.push(eq(dictEntries.type, q.type));
  if (q.status) where.push(eq(dictEntries.status, q.status));
  if (q.keyword) {
    const k = `%${escapeLike(q.keyword)}%`;
    where.push(or(ilike(dictEntries.label, k), ilike(dictEntries.value, k)));
  }
  const cond = where.length ? and(...where) : undefined;
  // Without an explicit sort the list reads like the dropdowns: by type, then display order.
  let order: SQL[];
  if (q.sort) {
    const { key, desc: isDesc } = parseSort(q.sort, DICT_SORT_KEYS, 'id');
    const col = sortColumns[key];
    order = isDesc ? [desc(col), desc(dictEntries.id)] : [asc(col), asc(dictEntries.id)];
  } else {
    order = [asc(dictEntries.type), asc(dictEntries.sort), asc(dictEntries.id)];
  }
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(dictEntries)
      .where(cond)
      .orderBy(...order)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: sql<number>`count(*)::int` }).from(dictEntries).where(cond),
  ]);
  return { records: rows.map(presentEntry), total: counted!.total, page: q.page, size: q.size };
}

export async function findOptionsByType(db: DbOrTx, type: string): Promise<DictOption[]> {
  return db
    .select({ id: dictEntries.id, label: dictEntries.label, value: dictEntries.value, sort: dictEntries.sort })
    .from(dictEntries)
    .where(and(eq(dictEntries.type, type), eq(dictEntries.status, 'normal')))
    .orderBy(asc(dictEntries.sort), asc(dictEntries.id));
}

export async function getEntry(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(dictEntries).where(eq(dictEntries.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Another entry of the same type already using this value or label (`field` names which). */
export async function findClash(db: DbOrTx, type: string, value: string, label: string, exceptId?: number) {
  const rows = await db
    .select({ id: dictEntries.id, value: dictEntries.value, label: dictEntries.label })
    .from(dictEntries)
    .where(
      and(
        eq(dictEntries.type, type),
        or(eq(dictEntries.value, value), eq(dictEntries.label, label)),
        exceptId ? sql`${dictEntries.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(2);
  if (rows.some((r) => r.value === value)) return 'value';
  if (rows.some((r) => r.label === label)) return 'label';
  return null;
}

export async function insertEntry(db: DbOrTx, values: typeof dictEntries.$inferInsert) {
  const [row] = await db.insert(dictEntries).values(values).returning();
  return row!;
}

export async function updateEntry(db: DbOrTx, id: number, values: Partial<typeof dictEntries.$inferInsert>) {
  const [row] = await db
    .update(dictEntries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(dictEntries.id, id))
    .returning();
  return row!;
}

export async function deleteEntries(db: DbOrTx, ids: number[]) {
  return db.delete(dictEntries).where(inArray(dictEntries.id, ids)).returning({ id: dictEntries.id });
}
