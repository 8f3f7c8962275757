import { sql, type SQL } from 'drizzle-orm';
import type { AnswerValue, AttemptStatus, DrawnQuestion, ExamStatus, QuestionKey, SubmitState, SubmittedBy } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { keywordPattern } from '../../platform/list.js';
import { inScope } from '../../platform/scope.js';
import { audienceUserIds, inAudience } from '../audiences/index.js';
import { pagedRows, type PageWindow } from '../../platform/paging.js';
import { EXAM_AUDIENCE } from '@hanlin/shared';
import { onlyRow } from '../../platform/db/rows.js';

/**
 * SQL of marking, grades and statistics. A person's result is their best finished attempt:
 * `bestAttempts` (highest score, then the earlier submission; attempts being marked after scored ones).
 */

/** A time as ISO text: `null` for none. */
export function toIso(v: Date | string): string;
export function toIso(v: Date | string | null | undefined): string | null;
export function toIso(v: Date | string | null | undefined) {
  return v == null ? null : new Date(v).toISOString();
}

/** Timestamps come from raw statements as text (the driver leaves them unparsed), numerics as text or numbers. */
type SqlTime = string;
type SqlNumber = number | string;

export interface ExamFacts {
  id: number;
  name: string;
  status: ExamStatus;
  startAt: Date;
  endAt: Date;
  total: number;
  passPercent: number;
  orgPath: string | null;
  scoreDisplay: string;
  showAnswers: boolean;
  showRanking: boolean;
  scoresPublishedAt: Date | null;
  isReviewer: boolean;
}

/** An exam with what marking and grades decide on; `lock` takes the row for update. */
type ExamFactsSqlRow = {
  id: number;
  name: string;
  status: ExamStatus;
  start_at: SqlTime;
  end_at: SqlTime;
  total: SqlNumber;
  pass_percent: number;
  org_path: string | null;
  score_display: string;
  show_answers: boolean;
  show_ranking: boolean;
  scores_published_at: SqlTime | null;
  is_reviewer: boolean;
};

export async function examFacts(db: DbOrTx, examId: number, userId: number, lock = false): Promise<ExamFacts | undefined> {
  const { rows } = await db.execute<ExamFactsSqlRow>(sql`
    select e.id, e.name, e.status, e.start_at, e.end_at, e.total, e.pass_percent, o.path as org_path, e.score_display,
      e.show_answers, e.show_ranking, e.scores_published_at,
      exists (select 1 from exam_reviewers r where r.exam_id = e.id and r.user_id = ${userId}) as is_reviewer
    from exams e left join organizations o on o.id = e.org_id where e.id = ${examId}
    ${lock ? sql`for update of e` : sql``}`);
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: Number(r.id),
    name: String(r.name),
    status: r.status,
    startAt: new Date(r.start_at),
    endAt: new Date(r.end_at),
    total: Number(r.total),
    passPercent: Number(r.pass_percent),
    orgPath: r.org_path ?? null,
    scoreDisplay: String(r.score_display),
    showAnswers: Boolean(r.show_answers),
    showRanking: Boolean(r.show_ranking),
    scoresPublishedAt: r.scores_published_at ? new Date(r.scores_published_at) : null,
    isReviewer: Boolean(r.is_reviewer),
  };
}

export interface AttemptRecord {
  id: number;
  examId: number;
  userId: number;
  realname: string;
  number: number;
  status: AttemptStatus;
  submittedBy: SubmittedBy | null;
  startedAt: Date;
  submittedAt: Date | null;
  total: number;
  autoScore: number | null;
  score: number | null;
  passed: boolean | null;
  adjustedByName: string | null;
  adjustedAt: Date | null;
  questions: DrawnQuestion[];
  keys: QuestionKey[];
}

/** One attempt with its snapshot; `lock` takes the attempt row for update. */
/** Whether the person has an attempt at the exam being answered now. */
export async function hasOngoingAttempt(db: DbOrTx, examId: number, userId: number): Promise<boolean> {
  const { rows } = await db.execute<{ x: number }>(sql`select 1 as x from exam_attempts where exam_id = ${examId} and user_id = ${userId} and status = 'ongoing' limit 1`);
  return rows.length > 0;
}

