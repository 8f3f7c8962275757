import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { EXAM_AUDIENCE, type AnswerValue, type DrawnQuestion, type QuestionKey } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { tableVersionsSql } from '../../platform/db/counts.js';
import { xactLockSql } from '../../platform/locks.js';
import { inAudience } from '../audiences/index.js';
import { organizations } from '../orgs/index.js';
import { exams } from './exams.schema.js';
import { examAttemptAnswers, examAttempts, examExtensions, examPhotos } from './exam-attempt.schema.js';
import { DRAW_TABLES } from './exam-attempt.draws.js';

/** The exam's settings an attempt follows (the sheet, scoring, score display, certificate). */
const examSettings = {
  answerMode: exams.answerMode,
  countdownMode: exams.countdownMode,
  photoInterval: exams.photoInterval,
  antiCheat: exams.antiCheat,
  leaveLimit: exams.leaveLimit,
  passPercent: exams.passPercent,
  scoreDisplay: exams.scoreDisplay,
  scoresPublishedAt: exams.scoresPublishedAt,
  showAnswers: exams.showAnswers,
  showRanking: exams.showRanking,
  certificateTemplateId: exams.certificateTemplateId,
};

/**
 * What starting an attempt checks, for one exam and one person: audience, personal end and attempts, the
 * ongoing attempt; with the version of the paper's draw (the tables it reads). Nothing is locked: the
 * insert's unique indexes settle parallel starts of one person.
 */
export async function examForStart(db: DbOrTx, examId: number, userId: number) {
  const [row] = await db
    .select({
      id: exams.id,
      name: exams.name,
      status: exams.status,
      startAt: exams.startAt,
      endAt: exams.endAt,
      duration: exams.duration,
      paperId: exams.paperId,
      ...examSettings,
      inAudience: sql<boolean>`${inAudience(EXAM_AUDIENCE, exams.id, sql`${userId}::int`)}`,
      myEndAt: sql<Date>`greatest(${exams.endAt}, ${examExtensions.endAt})`.mapWith((v: string | Date) => new Date(v)),
      attemptsAllowed: sql<number>`${exams.attempts} + coalesce(${examExtensions.extraAttempts}, 0)`.mapWith(Number),
      attemptsUsed: sql<number>`(select count(*) from exam_attempts a where a.exam_id = ${exams.id} and a.user_id = ${userId}::int)`.mapWith(Number),
      ongoing: sql<{
        id: number;
        deadlineAt: string;
      } | null>`(select json_build_object('id', a.id, 'deadlineAt', a.deadline_at) from exam_attempts a where a.exam_id = ${exams.id} and a.user_id = ${userId}::int and a.status = 'ongoing')`,
      drawVersion: tableVersionsSql(DRAW_TABLES),
    })
    .from(exams)
    .leftJoin(examExtensions, and(eq(examExtensions.examId, exams.id), eq(examExtensions.userId, sql`${userId}::int`)))
    .where(eq(exams.id, examId));
  return row ?? null;
}

export type AttemptValues = {
  examId: number;
  userId: number;
  number: number;
  seed: string;
  deadlineAt: Date;
  questions: DrawnQuestion[];
  keys: QuestionKey[];
  total: number;
};

/**
 * A new attempt with one (empty) answer row per drawn question, in one statement holding the exam's
 * shared `examScores` lock until it commits (no publication of scores meanwhile); null when a unique
 * index refuses it (the person's ongoing attempt or this attempt number exists: a parallel start won).
 */
export async function insertAttempt(db: DbOrTx, v: AttemptValues): Promise<{ id: number; startedAt: Date } | null> {
  const { rows } = await db.execute<{ id: number; started_at: string | Date }>(sql`
    with l as (select ${xactLockSql('examScores', [v.examId], { shared: true })}), a as (
      insert into exam_attempts (exam_id, user_id, number, seed, deadline_at, questions, keys, total)
      select ${v.examId}::int, ${v.userId}::int, ${v.number}::int, ${v.seed}, ${v.deadlineAt.toISOString()}::timestamptz,
        ${JSON.stringify(v.questions)}::jsonb, ${JSON.stringify(v.keys)}::jsonb, ${v.total}::float8 from l
      on conflict do nothing
      returning id, started_at
    ), x as (
      insert into exam_attempt_answers (attempt_id, position, question_id)
      select a.id, p, q from a, unnest(${sql.param(v.questions.map((q) => q.position))}::int[], ${sql.param(v.questions.map((q) => q.questionId))}::int[]) as x(p, q)
    )
    select id, started_at from a`);
  const r = rows[0];
  return r ? { id: Number(r.id), startedAt: new Date(r.started_at) } : null;
}

