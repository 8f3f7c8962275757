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

/** One start asked for: which exam, by whom. */
export interface StartRequest {
  examId: number;
  userId: number;
}

/**
 * What starting an attempt checks, for many (exam, person) pairs in one statement: audience, personal
 * end and attempts, the ongoing attempt; with the version of the paper's draw (the tables it reads).
 * One row per pair whose exam exists (the pair's index in `pair`). Nothing is locked: the insert's
 * unique indexes settle parallel starts of one person.
 */
export async function examsForStart(db: DbOrTx, pairs: StartRequest[]) {
  const userId = sql`p.user_id`;
  return db
    .select({
      pair: sql<number>`p.i`.mapWith(Number),
      id: exams.id,
      name: exams.name,
      status: exams.status,
      startAt: exams.startAt,
      endAt: exams.endAt,
      duration: exams.duration,
      paperId: exams.paperId,
      ...examSettings,
      inAudience: sql<boolean>`${inAudience(EXAM_AUDIENCE, exams.id, userId)}`,
      myEndAt: sql<Date>`greatest(${exams.endAt}, ${examExtensions.endAt})`.mapWith((v: string | Date) => new Date(v)),
      attemptsAllowed: sql<number>`${exams.attempts} + coalesce(${examExtensions.extraAttempts}, 0)`.mapWith(Number),
      attemptsUsed: sql<number>`(select count(*) from exam_attempts a where a.exam_id = ${exams.id} and a.user_id = ${userId})`.mapWith(Number),
      ongoing: sql<{
        id: number;
        deadlineAt: string;
      } | null>`(select json_build_object('id', a.id, 'deadlineAt', a.deadline_at) from exam_attempts a where a.exam_id = ${exams.id} and a.user_id = ${userId} and a.status = 'ongoing')`,
      drawVersion: tableVersionsSql(DRAW_TABLES),
    })
    .from(sql`unnest(${sql.param(pairs.map((x) => x.examId))}::int[], ${sql.param(pairs.map((x) => x.userId))}::int[]) with ordinality as p(exam_id, user_id, i)`)
    .innerJoin(exams, eq(exams.id, sql`p.exam_id`))
    .leftJoin(examExtensions, and(eq(examExtensions.examId, exams.id), eq(examExtensions.userId, userId)));
}
export type ExamForStart = Awaited<ReturnType<typeof examsForStart>>[number];

export type AttemptValues = {
  userId: number;
  number: number;
  seed: string;
  deadlineAt: Date;
  questions: DrawnQuestion[];
  keys: QuestionKey[];
  total: number;
};

/**
 * New attempts of one exam (no answer rows: the first autosave of a question writes its row, the
 * submission the rest), in one statement holding the exam's shared `examScores` lock until it
 * commits (no publication of scores meanwhile). Answers the inserted ones by person; a person
 * missing was refused by a unique index (their ongoing attempt or this attempt number exists: a
 * parallel start won).
 */
