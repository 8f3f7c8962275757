import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { EXAM_AUDIENCE, EXAM_CATEGORY_DEPTH, type EXAM_SORT_KEYS, type ExamListQuery, type ExamStatus, type MyExamQuery } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { insertRow, updateRow } from '../../platform/table-rows.js';
import type { Principal } from '../../platform/auth/principal.js';
import { defineCategoryTree } from '../../platform/category-tree.js';
import { defineList, keywordPattern, type ListRuntime } from '../../platform/list.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { certificateTemplates } from '../certificates/index.js';
import { inAudience } from '../audiences/index.js';
import { examCategories, examReviewers, exams } from './exams.schema.js';
import { examAttempts, examExtensions } from './exam-attempt.schema.js';

/** The classification tree: several roots, at most 5 levels. */
export const categoryTree = defineCategoryTree(examCategories, { maxDepth: EXAM_CATEGORY_DEPTH, lockKey: 'examCategoryTree', items: exams.categoryId });

/** A category in which exams sit cannot be deleted (IN_USE_CLASSIFICATION). */

/** The state at the database's clock (published → started → ended as start and end pass). */
export const stateNow = sql<string>`(case when ${exams.status} in ('published', 'started') and now() >= ${exams.endAt} then 'ended'
  when ${exams.status} = 'published' and now() >= ${exams.startAt} then 'started' else ${exams.status} end)`;

const inCategory = (v: unknown) => categoryTree.inSubtree(exams.categoryId, v);

const rowColumns = {
  id: exams.id,
  name: exams.name,
  categoryId: exams.categoryId,
  categoryName: examCategories.name,
  status: exams.status,
  startAt: exams.startAt,
  endAt: exams.endAt,
  duration: exams.duration,
  passPercent: exams.passPercent,
  total: exams.total,
  attempts: exams.attempts,
  paperId: exams.paperId,
  orgId: exams.orgId,
  orgName: organizations.name,
  creatorName: users.realname,
  createdAt: exams.createdAt,
  publishedAt: exams.publishedAt,
};
const sortColumns = {
  id: exams.id,
  name: exams.name,
  startAt: exams.startAt,
  endAt: exams.endAt,
  createdAt: exams.createdAt,
} satisfies Record<(typeof EXAM_SORT_KEYS)[number], unknown>;
const joins = <Q extends { leftJoin: any }>(q: Q) =>
  q
    .leftJoin(examCategories, eq(examCategories.id, exams.categoryId))
    .leftJoin(organizations, eq(organizations.id, exams.orgId))
    .leftJoin(users, eq(users.id, exams.createdBy));

/** The management list: exams whose organization lies in the caller's data scope. */
export const examList = defineList({
  name: 'exam_list',
  table: exams,
  tables: ['exams', 'organizations', 'exam_categories'],
  scope: { column: exams.orgId },
  filters: {
    status: (v) => sql`${stateNow} = ${v}`,
    categoryId: inCategory,
    startFrom: (v) => sql`${exams.startAt} >= ${v}::timestamptz`,
    startTo: (v) => sql`${exams.startAt} <= ${v}::timestamptz`,
  },
  keyword: (pattern) => sql`${exams.name} ilike ${pattern}`,
  sort: sortColumns,
  columns: rowColumns,
  join: joins,
});
/** A row of the list or the detail (category, organization and creator left-joined). */
export type ExamRecord = LockedExam;

export function findExams(lists: ListRuntime, p: Principal, q: ExamListQuery) {
  return examList.run(lists, p, q);
}

const detailColumns = {
  ...rowColumns,
  orgPath: organizations.path,
  answerMode: exams.answerMode,
  countdownMode: exams.countdownMode,
  photoInterval: exams.photoInterval,
  markingMode: exams.markingMode,
  antiCheat: exams.antiCheat,
  leaveLimit: exams.leaveLimit,
  scoreDisplay: exams.scoreDisplay,
  showAnswers: exams.showAnswers,
  showRanking: exams.showRanking,
  certificateTemplateId: exams.certificateTemplateId,
};

/** Exams by id (id order) with what the rules compare and their organization's path for the scope check. */
function examsByIds(db: DbOrTx, ids: number[]) {
  return db
    .select({ ...detailColumns })
    .from(exams)
    .leftJoin(examCategories, eq(examCategories.id, exams.categoryId))
    .leftJoin(organizations, eq(organizations.id, exams.orgId))
    .leftJoin(users, eq(users.id, exams.createdBy))
    .where(inArray(exams.id, ids))
    .orderBy(asc(exams.id));
}

export function getExams(db: DbOrTx, ids: number[]): Promise<ExamRecord[]> {
  return examsByIds(db, ids);
}

export async function certificateName(db: DbOrTx, id: number | null) {
  if (id == null) return null;
  const [row] = await db.select({ name: certificateTemplates.name }).from(certificateTemplates).where(eq(certificateTemplates.id, id));
  return row?.name ?? null;
}

export function getReviewers(db: DbOrTx, examId: number) {
  return db
    .select({ id: examReviewers.userId, name: users.realname })
    .from(examReviewers)
    .leftJoin(users, eq(users.id, examReviewers.userId))
    .where(eq(examReviewers.examId, examId))
    .orderBy(asc(examReviewers.userId));
}