type AttemptSqlRow = {
  id: number;
  exam_id: number;
  user_id: number;
  realname: string;
  number: number;
  status: AttemptStatus;
  submitted_by: SubmittedBy | null;
  started_at: SqlTime;
  submitted_at: SqlTime | null;
  total: SqlNumber;
  auto_score: SqlNumber | null;
  score: SqlNumber | null;
  passed: boolean | null;
  adjusted_by_name: string | null;
  adjusted_at: SqlTime | null;
  questions: DrawnQuestion[];
  keys: QuestionKey[];
};

export async function attemptRecord(db: DbOrTx, attemptId: number, lock = false): Promise<AttemptRecord | undefined> {
  const { rows } = await db.execute<AttemptSqlRow>(sql`
    select a.id, a.exam_id, a.user_id, u.realname, a.number, a.status, a.submitted_by, a.started_at, a.submitted_at, a.total,
      a.auto_score, a.score, a.passed, adj.realname as adjusted_by_name, a.adjusted_at, a.questions, a.keys
    from exam_attempts a join users u on u.id = a.user_id left join users adj on adj.id = a.adjusted_by
    where a.id = ${attemptId} ${lock ? sql`for update of a` : sql``}`);
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: Number(r.id),
    examId: Number(r.exam_id),
    userId: Number(r.user_id),
    realname: String(r.realname),
    number: Number(r.number),
    status: r.status,
    submittedBy: r.submitted_by ?? null,
    startedAt: new Date(r.started_at),
    submittedAt: r.submitted_at ? new Date(r.submitted_at) : null,
    total: Number(r.total),
    autoScore: r.auto_score == null ? null : Number(r.auto_score),
    score: r.score == null ? null : Number(r.score),
    passed: r.passed == null ? null : Boolean(r.passed),
    adjustedByName: r.adjusted_by_name ?? null,
    adjustedAt: r.adjusted_at ? new Date(r.adjusted_at) : null,
    questions: r.questions,
    keys: r.keys,
  };
}

export interface AnswerRecord {
  position: number;
  questionId: number;
  answer: AnswerValue | null;
  autoScore: number | null;
  correct: boolean | null;
  reviewScore: number | null;
  reviewerName: string | null;
}

export async function attemptAnswers(db: DbOrTx, attemptId: number): Promise<AnswerRecord[]> {
  const { rows } = await db.execute<{
    position: number;
    question_id: number;
    answer: AnswerValue | null;
    auto_score: SqlNumber | null;
    correct: boolean | null;
    review_score: SqlNumber | null;
    reviewer_name: string | null;
  }>(sql`
    select x.position, x.question_id, x.answer, x.auto_score, x.correct, x.review_score, u.realname as reviewer_name
    from exam_attempt_answers x left join users u on u.id = x.reviewed_by where x.attempt_id = ${attemptId} order by x.position`);
  return rows.map((r) => ({
    position: Number(r.position),
    questionId: Number(r.question_id),
    answer: r.answer ?? null,
    autoScore: r.auto_score == null ? null : Number(r.auto_score),
    correct: r.correct == null ? null : Boolean(r.correct),
    reviewScore: r.review_score == null ? null : Number(r.review_score),
    reviewerName: r.reviewer_name ?? null,
  }));
}

/** Writes reviewer marks on subjective answers (those without a system mark) of an attempt. */
export async function writeMarks(tx: DbOrTx, attemptId: number, reviewerId: number, marks: { position: number; score: number }[]) {
  for (const m of marks)
    await tx.execute(sql`update exam_attempt_answers set review_score = ${m.score}, reviewed_by = ${reviewerId}, reviewed_at = now()
      where attempt_id = ${attemptId} and position = ${m.position}`);
}