export async function insertAttempts(db: DbOrTx, examId: number, v: AttemptValues[]): Promise<Map<number, { id: number; startedAt: Date }>> {
  // Attempts drawn alike (a fixed paper) share one copy of their questions and keys in the statement.
  const drawIndex = new Map<object, number>();
  const draws: { questions: DrawnQuestion[]; keys: QuestionKey[] }[] = [];
  const drawOf = v.map((x) => {
    let i = drawIndex.get(x.questions);
    if (i === undefined) {
      drawIndex.set(x.questions, (i = draws.length));
      draws.push({ questions: x.questions, keys: x.keys });
    }
    return i;
  });
  const { rows } = await db.execute<{ id: number; user_id: number; started_at: string | Date }>(sql`
    with l as (select ${xactLockSql('examScores', [examId], { shared: true })}),
    d as (select (ord - 1)::int as i, x->'questions' as questions, x->'keys' as keys from jsonb_array_elements(${JSON.stringify(draws)}::jsonb) with ordinality as t(x, ord))
    insert into exam_attempts (exam_id, user_id, number, seed, deadline_at, questions, keys, total)
    select ${examId}::int, n.user_id, n.number, n.seed, n.deadline_at, d.questions, d.keys, n.total
      from l, unnest(${sql.param(v.map((x) => x.userId))}::int[], ${sql.param(v.map((x) => x.number))}::int[], ${sql.param(v.map((x) => x.seed))}::text[],
        ${sql.param(v.map((x) => x.deadlineAt.toISOString()))}::timestamptz[], ${sql.param(v.map((x) => x.total))}::float8[], ${sql.param(drawOf)}::int[])
        as n(user_id, number, seed, deadline_at, total, draw)
      join d on d.i = n.draw
    on conflict do nothing
    returning id, user_id, started_at`);
  return new Map(rows.map((r) => [Number(r.user_id), { id: Number(r.id), startedAt: new Date(r.started_at) }]));
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
  /** The question at this position (from the attempt's draw), for the row the first save of it writes. */
  questionId: number;
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
 * An answer's row is written by its first save and replaced by a later one only when the stored `seq`
 * is older (a late retry never overwrites a newer answer), and only for an attempt of that caller,
 * ongoing and before its deadline (the database's clock). Answers each attempt's state by id; an
 * attempt not found (or someone else's) is missing.
 */
export async function saveAnswersOfMany(db: DbOrTx, saves: SaveRequest[]): Promise<Map<number, SaveOutcome>> {
  const items = saves.flatMap((s) =>
    s.items.map((i) => ({ attempt_id: s.attemptId, question_id: i.questionId, position: i.position, answer: i.answer, flagged: i.flagged, seq: i.seq })),
  );
  const { rows } = await db.execute<SaveOutcome & { id: number }>(sql`
    with a as (
      select id, status, submitted_by, deadline_at, deadline_at > now() as open from exam_attempts
      where (id, user_id) in (select * from unnest(${sql.param(saves.map((s) => s.attemptId))}::int[], ${sql.param(saves.map((s) => s.userId))}::int[]))
      order by id for key share
    ), x as (
      select * from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as x(attempt_id int, position int, question_id int, answer jsonb, flagged boolean, seq int)
    ), u as (
      insert into exam_attempt_answers as e (attempt_id, position, question_id, answer, flagged, seq, saved_at)
      select x.attempt_id, x.position, x.question_id, x.answer, x.flagged, x.seq, now() from x join a on a.id = x.attempt_id
      where a.status = 'ongoing' and a.open
      on conflict (attempt_id, position) do update set answer = excluded.answer, flagged = excluded.flagged, seq = excluded.seq, saved_at = excluded.saved_at
      where e.seq < excluded.seq
      returning 1
    )
    select id, status, submitted_by, open, greatest(0, floor(extract(epoch from deadline_at - now())))::int as remaining, now() as now, (select count(*) from u) as n from a`);
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/**
 * Writes the system's marks of every question of submitted attempts and their scores, in one
 * statement: the row of a question never saved is written here (no answer, its mark), the others
 * get their mark.
 */
export async function writeMarks(
  tx: DbOrTx,
  marks: { attemptId: number; position: number; autoScore: number | null; correct: boolean | null }[],
  scores: { id: number; autoScore: number; score: number | null; passed: boolean | null }[],
) {
  if (!marks.length && !scores.length) return;
  await tx.execute(sql`
    with q as (
      select t.id, (x.q->>'position')::int as position, (x.q->>'questionId')::int as question_id
        from exam_attempts t cross join lateral jsonb_array_elements(t.questions) as x(q) where t.id = any(${sql.param(scores.map((r) => r.id))}::int[])
    ), m as (
      insert into exam_attempt_answers as e (attempt_id, position, question_id, auto_score, correct)
      select m.a, m.p, q.question_id, m.s, m.c
        from unnest(${sql.param(marks.map((m) => m.attemptId))}::int[], ${sql.param(marks.map((m) => m.position))}::int[],
          ${sql.param(marks.map((m) => m.autoScore))}::float8[], ${sql.param(marks.map((m) => m.correct))}::boolean[]) as m(a, p, s, c)
        join q on q.id = m.a and q.position = m.p
      on conflict (attempt_id, position) do update set auto_score = excluded.auto_score, correct = excluded.correct
    )
    update exam_attempts t set auto_score = m.a, score = m.s, passed = m.p
      from unnest(${sql.param(scores.map((r) => r.id))}::int[], ${sql.param(scores.map((r) => r.autoScore))}::float8[],
        ${sql.param(scores.map((r) => r.score))}::float8[], ${sql.param(scores.map((r) => r.passed))}::boolean[]) as m(i, a, s, p)
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
