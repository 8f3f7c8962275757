import { and, desc, eq, ilike, inArray, isNotNull, isNull, not, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { QA_SORT_KEYS, parseSort, type QaAnswersQuery, type QaListQuery, type QaPortalQuery, type QaReplyQuery, type QaStatus } from '@hanlin/shared';
import { pageWithTotal } from '../../platform/paging.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { insertRow } from '../../platform/table-rows.js';
import { lockOrgRows, lockOrgRowsThrough } from '../../platform/org-rows.js';
import { inScope } from '../../platform/scope.js';
import type { Principal } from '../../platform/auth/principal.js';
import { defineList, keywordPattern, nullsLast, type ListRuntime } from '../../platform/list.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { qaAnswers, qaEntries } from './qa.schema.js';

const alive = isNull(qaEntries.deletedAt);

const listColumns = {
  id: qaEntries.id,
  title: qaEntries.title,
  content: qaEntries.content,
  category: qaEntries.category,
  status: qaEntries.status,
  pinned: qaEntries.pinned,
  answerCount: qaEntries.answerCount,
  orgId: qaEntries.orgId,
  orgName: organizations.name,
  createdBy: qaEntries.createdBy,
  creatorName: users.realname,
  createdAt: qaEntries.createdAt,
  updatedAt: qaEntries.updatedAt,
  releasedAt: qaEntries.releasedAt,
};

/** The management list: only entries whose organization lies in the caller's data scope. */
export const qaList = defineList({
  name: 'qa_list',
  table: qaEntries,
  tables: ['qa_entries', 'organizations'],
  where: alive,
  scope: { column: qaEntries.orgId, nullable: true },
  filters: { state: (v) => eq(qaEntries.status, v), category: (v) => eq(qaEntries.category, v) },
  keyword: (pattern) => ilike(qaEntries.title, pattern),
  sort: {
    id: qaEntries.id,
    title: qaEntries.title,
    createdAt: qaEntries.createdAt,
    releasedAt: { column: qaEntries.releasedAt, order: nullsLast },
    answerCount: qaEntries.answerCount,
  },
  columns: listColumns,
  join: (q) => q.leftJoin(organizations, eq(organizations.id, qaEntries.orgId)).leftJoin(users, eq(users.id, qaEntries.createdBy)),
});

export type QaEntryRow = Omit<NonNullable<Awaited<ReturnType<typeof getQaRow>>>, 'orgPath'>;

export async function findQaEntries(lists: ListRuntime, principal: Principal, q: QaListQuery) {
  const { key, desc: isDesc } = parseSort(q.sort, QA_SORT_KEYS, 'id');
  const { records, total } = await qaList.run(lists, principal, { ...q, sort: `${isDesc ? '-' : ''}${key}` });
  return { rows: records, total };
}

export async function getQaRow(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...listColumns, orgPath: organizations.path })
    .from(qaEntries)
    .leftJoin(organizations, eq(organizations.id, qaEntries.orgId))
    .leftJoin(users, eq(users.id, qaEntries.createdBy))
    .where(and(eq(qaEntries.id, id), alive));
  return row ?? null;
}

/** Locks the live entries among `ids` for a change, with their organization path for the scope check. */
export function lockQaEntries(tx: DbOrTx, ids: number[]) {
  return lockOrgRows(tx, qaEntries, ids, ['status', 'pinned', 'answerCount', 'title', 'content', 'category'], { where: alive });
}

export const insertQaEntry = (db: DbOrTx, values: typeof qaEntries.$inferInsert) => insertRow(db, qaEntries, values);

/** Conditional UPDATE: changes only live rows still in one of `from`; answers the changed ids. */
export function updateQaWhereStatus(db: DbOrTx, ids: number[], from: readonly QaStatus[], set: Partial<typeof qaEntries.$inferInsert>) {
  return db
    .update(qaEntries)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(inArray(qaEntries.id, ids), alive, inArray(qaEntries.status, [...from])))
    .returning({ id: qaEntries.id });
}

/** Sets the pinned flag of live entries; answers the changed ids. */
export function setPinned(db: DbOrTx, ids: number[], pinned: boolean, where?: SQL) {
  return db
    .update(qaEntries)
    .set({ pinned, updatedAt: sql`now()` })
    .where(and(inArray(qaEntries.id, ids), alive, where))
    .returning({ id: qaEntries.id });
}

/** Live entries pinned now (read under the pin lock). */
export async function countPinned(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(qaEntries)
    .where(and(alive, eq(qaEntries.pinned, true)));
  return row?.n ?? 0;
}

/** Entries holding one of these categories (a dictionary entry in use is not deleted). */
export async function categoriesHeld(db: DbOrTx, values: string[]): Promise<string[]> {
  if (!values.length) return [];
  const rows = await db
    .selectDistinct({ v: qaEntries.category })
    .from(qaEntries)
    .where(and(alive, inArray(qaEntries.category, values)));
  return rows.flatMap((r) => (r.v ? [r.v] : []));
}

const { id, title, content, category, pinned, answerCount, releasedAt } = listColumns;
const publicColumns = { id, title, content, category, pinned, answerCount, releasedAt };
const released = and(alive, eq(qaEntries.status, 'released'));

