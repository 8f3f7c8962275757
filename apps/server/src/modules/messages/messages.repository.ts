import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { MessageListQuery, MessageRow } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineList, type ListRuntime } from '../../platform/list.js';
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

/** The caller's own messages, newest first (`read` given: only read or only unread ones). */
export const myMessageList = defineList({
  name: 'my_message_list',
  table: messages,
  id: messages.id,
  tables: ['messages'],
  filters: {
    userId: (v) => eq(messages.userId, v),
    // Planned with its value (unnamed statement): the branch not taken folds away.
    read: (v) => sql`case when ${v}::boolean then ${messages.readAt} is not null else ${messages.readAt} is null end`,
  },
  sort: { id: messages.id },
  defaultSort: { key: 'id', desc: true },
  columns: getTableColumns(messages),
});

export async function findMyMessages(lists: ListRuntime, userId: number, q: MessageListQuery) {
  const { records: rows, total } = await myMessageList.run(lists, null, { page: q.page, size: q.size, read: q.read, userId });
  const records: MessageRow[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    kind: r.kind,
    read: r.readAt !== null,
    readAt: r.readAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { records, total, page: q.page, size: q.size };
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