/** Subjective answers still without a mark, and the attempt's score as marked so far. */
export async function markingState(tx: DbOrTx, attemptId: number) {
  const { rows } = await tx.execute<{ pending: number; score: number }>(sql`
    select count(*) filter (where auto_score is null and review_score is null)::int as pending,
      coalesce(sum(coalesce(auto_score, 0) + coalesce(review_score, 0)), 0)::float8 as score
    from exam_attempt_answers where attempt_id = ${attemptId}`);
  return onlyRow(rows);
}

/** Attempts of an exam by state (ongoing, marking, marked). */
export async function attemptCounts(db: DbOrTx, examIds: number[]) {
  const { rows } = await db.execute<{ exam_id: number; ongoing: number; marking: number; marked: number }>(sql`
    select exam_id, count(*) filter (where status = 'ongoing')::int as ongoing, count(*) filter (where status = 'marking')::int as marking,
      count(*) filter (where status = 'marked')::int as marked
    from exam_attempts where exam_id = any(${sql.param(examIds)}::int[]) group by exam_id`);
  return new Map(rows.map((r) => [Number(r.exam_id), r]));
}

export async function setScoresPublished(tx: DbOrTx, examId: number) {
  const { rows } = await tx.execute(sql`update exams set scores_published_at = now() where id = ${examId} and scores_published_at is null returning id`);
  return rows.length > 0;
}

// ---------------------------------------------------------------- marking lists

const isReviewer = (userId: number) => sql`exists (select 1 from exam_reviewers r where r.exam_id = e.id and r.user_id = ${userId})`;

/** An exam row of the marking and grade lists, as their statements select it. */
export type ExamListSqlRow = {
  id: number;
  name: string;
  status: ExamStatus;
  total: SqlNumber;
  scores_published_at: SqlTime | null;
  org_path: string | null;
  is_reviewer: boolean;
};
export type MarkingExamSqlRow = ExamListSqlRow & {
  start_at: SqlTime;
  end_at: SqlTime;
  waiting: number;
};
export type MarkingExamineeSqlRow = {
  attempt_id: number;
  user_id: number;
  realname: string;
  username: string;
  org_name: string | null;
  number: number;
  status: AttemptStatus;
  submitted_at: SqlTime | null;
  auto_score: SqlNumber | null;
  score: SqlNumber | null;
  pending: number;
};

/** Exams the caller marks: named reviewer, or (holding cjpy:modify) any exam of their scope. */
export function markingExams(db: DbOrTx, p: Principal, canMarkScope: boolean, q: { keyword?: string; waiting?: boolean }, page: PageWindow) {
  const mine = sql`e.id in (select r.exam_id from exam_reviewers r where r.user_id = ${p.userId})`;
  const access = canMarkScope ? sql`(${mine} or ${inScope(p, sql`e.org_id`)})` : mine;
  const waiting = sql`(select count(*) from exam_attempts a where a.exam_id = e.id and a.status = 'marking')::int`;
  const query = sql`select e.id, e.name, e.status, e.start_at, e.end_at, e.total, e.scores_published_at, ${waiting} as waiting,
      (select o.path from organizations o where o.id = e.org_id) as org_path, ${isReviewer(p.userId)} as is_reviewer
    from exams e where e.status <> 'draft' and ${access}
    ${q.keyword ? sql`and e.name ilike ${keywordPattern(q.keyword)}` : sql``}
    ${q.waiting ? sql`and ${waiting} > 0` : sql``}`;
  return pagedRows<MarkingExamSqlRow>(db, query, sql`waiting desc, id desc`, page);
}