/** An attempt with the exam settings every call of the examinee needs. */
const attemptColumns = {
  id: examAttempts.id,
  examId: examAttempts.examId,
  userId: examAttempts.userId,
  number: examAttempts.number,
  status: examAttempts.status,
  startedAt: examAttempts.startedAt,
  deadlineAt: examAttempts.deadlineAt,
  submittedAt: examAttempts.submittedAt,
  submittedBy: examAttempts.submittedBy,
  leaveCount: examAttempts.leaveCount,
  total: examAttempts.total,
  score: examAttempts.score,
  passed: examAttempts.passed,
  examName: exams.name,
  ...examSettings,
  attemptsAllowed:
    sql<number>`${exams.attempts} + coalesce((select x.extra_attempts from exam_extensions x where x.exam_id = ${exams.id} and x.user_id = ${examAttempts.userId}), 0)`.mapWith(
      Number,
    ),
};
export type AttemptRecord = Awaited<ReturnType<typeof getAttempt>> & {};

export async function getAttempt(db: DbOrTx, id: number) {
  const [row] = await db.select(attemptColumns).from(examAttempts).innerJoin(exams, eq(exams.id, examAttempts.examId)).where(eq(examAttempts.id, id));
  return row ?? null;
}

/** Locks attempts (FOR UPDATE of the attempt rows) with their keys, for a submission or a leave. */
export function lockAttempts(tx: DbOrTx, ids: number[]) {
  return tx
    .select({ ...attemptColumns, keys: examAttempts.keys })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .where(inArray(examAttempts.id, ids))
    .orderBy(asc(examAttempts.id))
    .for('update', { of: examAttempts });
}
export type LockedAttempt = Awaited<ReturnType<typeof lockAttempts>>[number];

/** Ongoing attempts past their deadline, locked (others' locked ones skipped), oldest deadline first. */
export async function lockDueAttempts(tx: DbOrTx, limit: number): Promise<LockedAttempt[]> {
  const { rows } = await tx.execute<{ id: number }>(sql`select id from exam_attempts where status = 'ongoing' and deadline_at <= now()
    order by deadline_at limit ${limit} for update skip locked`);
  if (!rows.length) return [];
  return lockAttempts(
    tx,
    rows.map((r) => Number(r.id)),
  );
}

export async function questionsOf(db: DbOrTx, id: number) {
  const [row] = await db.select({ userId: examAttempts.userId, questions: examAttempts.questions }).from(examAttempts).where(eq(examAttempts.id, id));
  return row ?? null;
}

export function answersOf(db: DbOrTx, attemptIds: number[]) {
  return db
    .select({
      attemptId: examAttemptAnswers.attemptId,
      position: examAttemptAnswers.position,
      answer: examAttemptAnswers.answer,
      flagged: examAttemptAnswers.flagged,
      seq: examAttemptAnswers.seq,
    })
    .from(examAttemptAnswers)
    .where(inArray(examAttemptAnswers.attemptId, attemptIds))
    .orderBy(asc(examAttemptAnswers.attemptId), asc(examAttemptAnswers.position));
}

export interface SaveItem {
  position: number;
  answer: AnswerValue | null;
  flagged: boolean;
  seq: number;
}

/** One examinee's autosave inside a batch. */
export interface SaveRequest {
  attemptId: number;
  userId: number;
  items: SaveItem[];
}
export type SaveOutcome = {
  status: string;
  submitted_by: string | null;
  open: boolean;
  remaining: number;
  now: string;
};

/**
 * Autosaves of several attempts (one request each, attempts distinct) in one statement. Each attempt
 * is read under a KEY SHARE lock, taken in id order: a submission's FOR UPDATE waits for it, a save
 * after a submission sees the submitted state, and two batches never wait on each other in a cycle.
 * Answers whose stored `seq` is older are written, and only for an attempt of that caller, ongoing
 * and before its deadline (the database's clock). Answers each attempt's state by id; an attempt not
 * found (or someone else's) is missing.
 */
