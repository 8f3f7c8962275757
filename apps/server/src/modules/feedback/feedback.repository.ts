import { asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { FEEDBACK_SORT_KEYS, parseSort, type FeedbackExport, type FeedbackReplyRow, type FeedbackRow } from '@hanlin/shared';
import { pageWithTotal } from '../../platform/paging.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { insertRow, updateRow } from '../../platform/table-rows.js';
import { orgPathOf } from '../../platform/org-rows.js';
import type { Principal } from '../../platform/auth/principal.js';
import { users } from '../users/index.js';
import { feedback, feedbackReplies } from './feedback.schema.js';
import { defineList, type ListRuntime } from '../../platform/list.js';

const columns = {
  id: feedback.id,
  userId: feedback.userId,
  username: users.username,
  realname: users.realname,
  content: feedback.content,
  contact: feedback.contact,
  replied: feedback.replied,
  replyCount: sql<number>`(select count(*)::int from feedback_replies r where r.feedback_id = ${feedback.id})`,
  createdAt: feedback.createdAt,
};
const present = (r: Omit<FeedbackRow, 'createdAt'> & { createdAt: Date }): FeedbackRow => ({ ...r, createdAt: r.createdAt.toISOString() });

/** Feedback rows with their author's names, as the lists show them. */
const selectWithAuthor = (db: DbOrTx) => db.select(columns).from(feedback).innerJoin(users, eq(users.id, feedback.userId));
const newestFirst = [desc(feedback.createdAt), desc(feedback.id)];

/**
 * The managed feedback list: feedback of authors inside the caller's data scope, the replied filter,
 * keyword on the content and the author's names. The author's columns are read per row (the page
 * statement and the count read `feedback` alone).
 */
export const feedbackList = defineList({
  name: 'feedback_list',
  table: feedback,
  tables: ['feedback', 'users'],
  scope: { column: sql`(select u.org_id from users u where u.id = ${feedback.userId})`, nullable: true },
  filters: { replied: (v) => eq(feedback.replied, v) },
  keyword: (pattern) =>
    or(ilike(feedback.content, pattern), sql`exists (select 1 from users u where u.id = ${feedback.userId} and (u.username ilike ${pattern} or u.realname ilike ${pattern}))`),
  sort: { createdAt: feedback.createdAt } satisfies Record<(typeof FEEDBACK_SORT_KEYS)[number], unknown>,
  defaultSort: { key: 'createdAt', desc: true },
  columns,
  join: (q) => q.innerJoin(users, eq(users.id, feedback.userId)),
});

export async function findFeedback(lists: ListRuntime, principal: Principal, q: FeedbackExport & { page: number; size: number; sort?: string }) {
  // Unknown keys fall back to the newest first, as before.
  const { desc: isDesc } = parseSort(q.sort, FEEDBACK_SORT_KEYS, 'createdAt');
  const page = await feedbackList.run(lists, principal, { ...q, sort: isDesc ? '-createdAt' : 'createdAt' });
  return { ...page, records: page.records.map(present) };
}

/** Rows for the Excel export, newest first, at most `limit`. */
export async function findFeedbackForExport(db: DbOrTx, principal: Principal, f: FeedbackExport, limit: number) {
  const rows = await selectWithAuthor(db)
    .where(feedbackList.where(principal, f))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(present);
}

export async function findMyFeedback(db: DbOrTx, userId: number, q: { page: number; size: number }) {
  const where = eq(feedback.userId, userId);
  const { records, total } = await pageWithTotal(
    selectWithAuthor(db)
      .where(where)
      .orderBy(...newestFirst),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(feedback)
      .where(where),
    q,
  );
  return { records: records.map(present), total, page: q.page, size: q.size };
}

/** One feedback with the organization path of its author (for the scope check). */
export async function getFeedback(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...columns, orgPath: orgPathOf(users.orgId) })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(eq(feedback.id, id));
  if (!row) return undefined;
  const { orgPath, ...rest } = row;
  return { row: present(rest), orgPath };
}

export async function insertFeedback(db: DbOrTx, v: { userId: number; content: string; contact: string | null }) {
  return insertRow(db, feedback, v);
}

export async function insertReply(db: DbOrTx, v: { feedbackId: number; userId: number; content: string }) {
  const id = await insertRow(db, feedbackReplies, v);
  await updateRow(db, feedback, v.feedbackId, { replied: true });
  return id;
}

export async function findReplies(db: DbOrTx, feedbackId: number): Promise<FeedbackReplyRow[]> {
  const rows = await db
    .select({
      id: feedbackReplies.id,
      feedbackId: feedbackReplies.feedbackId,
      userId: feedbackReplies.userId,
      username: users.username,
      realname: users.realname,
      content: feedbackReplies.content,
      createdAt: feedbackReplies.createdAt,
    })
    .from(feedbackReplies)
    .leftJoin(users, eq(users.id, feedbackReplies.userId))
    .where(eq(feedbackReplies.feedbackId, feedbackId))
    .orderBy(asc(feedbackReplies.createdAt), asc(feedbackReplies.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
