import { and, eq, getTableColumns, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { MessageListQuery, MessageMutableKind, MessageRow } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineList, type ListRuntime } from '../../platform/list.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { messageConfigs, messages } from './messages.schema.js';

export interface MessageInsert {
  title: string;
  content: string;
  kind: string;
  template: string | null;
  params: Record<string, string>;
  /** 'pending' for a message that also goes by mail. */
  mailState?: 'pending' | null;
}

/**
 * One INSERT … SELECT for every recipient: `to` is a list of user ids (sent as one array
 * parameter) or a query selecting user ids. Users who muted the kind are skipped; duplicates
 * are sent once.
 */
export async function insertMessagesFor(db: DbOrTx, to: number[] | SQL, m: MessageInsert): Promise<number> {
  const source = Array.isArray(to) ? sql`select distinct unnest(${`{${to.join(',')}}`}::int[]) as user_id` : sql`select distinct r.user_id from (${to}) as r(user_id)`;
  const { rowCount } = await db.execute(sql`
    insert into ${messages} (user_id, title, content, kind, template, params, mail_state)
    select s.user_id, ${m.title}, ${m.content}, ${m.kind}, ${m.template}, ${JSON.stringify(m.params)}::jsonb, ${m.mailState ?? null}
      from (${source}) s
      join ${users} on ${users.id} = s.user_id
     where not exists (select 1 from ${messageConfigs} c where c.user_id = s.user_id and ${m.kind} = any(c.muted))`);
  return rowCount ?? 0;
}

/** Users able to sign in whose organization lies in the subtree at `orgPath` (null: everyone). */
export function activeUsersUnder(orgPath: string | null): SQL {
  const active = sql`${users.status} = 'normal'`;
  return orgPath === null
    ? sql`select ${users.id} from ${users} where ${active}`
    : sql`select ${users.id} from ${users} join ${organizations} on ${organizations.id} = ${users.orgId} where ${active} and ${organizations.path} like ${`${orgPath}%`}`;
}

export async function countUnread(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)));
  return row.n;
}

/** The caller's own messages, newest first, by read state, kind and time received. */
export const myMessageList = defineList({
  name: 'my_message_list',
  table: messages,
  tables: ['messages'],
  filters: {
    userId: (v) => eq(messages.userId, v),
    // Planned with its value (unnamed statement): the branch not taken folds away.
    read: (v) => sql`case when ${v}::boolean then ${messages.readAt} is not null else ${messages.readAt} is null end`,
    kind: (v) => eq(messages.kind, v),
    from: (v) => gte(messages.createdAt, sql`${v}::timestamptz`),
    to: (v) => lt(messages.createdAt, sql`${v}::timestamptz`),
  },
  sort: { id: messages.id },
  columns: getTableColumns(messages),
});

type StoredMessage = typeof messages.$inferSelect;
export function present(r: StoredMessage): MessageRow {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    kind: r.kind,
    template: r.template ?? null,
    params: r.params ?? {},
    read: r.readAt !== null,
    readAt: r.readAt ? new Date(r.readAt).toISOString() : null,
    createdAt: new Date(r.createdAt).toISOString(),
    abilities: { read: r.readAt === null, delete: true },
  };
}

export async function findMyMessages(lists: ListRuntime, userId: number, q: MessageListQuery) {
  const { records: rows, total } = await myMessageList.run(lists, null, {
    page: q.page,
    size: q.size,
    read: q.read,
    kind: q.kind,
    from: q.from,
    to: q.to,
    userId,
  });
  return { records: rows.map(present), total, page: q.page, size: q.size };
}

export async function getMessage(db: DbOrTx, id: number) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
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

export async function getMuted(db: DbOrTx, userId: number): Promise<MessageMutableKind[]> {
  const [row] = await db.select({ muted: messageConfigs.muted }).from(messageConfigs).where(eq(messageConfigs.userId, userId));
  return row?.muted ?? [];
}

export async function saveMuted(db: DbOrTx, userId: number, muted: MessageMutableKind[]) {
  await db.insert(messageConfigs).values({ userId, muted }).onConflictDoUpdate({ target: messageConfigs.userId, set: { muted } });
}