export function markingExaminees(db: DbOrTx, q: { examId: number; marked?: boolean; keyword?: string }, page: PageWindow) {
  const pending = sql`(select count(*) from exam_attempt_answers x where x.attempt_id = a.id and x.auto_score is null and x.review_score is null)::int`;
  const reviewed = sql`exists (select 1 from exam_attempt_answers x where x.attempt_id = a.id and x.review_score is not null)`;
  const state =
    q.marked === undefined
      ? sql`(a.status = 'marking' or (a.status = 'marked' and ${reviewed}))`
      : q.marked
        ? sql`a.status = 'marked' and ${reviewed}`
        : sql`a.status = 'marking'`;
  const query = sql`select a.id as attempt_id, a.user_id, u.realname, u.username, o.name as org_name, a.number, a.status, a.submitted_at,
      a.auto_score, a.score, ${pending} as pending
    from exam_attempts a join users u on u.id = a.user_id left join organizations o on o.id = u.org_id
    where a.exam_id = ${q.examId} and ${state}
    ${q.keyword ? sql`and (u.realname ilike ${keywordPattern(q.keyword)} or u.username ilike ${keywordPattern(q.keyword)})` : sql``}`;
  return pagedRows<MarkingExamineeSqlRow>(db, query, sql`submitted_at asc nulls last, attempt_id asc`, page);
}

// ---------------------------------------------------------------- grades

/** Each person's best finished attempt of one exam (a statement selecting attempts `b`). */
export const bestAttempts = (examId: number | SQL, onlyMarked = false) =>
  sql`select distinct on (a.user_id) a.* from exam_attempts a where a.exam_id = ${examId} and a.status ${onlyMarked ? sql`= 'marked'` : sql`<> 'ongoing'`}
    order by a.user_id, a.score desc nulls last, a.submitted_at asc nulls last, a.id asc`;

export function gradeExams(
  db: DbOrTx,
  p: Principal,
  q: { keyword?: string; status?: string; categoryId?: number; startFrom?: string; startTo?: string },
  order: SQL,
  page: PageWindow,
) {
  return pagedRows<GradeExamSqlRow>(db, gradeExamQuery(p, q), order, page);
}

const stateSql = sql`(case when e.status in ('published', 'started') and now() >= e.end_at then 'ended'
  when e.status = 'published' and now() >= e.start_at then 'started' else e.status end)`;

/** A row of `gradeExamQuery`. */
export type GradeExamSqlRow = ExamListSqlRow & {
  category_name: string | null;
  startAt: SqlTime;
  endAt: SqlTime;
  pass_percent: number;
};

export function gradeExamQuery(p: Principal, q: { keyword?: string; status?: string; categoryId?: number; startFrom?: string; startTo?: string; id?: number }) {
  return sql`select e.id, e.name, c.name as category_name, e.status, e.start_at as "startAt", e.end_at as "endAt", e.total, e.pass_percent,
      e.scores_published_at, (select o.path from organizations o where o.id = e.org_id) as org_path, ${isReviewer(p.userId)} as is_reviewer
    from exams e left join exam_categories c on c.id = e.category_id
    where e.status <> 'draft' and ${inScope(p, sql`e.org_id`)}
    ${q.id ? sql`and e.id = ${q.id}` : sql``}
    ${q.keyword ? sql`and e.name ilike ${keywordPattern(q.keyword)}` : sql``}
    ${q.status ? sql`and ${stateSql} = ${q.status}` : sql``}
    ${q.categoryId ? sql`and e.category_id in (select c2.id from exam_categories c2, exam_categories p2 where p2.id = ${q.categoryId} and c2.path like p2.path || '%')` : sql``}
    ${q.startFrom ? sql`and e.start_at >= ${q.startFrom}::timestamptz` : sql``}
    ${q.startTo ? sql`and e.start_at <= ${q.startTo}::timestamptz` : sql``}`;
}

/** Result counts of exams: people who submitted, passed (best attempt), average of marked best scores. */
export async function resultCounts(db: DbOrTx, examIds: number[]) {
  if (!examIds.length) return new Map<number, { submitted: number; passed: number; average: number | null }>();
  const { rows } = await db.execute<{ exam_id: number; submitted: number; passed: number; average: number | null }>(sql`
    select b.exam_id, count(*)::int as submitted, count(*) filter (where b.passed)::int as passed,
      avg(b.score) filter (where b.status = 'marked')::float8 as average
    from (select distinct on (a.exam_id, a.user_id) a.exam_id, a.user_id, a.score, a.passed, a.status from exam_attempts a
      where a.exam_id = any(${sql.param(examIds)}::int[]) and a.status <> 'ongoing'
      order by a.exam_id, a.user_id, a.score desc nulls last, a.submitted_at asc nulls last, a.id asc) b
    group by b.exam_id`);
  return new Map(rows.map((r) => [Number(r.exam_id), { submitted: r.submitted, passed: r.passed, average: r.average == null ? null : Number(r.average) }]));
}

