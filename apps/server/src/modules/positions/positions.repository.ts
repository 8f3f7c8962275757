import { asc, eq, getTableColumns, ilike, inArray, sql } from 'drizzle-orm';
import { type POSITION_SORT_KEYS, type PositionListQuery, type PositionRow } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { insertRow, lockRows, rowExists, updateRow } from '../../platform/table-rows.js';
import { labels } from '../labels/index.js';
import { positionLabels, positions } from './positions.schema.js';
import { defineList, type ListRuntime } from '../../platform/list.js';
import { countPositionHolders, type PositionUse } from './positions.usage.js';

export type PositionRecord = typeof positions.$inferSelect;

/** The positions list: name keyword, job label filter, ordered by the sort column unless asked otherwise. */
export const positionList = defineList({
  name: 'position_list',
  table: positions,
  tables: ['positions', 'position_labels'],
  filters: {
    labelId: (v) => sql`exists (select 1 from position_labels pl where pl.position_id = ${positions.id} and pl.label_id = ${v})`,
  },
  keyword: (pattern) => ilike(positions.name, pattern),
  sort: { id: positions.id, name: positions.name, sort: positions.sort, createdAt: positions.createdAt } satisfies Record<(typeof POSITION_SORT_KEYS)[number], unknown>,
  defaultSort: [asc(positions.sort)],
  columns: getTableColumns(positions),
});

export async function findPositions(lists: ListRuntime, q: PositionListQuery, uses: ReadonlyMap<string, PositionUse>) {
  const page = await positionList.run(lists, null, q);
  return { ...page, records: await presentPositions(lists.db, page.records, uses) };
}

/** One position with its labels and the number of users holding it, or null. */
export async function getPosition(db: DbOrTx, id: number, uses: ReadonlyMap<string, PositionUse>): Promise<Omit<PositionRow, 'abilities'> | null> {
  const rows = await db.select().from(positions).where(eq(positions.id, id));
  return (await presentPositions(db, rows, uses))[0] ?? null;
}

async function presentPositions(db: DbOrTx, rows: (typeof positions.$inferSelect)[], uses: ReadonlyMap<string, PositionUse>): Promise<Omit<PositionRow, 'abilities'>[]> {
  const ids = rows.map((r) => r.id);
  const [labelRows, counts] = await Promise.all([
    ids.length
      ? db
          .select({ positionId: positionLabels.positionId, id: labels.id, name: labels.name })
          .from(positionLabels)
          .innerJoin(labels, eq(labels.id, positionLabels.labelId))
          .where(inArray(positionLabels.positionId, ids))
          .orderBy(asc(labels.id))
      : [],
    countPositionHolders(uses, db, ids),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    sort: r.sort,
    labels: labelRows.filter((l) => l.positionId === r.id).map((l) => ({ id: l.id, name: l.name })),
    userCount: counts.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

export function getForUpdate(db: DbOrTx, ids: number[]) {
  return lockRows(db, positions, ids);
}

export async function nameTaken(db: DbOrTx, name: string, exceptId?: number) {
  return rowExists(db, positions, eq(positions.name, name), exceptId);
}

export async function nextSort(db: DbOrTx) {
  const [row] = await db.select({ next: sql<number>`coalesce(max(${positions.sort}) + 1, 0)::int` }).from(positions);
  return row.next;
}

export async function insertPosition(db: DbOrTx, v: { name: string; description: string | null; sort: number }) {
  return insertRow(db, positions, v);
}

export async function updatePosition(db: DbOrTx, id: number, set: Partial<Pick<PositionRecord, 'name' | 'description' | 'sort'>>) {
  await updateRow(db, positions, id, set);
}

export async function replaceLabels(db: DbOrTx, positionId: number, labelIds: number[]) {
  await db.delete(positionLabels).where(eq(positionLabels.positionId, positionId));
  if (labelIds.length) await db.insert(positionLabels).values(labelIds.map((labelId) => ({ positionId, labelId })));
}