/** Locks exams (id order) for a change. */
export function lockExams(tx: DbOrTx, ids: number[]) {
  return examsByIds(tx, ids).for('update', { of: exams });
}
export type LockedExam = Awaited<ReturnType<typeof lockExams>>[number];

export type ExamValues = Omit<typeof exams.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'status' | 'orgId' | 'createdBy' | 'publishedAt'>;

export async function insertExam(db: DbOrTx, v: ExamValues & { orgId: number | null; createdBy: number }): Promise<number> {
  return insertRow(db, exams, v);
}

export async function updateExam(db: DbOrTx, id: number, set: Partial<ExamValues>) {
  await updateRow(db, exams, id, set);
}

export async function setReviewers(db: DbOrTx, examId: number, userIds: number[]) {
  await db.delete(examReviewers).where(eq(examReviewers.examId, examId));
  if (userIds.length) await db.insert(examReviewers).values([...new Set(userIds)].map((userId) => ({ examId, userId })));
}

export async function deleteExams(db: DbOrTx, ids: number[]) {
  await db.delete(exams).where(inArray(exams.id, ids));
}

/** The caller's own end (the exam's, or their personal extension's when later) and state at `now`: an exam the
 * clock has ended is still open to someone whose extension runs on (the same rule as starting an attempt). */
const myEnd = sql`greatest(${exams.endAt}, ${examExtensions.endAt})`;
const myStateAt = (now: Date) => {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<ExamStatus>`(case when ${exams.status} in ('published', 'started', 'ended') and ${at} >= ${myEnd} then 'ended'
  when ${exams.status} in ('published', 'started', 'ended') and ${at} >= ${exams.startAt} then 'started' else ${exams.status} end)`;
};

/** A learner's exams: published (in any clock state) and open to them, not ended first, then soonest start; states at `now`
 * (the application's clock, the one starting an attempt reads). */
export async function findMyExams(db: DbOrTx, userId: number, q: MyExamQuery, now: Date) {
  const myState = myStateAt(now);
  const conds = and(
    inArray(exams.status, ['published', 'started', 'ended']),
    inAudience(EXAM_AUDIENCE, exams.id, sql`${userId}::int`),
    q.keyword ? sql`${exams.name} ilike ${keywordPattern(q.keyword)}` : undefined,
    q.status ? sql`${myState} = ${q.status}` : undefined,
  );
  const rows = await db
    .select({
      id: exams.id,
      name: exams.name,
      categoryName: examCategories.name,
      status: myState,
      startAt: exams.startAt,
      endAt: exams.endAt,
      duration: exams.duration,
      total: exams.total,
      passPercent: exams.passPercent,
      attempts: exams.attempts,
      myEndAt: sql<Date>`${myEnd}`.mapWith((v: string | Date) => new Date(v)),
      attemptsAllowed: sql<number>`${exams.attempts} + coalesce(${examExtensions.extraAttempts}, 0)`.mapWith(Number),
      attemptsUsed: sql<number>`(select count(*) from ${examAttempts} a where a.exam_id = ${exams.id} and a.user_id = ${userId}::int)`.mapWith(Number),
      ongoingAttemptId: sql<number | null>`(select a.id from ${examAttempts} a where a.exam_id = ${exams.id} and a.user_id = ${userId}::int and a.status = 'ongoing')`,
      last: sql<{
        score: number | null;
        passed: boolean | null;
        status: string;
      } | null>`(select json_build_object('score', case when ${exams.scoreDisplay} = 'immediate' or (${exams.scoreDisplay} = 'published' and ${exams.scoresPublishedAt} is not null) then a.score end, 'passed', case when ${exams.scoreDisplay} = 'immediate' or (${exams.scoreDisplay} = 'published' and ${exams.scoresPublishedAt} is not null) then a.passed end, 'status', a.status) from ${examAttempts} a where a.exam_id = ${exams.id} and a.user_id = ${userId}::int and a.status <> 'ongoing' order by a.number desc limit 1)`,
      count: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(exams)
    .leftJoin(examCategories, eq(examCategories.id, exams.categoryId))
    .leftJoin(examExtensions, and(eq(examExtensions.examId, exams.id), eq(examExtensions.userId, sql`${userId}::int`)))
    .where(conds)
    .orderBy(sql`(case when ${myState} = 'ended' then 1 else 0 end)`, asc(exams.startAt), asc(exams.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  let total = rows[0]?.count ?? 0;
  if (!rows.length && q.page > 1) {
    const [c] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(exams)
      .leftJoin(examExtensions, and(eq(examExtensions.examId, exams.id), eq(examExtensions.userId, sql`${userId}::int`)))
      .where(conds);
    total = c?.n ?? 0;
  }
  return { rows, total };
}

/** Of these papers, those an exam (in any state) is built on: such a paper is neither changed nor deleted. */
export async function papersUsedByExams(db: DbOrTx, paperIds: number[]): Promise<number[]> {
  if (!paperIds.length) return [];
  const rows = await db.selectDistinct({ id: exams.paperId }).from(exams).where(inArray(exams.paperId, paperIds));
  return rows.map((r) => r.id);
}