/** The portal: released entries, pinned first, then the newest release; searched by title. */
export function findReleasedEntries(db: DbOrTx, q: QaPortalQuery) {
  const cond = and(released, q.keyword ? ilike(qaEntries.title, keywordPattern(q.keyword)) : undefined, q.category ? eq(qaEntries.category, q.category) : undefined);
  return pageWithTotal(
    db
      .select(publicColumns)
      .from(qaEntries)
      .where(cond)
      .orderBy(desc(qaEntries.pinned), sql`${qaEntries.releasedAt} desc nulls last`, desc(qaEntries.id)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(qaEntries)
      .where(cond),
    q,
  );
}

export async function getReleasedEntry(db: DbOrTx, entryId: number) {
  const [row] = await db
    .select(publicColumns)
    .from(qaEntries)
    .where(and(eq(qaEntries.id, entryId), released));
  return row ?? null;
}

/** Counts a new reply on a released entry (the row lock orders it with an unrelease); false: not released. */
export async function countAnswer(tx: DbOrTx, entryId: number): Promise<boolean> {
  const rows = await tx
    .update(qaEntries)
    .set({ answerCount: sql`${qaEntries.answerCount} + 1` })
    .where(and(eq(qaEntries.id, entryId), released))
    .returning({ id: qaEntries.id });
  return rows.length === 1;
}

const answerAlive = isNull(qaAnswers.deletedAt);
const answerColumns = {
  id: qaAnswers.id,
  entryId: qaAnswers.entryId,
  kind: qaAnswers.kind,
  content: qaAnswers.content,
  userId: qaAnswers.userId,
  authorName: users.realname,
  createdAt: qaAnswers.createdAt,
};
export type QaAnswerDbRow = Awaited<ReturnType<typeof getAnswer>> & object;

export function findAnswers(db: DbOrTx, q: QaAnswersQuery) {
  // A hidden reply has left the student center.
  const cond = and(eq(qaAnswers.entryId, q.entryId), answerAlive, isNull(qaAnswers.hiddenAt));
  return pageWithTotal(
    db.select(answerColumns).from(qaAnswers).leftJoin(users, eq(users.id, qaAnswers.userId)).where(cond).orderBy(qaAnswers.id),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(qaAnswers)
      .where(cond),
    q,
  );
}

export async function getAnswer(db: DbOrTx, answerId: number) {
  const [row] = await db
    .select(answerColumns)
    .from(qaAnswers)
    .leftJoin(users, eq(users.id, qaAnswers.userId))
    .where(and(eq(qaAnswers.id, answerId), answerAlive));
  return row ?? null;
}

export const insertAnswer = (db: DbOrTx, values: typeof qaAnswers.$inferInsert) => insertRow(db, qaAnswers, values);

/** Soft-deletes a live answer of its author; answers whether one was deleted. */
export async function deleteOwnAnswer(db: DbOrTx, answerId: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(qaAnswers)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(qaAnswers.id, answerId), answerAlive, eq(qaAnswers.userId, userId)))
    .returning({ id: qaAnswers.id });
  return rows.length === 1;
}

// ---- Reply moderation ----

const hider = alias(users, 'qa_reply_hider');

/** Patterns of `words` for `ilike any` (escaped: a word is matched as written, letter case ignored). */
const holdsAny = (words: readonly string[]) =>
  words.length
    ? sql`${qaAnswers.content} ilike any (array[${sql.join(
        words.map((w) => sql`${keywordPattern(w.trim())}`),
        sql`, `,
      )}]::text[])`
    : sql`false`;

/** Live replies of live entries in the caller's data scope, newest first. */
export function findReplies(db: DbOrTx, principal: Principal, q: QaReplyQuery, words: readonly string[]) {
  const cond = and(
    answerAlive,
    alive,
    inScope(principal, qaEntries.orgId),
    q.entryId ? eq(qaAnswers.entryId, q.entryId) : undefined,
    q.hidden === undefined ? undefined : q.hidden ? isNotNull(qaAnswers.hiddenAt) : isNull(qaAnswers.hiddenAt),
    q.keyword ? ilike(qaAnswers.content, keywordPattern(q.keyword)) : undefined,
    q.sensitive === undefined ? undefined : q.sensitive ? holdsAny(words) : not(holdsAny(words)),
  );
  return pageWithTotal(
    db
      .select({ ...answerColumns, entryTitle: qaEntries.title, hiddenAt: qaAnswers.hiddenAt, hiddenByName: hider.realname })
      .from(qaAnswers)
      .innerJoin(qaEntries, eq(qaEntries.id, qaAnswers.entryId))
      .leftJoin(users, eq(users.id, qaAnswers.userId))
      .leftJoin(hider, eq(hider.id, qaAnswers.hiddenBy))
      .where(cond)
      .orderBy(desc(qaAnswers.id)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(qaAnswers)
      .innerJoin(qaEntries, eq(qaEntries.id, qaAnswers.entryId))
      .where(cond),
    q,
  );
}

/** Locks replies with their entry's organization path (the scope follows the entry). */
export const lockReplies = (tx: DbOrTx, ids: number[]) =>
  lockOrgRowsThrough(tx, qaAnswers, ids, ['content', 'hiddenAt', 'deletedAt'], { table: qaEntries, on: eq(qaEntries.id, qaAnswers.entryId), orgId: qaEntries.orgId });

/** Hides (`by` the manager) or restores (`by` null) the replies `ids`. */
export function setReplyHidden(tx: DbOrTx, ids: number[], by: number | null) {
  return tx
    .update(qaAnswers)
    .set(by === null ? { hiddenAt: null, hiddenBy: null } : { hiddenAt: sql`now()`, hiddenBy: by })
    .where(inArray(qaAnswers.id, ids))
    .returning({ id: qaAnswers.id });
}