export async function audienceSize(db: DbOrTx, examId: number) {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${audienceUserIds({ type: EXAM_AUDIENCE, id: examId })}) m`);
  return rows[0]?.n ?? 0;
}

export async function inExamAudience(db: DbOrTx, examId: number, userId: number) {
  const { rows } = await db.execute(sql`select 1 from (${audienceUserIds({ type: EXAM_AUDIENCE, id: examId })}) m where m.user_id = ${userId}`);
  return rows.length > 0;
}

export interface GradePersonFilter {
  examId: number;
  state?: string;
  passed?: boolean;
  keyword?: string;
  orgPath?: string | null;
}

/** A row of `gradePeopleQuery`. */
export type GradePersonSqlRow = {
  userId: number;
  realname: string;
  username: string;
  orgName: string | null;
  attemptId: number | null;
  attemptStatus: AttemptStatus | null;
  submittedBy: SubmittedBy | null;
  state: SubmitState;
  score: SqlNumber | null;
  passed: boolean | null;
  attemptsUsed: number;
  submittedAt: SqlTime | null;
  adjusted: boolean;
  extendedEndAt: SqlTime | null;
  extraAttempts: number;
};

/** Every audience member with their best attempt (none: not submitted). */
export function gradePeopleQuery(f: GradePersonFilter) {
  const state = sql`(case when b.id is null then 'notSubmitted' when b.submitted_by = 'leaveLimit' then 'exception' else 'normal' end)`;
  return sql`select u.id as "userId", u.realname, u.username, o.name as "orgName", b.id as "attemptId", b.status as "attemptStatus",
      b.submitted_by as "submittedBy", ${state} as state, b.score, b.passed, coalesce(c.n, 0)::int as "attemptsUsed",
      b.submitted_at as "submittedAt", (b.adjusted_at is not null) as adjusted, x.end_at as "extendedEndAt", coalesce(x.extra_attempts, 0)::int as "extraAttempts"
    from (${audienceUserIds({ type: EXAM_AUDIENCE, id: f.examId })}) m
    join users u on u.id = m.user_id
    left join organizations o on o.id = u.org_id
    left join (${bestAttempts(f.examId)}) b on b.user_id = u.id
    left join (select a.user_id, count(*) as n from exam_attempts a where a.exam_id = ${f.examId} group by a.user_id) c on c.user_id = u.id
    left join exam_extensions x on x.exam_id = ${f.examId} and x.user_id = u.id
    where true
    ${f.state ? sql`and ${state} = ${f.state}` : sql``}
    ${f.passed !== undefined ? (f.passed ? sql`and b.passed` : sql`and b.passed is false`) : sql``}
    ${f.keyword ? sql`and (u.realname ilike ${keywordPattern(f.keyword)} or u.username ilike ${keywordPattern(f.keyword)})` : sql``}
    ${f.orgPath ? sql`and o.path like ${f.orgPath + '%'}` : sql``}`;
}

export async function updateScore(tx: DbOrTx, attemptId: number, score: number, passed: boolean, by: number) {
  await tx.execute(sql`update exam_attempts set score = ${score}, passed = ${passed}, adjusted_by = ${by}, adjusted_at = now() where id = ${attemptId}`);
}

export async function upsertExtension(tx: DbOrTx, v: { examId: number; userId: number; endAt: Date; extraAttempts: number; by: number }) {
  await tx.execute(sql`insert into exam_extensions (exam_id, user_id, end_at, extra_attempts, created_by) values (${v.examId}, ${v.userId}, ${v.endAt.toISOString()}::timestamptz, ${v.extraAttempts}, ${v.by})
    on conflict (exam_id, user_id) do update set end_at = excluded.end_at, extra_attempts = excluded.extra_attempts, created_by = excluded.created_by, created_at = now()`);
}

/** A row of `rankingQuery`. */
export type RankingSqlRow = {
  rank: number;
  ord: number;
  userId: number;
  realname: string;
  orgName: string | null;
  score: SqlNumber;
  passed: boolean;
  submittedAt: SqlTime | null;
};

/** The ranking: best marked score per person; equal scores share a place (1, 2, 2, 4), listed by the earlier submission (`ord`). */
export function rankingQuery(examId: number) {
  return sql`select rank() over (order by b.score desc)::int as rank,
      row_number() over (order by b.score desc, b.submitted_at asc nulls last, b.id asc)::int as ord, b.user_id as "userId", u.realname,
      o.name as "orgName", b.score, b.passed, b.submitted_at as "submittedAt"
    from (${bestAttempts(examId, true)}) b join users u on u.id = b.user_id left join organizations o on o.id = u.org_id`;
}

// ---------------------------------------------------------------- statistics

export interface StatAnswer {
  attemptId: number;
  position: number;
  questionId: number;
  answer: AnswerValue | null;
  mark: number | null;
  correct: boolean | null;
  key: QuestionKey;
}

/** The answers of the given attempts with each question's key (from the attempt's snapshot). */
export async function answersOf(db: DbOrTx, attemptIds: number[]): Promise<StatAnswer[]> {
  if (!attemptIds.length) return [];
  const { rows } = await db.execute<{
    attempt_id: number;
    position: number;
    question_id: number;
    answer: AnswerValue | null;
    mark: SqlNumber | null;
    correct: boolean | null;
    key: QuestionKey;
  }>(sql`
    select x.attempt_id, x.position, x.question_id, x.answer, coalesce(x.review_score, x.auto_score) as mark, x.correct,
      a.keys -> (x.position - 1) as key
    from exam_attempt_answers x join exam_attempts a on a.id = x.attempt_id where x.attempt_id = any(${sql.param(attemptIds)}::int[])`);
  return rows.map((r) => ({
    attemptId: Number(r.attempt_id),
    position: Number(r.position),
    questionId: Number(r.question_id),
    answer: r.answer ?? null,
    mark: r.mark == null ? null : Number(r.mark),
    correct: r.correct == null ? null : Boolean(r.correct),
    key: r.key,
  }));
}

/** Each question's face (from the first attempt that drew it), by question id. */
export async function questionFaces(db: DbOrTx, examId: number) {
  const { rows } = await db.execute<{ question_id: number; position: number; q: DrawnQuestion }>(sql`
    select distinct on (x.question_id) x.question_id, x.position, a.questions -> (x.position - 1) as q
    from exam_attempt_answers x join exam_attempts a on a.id = x.attempt_id where a.exam_id = ${examId} and a.status <> 'ongoing'
    order by x.question_id, a.id`);
  return new Map(rows.map((r) => [Number(r.question_id), { position: Number(r.position), q: r.q }]));
}

export async function bestScored(db: DbOrTx, examId: number) {
  const { rows } = await db.execute<{ id: number; score: number; passed: boolean; submitted_at: string | null }>(
    sql`select b.id, b.score, b.passed, b.submitted_at from (${bestAttempts(examId, true)}) b`,
  );
  return rows.map((r) => ({ id: Number(r.id), score: Number(r.score), passed: Boolean(r.passed), submittedAt: r.submitted_at }));
}

export async function finishedAttemptIds(db: DbOrTx, examId: number) {
  const { rows } = await db.execute<{ id: number }>(sql`select id from exam_attempts where exam_id = ${examId} and status <> 'ongoing'`);
  return rows.map((r) => Number(r.id));
}

/** Across the exams of a grade list filter: people submitted, passed, average of best scores. */
export async function gradeTotals(db: DbOrTx, examQuery: SQL) {
  const { rows } = await db.execute<{ exams: number; examinees: number; submitted: number; passed: number; average: number | null }>(sql`
    with ex as (${examQuery}),
    best as (select distinct on (a.exam_id, a.user_id) a.exam_id, a.user_id, a.score, a.passed, a.status from exam_attempts a
      where a.exam_id in (select id from ex) and a.status <> 'ongoing' order by a.exam_id, a.user_id, a.score desc nulls last, a.submitted_at asc nulls last, a.id asc)
    select (select count(*) from ex)::int as exams, (select count(distinct user_id) from best)::int as examinees,
      (select count(*) from best)::int as submitted, (select count(*) from best where passed)::int as passed,
      (select avg(score) from best where status = 'marked')::float8 as average`);
  return onlyRow(rows);
}

/** A row of `personTotalsQuery`. */
export type PersonTotalSqlRow = {
  userId: number;
  realname: string;
  username: string;
  orgName: string | null;
  exams: number;
  passed: number;
  average: number | null;
};

/** Per person (in the caller's scope) with a finished attempt: exams taken, passed, average of best scores. */
export function personTotalsQuery(p: Principal, f: { keyword?: string; orgPath?: string | null }) {
  return sql`select u.id as "userId", u.realname, u.username, o.name as "orgName", count(*)::int as exams,
      count(*) filter (where b.passed)::int as passed, avg(b.score) filter (where b.status = 'marked')::float8 as average
    from (select distinct on (a.exam_id, a.user_id) a.exam_id, a.user_id, a.score, a.passed, a.status from exam_attempts a where a.status <> 'ongoing'
      order by a.exam_id, a.user_id, a.score desc nulls last, a.submitted_at asc nulls last, a.id asc) b
    join users u on u.id = b.user_id left join organizations o on o.id = u.org_id
    where ${inScope(p, sql`u.org_id`)}
    ${f.keyword ? sql`and (u.realname ilike ${keywordPattern(f.keyword)} or u.username ilike ${keywordPattern(f.keyword)})` : sql``}
    ${f.orgPath ? sql`and o.path like ${f.orgPath + '%'}` : sql``}
    group by u.id, u.realname, u.username, o.name`;
}

export async function personExams(db: DbOrTx, userId: number) {
  const { rows } = await db.execute<{
    exam_id: number;
    exam_name: string;
    attempt_id: number;
    attempts: number;
    score: SqlNumber | null;
    passed: boolean | null;
    submitted_at: SqlTime | null;
  }>(sql`
    select b.exam_id, e.name as exam_name, b.id as attempt_id, (select count(*) from exam_attempts c where c.exam_id = b.exam_id and c.user_id = b.user_id)::int as attempts,
      b.score, b.passed, b.submitted_at
    from (select distinct on (a.exam_id) a.* from exam_attempts a where a.user_id = ${userId} and a.status <> 'ongoing'
      order by a.exam_id, a.score desc nulls last, a.submitted_at asc nulls last, a.id asc) b join exams e on e.id = b.exam_id
    order by b.submitted_at desc nulls last, b.exam_id desc`);
  return rows;
}

export async function userOrgPath(db: DbOrTx, userId: number) {
  const { rows } = await db.execute<{ path: string | null }>(sql`select o.path from users u left join organizations o on o.id = u.org_id where u.id = ${userId}`);
  return rows[0];
}

/** One person's row of an exam's ranking (undefined when they are not ranked). */
export async function rankingRowOf(db: DbOrTx, examId: number, userId: number): Promise<RankingSqlRow | undefined> {
  const { rows } = await db.execute<RankingSqlRow>(sql`select * from (${rankingQuery(examId)}) r where r."userId" = ${userId}`);
  return rows[0];
}

/** The exam is open to the person (audience) or they sat it. */
export async function reachesExam(db: DbOrTx, userId: number, examId: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select 1 where ${inAudience('exam', sql`${examId}::int`, sql`${userId}::int`)} or exists (select 1 from exam_attempts a where a.exam_id = ${examId} and a.user_id = ${userId})`,
  );
  return rows.length > 0;
}