export async function saveAnswersOfMany(db: DbOrTx, saves: SaveRequest[]): Promise<Map<number, SaveOutcome>> {
  const items = saves.flatMap((s) => s.items.map((i) => ({ attempt_id: s.attemptId, ...i })));
  const { rows } = await db.execute<SaveOutcome & { id: number }>(sql`
    with a as (
      select id, status, submitted_by, deadline_at, deadline_at > now() as open from exam_attempts
      where (id, user_id) in (select * from unnest(${sql.param(saves.map((s) => s.attemptId))}::int[], ${sql.param(saves.map((s) => s.userId))}::int[]))
      order by id for key share
    ), x as (
      select * from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x(attempt_id int, position int, answer jsonb, flagged boolean, seq int)
    ), u as (
      update exam_attempt_answers e set answer = x.answer, flagged = x.flagged, seq = x.seq, saved_at = now()
      from x, a
      where a.id = x.attempt_id and a.status = 'ongoing' and a.open and e.attempt_id = a.id and e.position = x.position and e.seq < x.seq
      returning 1
    )
    select id, status, submitted_by, open, greatest(0, floor(extract(epoch from deadline_at - now())))::int as remaining, now() as now, (select count(*) from u) as n from a`);
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** Writes the system's marks of answers. */
export async function markAnswers(tx: DbOrTx, marks: { attemptId: number; position: number; autoScore: number | null; correct: boolean | null }[]) {
  if (!marks.length) return;
  await tx.execute(sql`update exam_attempt_answers e set auto_score = m.s, correct = m.c
    from unnest(${sql.param(marks.map((m) => m.attemptId))}::int[], ${sql.param(marks.map((m) => m.position))}::int[],
      ${sql.param(marks.map((m) => m.autoScore))}::float8[], ${sql.param(marks.map((m) => m.correct))}::boolean[]) as m(a, p, s, c)
    where e.attempt_id = m.a and e.position = m.p`);
}

/** Writes the scores of submitted attempts. */
export async function setScores(tx: DbOrTx, rows: { id: number; autoScore: number; score: number | null; passed: boolean | null }[]) {
  if (!rows.length) return;
  await tx.execute(sql`update exam_attempts t set auto_score = m.a, score = m.s, passed = m.p
    from unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(rows.map((r) => r.autoScore))}::float8[],
      ${sql.param(rows.map((r) => r.score))}::float8[], ${sql.param(rows.map((r) => r.passed))}::boolean[]) as m(i, a, s, p)
    where t.id = m.i`);
}

/** Every answer of a marking attempt with its marks (the last review decides the score). */
export function marksOf(tx: DbOrTx, attemptId: number) {
  return tx
    .select({ autoScore: examAttemptAnswers.autoScore, reviewScore: examAttemptAnswers.reviewScore })
    .from(examAttemptAnswers)
    .where(eq(examAttemptAnswers.attemptId, attemptId));
}

export async function setLeaveCount(tx: DbOrTx, id: number, leaveCount: number) {
  await tx.update(examAttempts).set({ leaveCount }).where(eq(examAttempts.id, id));
}

/** The caller's attempts at one exam, newest first. */
export function attemptsOf(db: DbOrTx, examId: number, userId: number) {
  return db
    .select(attemptColumns)
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .where(and(eq(examAttempts.examId, examId), eq(examAttempts.userId, userId)))
    .orderBy(desc(examAttempts.number));
}

/** The exam's score display and allowed attempts for a person (results of an exam without attempts yet). */
export async function examForResults(db: DbOrTx, examId: number, userId: number) {
  const [row] = await db
    .select({
      inAudience: sql<boolean>`${inAudience(EXAM_AUDIENCE, exams.id, sql`${userId}::int`)}`,
      status: exams.status,
      attemptsAllowed: sql<number>`${exams.attempts} + coalesce(${examExtensions.extraAttempts}, 0)`.mapWith(Number),
    })
    .from(exams)
    .leftJoin(examExtensions, and(eq(examExtensions.examId, exams.id), eq(examExtensions.userId, sql`${userId}::int`)))
    .where(eq(exams.id, examId));
  return row ?? null;
}

export async function insertPhoto(tx: DbOrTx, attemptId: number, fileId: number) {
  await tx.insert(examPhotos).values({ attemptId, fileId });
}

/** The organization path of the exam an attempt belongs to (the read rule of its photos). */
export async function attemptOrgPath(db: DbOrTx, attemptId: number): Promise<string | null | undefined> {
  const [row] = await db
    .select({ path: organizations.path })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .leftJoin(organizations, eq(organizations.id, exams.orgId))
    .where(eq(examAttempts.id, attemptId));
  return row ? row.path : undefined;
}
