import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { FEEDBACK_SORT_KEYS, parseSort, type FeedbackExport, type FeedbackReplyRow, type FeedbackRow } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { inScope } from '../../platform/scope.js';
import { users } from '../users/index.js';
import { feedback, feedbackReplies } from './feedback.schema.js';
import { escapeLike } from '../../platform/db/pg-errors.js';

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

/** Administrators see feedback of users inside their data scope. */
function managedWhere(principal: Principal, f: FeedbackExport): SQL | undefined {
  const where: (SQL | undefined)[] = [inScope(principal, users.orgId)];
  if (f.replied !== undefined) where.push(eq(feedback.replied, f.replied));
  if (f.keyword) {
    const k = `%${escapeLike(f.keyword)}%`;
    where.push(or(ilike(feedback.content, k), ilike(users.username, k), ilike(users.realname, k)));
  }
  return and(...where);
}

export async function findFeedback(db: DbOrTx, principal: Principal, q: FeedbackExport & { page: number; size: number; sort?: string }) {
  const where = managedWhere(principal, q);
  const { desc: isDesc } = parseSort(q.sort, FEEDBACK_SORT_KEYS, 'createdAt');
  const dir = isDesc ? desc : asc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .where(where)
      .orderBy(dir(feedback.createdAt), dir(feedback.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .where(where),
  ]);
  return { records: rows.map(present), total, page: q.page, size: q.size };
}

/** Rows for the Excel export, newest first, at most `limit`. */
export async function findFeedbackForExport(db: DbOrTx, principal: Principal, f: FeedbackExport, limit: number) {
  const rows = await db
    .select(columns)
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(managedWhere(principal, f))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(limit);
  return rows.map(present);
}

export async function findMyFeedback(db: DbOrTx, userId: number, q: { page: number; size: number }) {
  const where = eq(feedback.userId, userId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(columns)
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.userId))
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(feedback)
      .where(where),
  ]);
  return { records: rows.map(present), total, page: q.page, size: q.size };
}

/** One feedback with the organization path of its author (for the scope check). */
export async function getFeedback(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...columns, orgPath: sql<string | null>`(select o.path from organizations o where o.id = ${users.orgId})` })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(eq(feedback.id, id));
  if (!row) return undefined;
  const { orgPath, ...rest } = row;
  return { row: present(rest), orgPath };
}

export async function insertFeedback(db: DbOrTx, v: { userId: number; content: string; contact: string | null }) {
  const [row] = await db.insert(feedback).values(v).returning({ id: feedback.id });
  return row!.id;
}

export async function insertReply(db: DbOrTx, v: { feedbackId: number; userId: number; content: string }) {
  const [row] = await db.insert(feedbackReplies).values(v).returning({ id: feedbackReplies.id });
  await db
    .update(feedback)
    .set({ replied: true, updatedAt: sql`now()` })
    .where(eq(feedback.id, v.feedbackId));
  return row!.id;
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
