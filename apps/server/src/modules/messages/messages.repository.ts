import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { MessageListQuery, MessageRow } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { messages } from './messages.schema.js';

export async function insertMessages(db: DbOrTx, rows: (typeof messages.$inferInsert)[]) {
  if (!rows.length) return [];
  return db.insert(messages).values(rows).returning({ id: messages.id });
}

export async function countUnread(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)));
  return row!.n;
}

export async function findMyMessages(db: DbOrTx, userId: number, q: MessageListQuery) {
  const where: SQL[] = [eq(messages.userId, userId)];
  if (q.read === true) where.push(isNotNull(messages.readAt));
  if (q.read === false) where.push(isNull(messages.readAt));
  const cond = and(...where);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(cond)
      .orderBy(desc(messages.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: sql<number>`count(*)::int` }).from(messages).where(cond),
  ]);
  const records: MessageRow[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    kind: r.kind,
    read: r.readAt !== null,
    readAt: r.readAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { records, total: counted!.total, page: q.page, size: q.size };
}

/** Owner of each existing message among `ids`. */
export async function ownersOf(db: DbOrTx, ids: number[]) {
  return db.select({ id: messages.id, userId: messages.userId }).from(messages).where(inArray(messages.id, ids));
}

export async function markRead(db: DbOrTx, userId: number, ids?: number[]) {
  return db
    .update(messages)
    .set({ readAt: sql`now()` })
    .where(and(eq(messages.userId, userId), isNull(messages.readAt), ids ? inArray(messages.id, ids) : undefined))
    .returning({ id: messages.id });
}

export async function deleteMessages(db: DbOrTx, userId: number, ids: number[]) {
  return db
    .delete(messages)
    .where(and(eq(messages.userId, userId), inArray(messages.id, ids)))
    .returning({ id: messages.id });
}
