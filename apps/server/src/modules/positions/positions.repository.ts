import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { parseSort, POSITION_SORT_KEYS, type PositionListQuery, type PositionRow } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { labels } from '../labels/index.js';
import { users } from '../users/index.js';
import { positionLabels, positions } from './positions.schema.js';
import { escapeLike } from '../../platform/db/pg-errors.js';

export type PositionRecord = typeof positions.$inferSelect;

export async function findPositions(db: DbOrTx, q: PositionListQuery) {
  const where: SQL[] = [];
  if (q.keyword) where.push(ilike(positions.name, `%${escapeLike(q.keyword)}%`));
  if (q.labelId) where.push(sql`exists (select 1 from position_labels pl where pl.position_id = "positions"."id" and pl.label_id = ${q.labelId})`);
  const cond = where.length ? and(...where) : undefined;
  const cols = { id: positions.id, name: positions.name, sort: positions.sort, createdAt: positions.createdAt } as const;
  const { key, desc: isDesc } = parseSort(q.sort, POSITION_SORT_KEYS, 'sort');
  const dir = q.sort ? (isDesc ? desc : asc) : asc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(positions)
      .where(cond)
      .orderBy(dir(cols[key]), dir(positions.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: sql<number>`count(*)::int` }).from(positions).where(cond),
  ]);
  const records = await presentPositions(db, rows);
  return { records, total: total!, page: q.page, size: q.size };
}

/** One position with its labels and the number of users holding it, or null. */
export async function getPosition(db: DbOrTx, id: number): Promise<PositionRow | null> {
  const rows = await db.select().from(positions).where(eq(positions.id, id));
  return (await presentPositions(db, rows))[0] ?? null;
}

async function presentPositions(db: DbOrTx, rows: (typeof positions.$inferSelect)[]): Promise<PositionRow[]> {
  const ids = rows.map((r) => r.id);
  const names = rows.map((r) => r.name);
  const [labelRows, counts] = await Promise.all([
    ids.length
      ? db
          .select({ positionId: positionLabels.positionId, id: labels.id, name: labels.name })
          .from(positionLabels)
          .innerJoin(labels, eq(labels.id, positionLabels.labelId))
          .where(inArray(positionLabels.positionId, ids))
          .orderBy(asc(labels.id))
      : [],
    names.length ? db.select({ post: users.post, n: sql<number>`count(*)::int` }).from(users).where(inArray(users.post, names)).groupBy(users.post) : [],
  ]);
  const countByName = new Map(counts.map((c) => [c.post, c.n]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    sort: r.sort,
    labels: labelRows.filter((l) => l.positionId === r.id).map((l) => ({ id: l.id, name: l.name })),
    userCount: countByName.get(r.name) ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}


export function getForUpdate(db: DbOrTx, ids: number[]) {
  return db.select().from(positions).where(inArray(positions.id, ids)).for('update');
}

export async function nameTaken(db: DbOrTx, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.name, name), exceptId ? sql`${positions.id} <> ${exceptId}` : undefined))
    .limit(1);
  return !!row;
}

/** Positions are referred to by name in `users.post`. */
export async function anyUserHolds(db: DbOrTx, names: string[]) {
  if (!names.length) return false;
  const [row] = await db.select({ id: users.id }).from(users).where(inArray(users.post, names)).limit(1);
  return !!row;
}

export async function nextSort(db: DbOrTx) {
  const [row] = await db.select({ next: sql<number>`coalesce(max(${positions.sort}) + 1, 0)::int` }).from(positions);
  return row!.next;
}

export async function insertPosition(db: DbOrTx, v: { name: string; description: string | null; sort: number }) {
  const [row] = await db.insert(positions).values(v).returning({ id: positions.id });
  return row!.id;
}

export async function updatePosition(db: DbOrTx, id: number, set: Partial<Pick<PositionRecord, 'name' | 'description' | 'sort'>>) {
  await db.update(positions).set({ ...set, updatedAt: new Date() }).where(eq(positions.id, id));
}

export async function replaceLabels(db: DbOrTx, positionId: number, labelIds: number[]) {
  await db.delete(positionLabels).where(eq(positionLabels.positionId, positionId));
  if (labelIds.length) await db.insert(positionLabels).values(labelIds.map((labelId) => ({ positionId, labelId })));
}

export async function deletePositions(db: DbOrTx, ids: number[]) {
  await db.delete(positions).where(inArray(positions.id, ids));
}
