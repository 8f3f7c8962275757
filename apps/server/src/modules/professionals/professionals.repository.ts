import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { professionals } from './professionals.schema.js';

export type ProfessionalRecord = typeof professionals.$inferSelect;

export async function lockTree(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(7243102)`);
}

export function allNodes(db: DbOrTx) {
  return db
    .select({ id: professionals.id, name: professionals.name, parentId: professionals.parentId, sort: professionals.sort })
    .from(professionals)
    .orderBy(asc(professionals.sort), asc(professionals.id));
}

export async function getNode(db: DbOrTx, id: number) {
  const [row] = await db.select().from(professionals).where(eq(professionals.id, id));
  return row;
}

export async function nameTaken(db: DbOrTx, parentId: number | null, name: string, exceptId?: number) {
  const conds: SQL[] = [sql`coalesce(${professionals.parentId}, 0) = ${parentId ?? 0}`, eq(professionals.name, name)];
  if (exceptId) conds.push(sql`${professionals.id} <> ${exceptId}`);
  const [row] = await db.select({ id: professionals.id }).from(professionals).where(and(...conds)).limit(1);
  return !!row;
}

export async function nextSort(db: DbOrTx, parentId: number | null) {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${professionals.sort}) + 1, 0)::int` })
    .from(professionals)
    .where(sql`coalesce(${professionals.parentId}, 0) = ${parentId ?? 0}`);
  return row!.next;
}

/** Ids of the node and all nodes below it. */
export async function subtreeIds(db: DbOrTx, id: number): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    with recursive sub as (select id from professionals where id = ${id}
                           union all select p.id from professionals p join sub on p.parent_id = sub.id)
    select id from sub`);
  return rows.map((r) => r.id);
}

export async function siblingIds(db: DbOrTx, parentId: number | null) {
  const rows = await db
    .select({ id: professionals.id })
    .from(professionals)
    .where(sql`coalesce(${professionals.parentId}, 0) = ${parentId ?? 0}`)
    .orderBy(asc(professionals.sort), asc(professionals.id));
  return rows.map((r) => r.id);
}

export async function hasChildren(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: professionals.id }).from(professionals).where(eq(professionals.parentId, id)).limit(1);
  return !!row;
}

export async function insertNode(db: DbOrTx, v: { parentId: number | null; name: string; sort: number }) {
  const [row] = await db.insert(professionals).values(v).returning({ id: professionals.id });
  return row!.id;
}

export async function updateNode(db: DbOrTx, id: number, set: Partial<Pick<ProfessionalRecord, 'name' | 'parentId' | 'sort'>>) {
  await db.update(professionals).set({ ...set, updatedAt: new Date() }).where(eq(professionals.id, id));
}

export async function deleteNode(db: DbOrTx, id: number) {
  await db.delete(professionals).where(eq(professionals.id, id));
}
