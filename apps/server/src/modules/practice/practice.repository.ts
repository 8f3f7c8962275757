import { and, eq, ilike, inArray, sql } from 'drizzle-orm';
import {
  answerOutcome,
  isMistake,
  EXERCISE_AUDIENCE,
  MISTAKE_SORT_KEYS,
  type AnswerValue,
  type DrawnQuestion,
  type ExerciseListQuery,
  type MistakeListQuery,
  type MyExerciseQuery,
  type QuestionKey,
} from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { deleteRows, insertRow, updateRow } from '../../platform/table-rows.js';
import { lockOrgRows } from '../../platform/org-rows.js';
import type { Principal } from '../../platform/auth/principal.js';
import { defineList, type ListRuntime } from '../../platform/list.js';
import { orderOf, pagedRows, pageWindow } from '../../platform/paging.js';
import { organizations } from '../orgs/index.js';
import { papers } from '../papers/index.js';
import { questionCategories } from '../questions/index.js';
import { audienceOwnersOf } from '../audiences/index.js';
import { examAttemptAnswers, examAttempts, examExtensions, exams } from '../exams/index.js';
import { exercises, mistakeEntries, practiceSessions } from './practice.schema.js';

const rowColumns = {
  id: exercises.id,
  name: exercises.name,
  sourceKind: exercises.sourceKind,
  paperId: exercises.paperId,
  paperName: papers.name,
  categoryId: exercises.categoryId,
  categoryName: questionCategories.name,
  questionCount: exercises.questionCount,
  times: exercises.times,
  timeLimit: exercises.timeLimit,
  autoMarking: exercises.autoMarking,
  status: exercises.status,
  orgName: organizations.name,
  orgPath: organizations.path,
  createdAt: exercises.createdAt,
  publishedAt: exercises.publishedAt,
  sessionCount: sql<number>`(select count(*)::int from practice_sessions s where s.exercise_id = ${exercises.id})`,
};

/** The management list: exercises whose organization lies in the caller's data scope. */
export const exerciseList = defineList({
  name: 'exercise_list',
  table: exercises,
  tables: ['exercises', 'organizations'],
  scope: { column: exercises.orgId },
  filters: { status: (v) => eq(exercises.status, v) },
  keyword: (pattern) => ilike(exercises.name, pattern),
  sort: { id: exercises.id, name: exercises.name, createdAt: exercises.createdAt },
  columns: rowColumns,
  join: (q) =>
    q
      .leftJoin(organizations, eq(organizations.id, exercises.orgId))
      .leftJoin(papers, eq(papers.id, exercises.paperId))
      .leftJoin(questionCategories, eq(questionCategories.id, exercises.categoryId)),
});
/** A row of the list, with its organization's path for the scope check. */
export type ExerciseListRow = NonNullable<Awaited<ReturnType<typeof getExerciseRow>>>;

export async function findExercises(lists: ListRuntime, principal: Principal, q: ExerciseListQuery) {
  const page = await exerciseList.run(lists, principal, q);
  return { ...page, records: page.records };
}

export async function getExerciseRow(db: DbOrTx, id: number) {
  const [row] = await exerciseList.rowsOf(db, [id]);
  return row ?? null;
}

/** Locks exercises for a change, with their organization path for the scope check. */
export async function lockExercises(tx: DbOrTx, ids: number[]) {
  return lockOrgRows(tx, exercises, ids, ['status', 'sourceKind', 'paperId', 'categoryId', 'questionCount', 'autoMarking']);
}

export async function insertExercise(db: DbOrTx, values: typeof exercises.$inferInsert) {
  return insertRow(db, exercises, values);
}

export async function updateExercise(db: DbOrTx, id: number, set: Partial<typeof exercises.$inferInsert>) {
  await updateRow(db, exercises, id, set);
}

export const deleteExercises = (db: DbOrTx, ids: number[]) => deleteRows(db, exercises, ids);

export async function papersUsedByExercises(db: DbOrTx, paperIds: number[]): Promise<number[]> {
  if (!paperIds.length) return [];
  const rows = await db.selectDistinct({ id: exercises.paperId }).from(exercises).where(inArray(exercises.paperId, paperIds));
  return rows.flatMap((r) => (r.id == null ? [] : [r.id]));
}

/** A published exercise whose audience holds the user (null otherwise), locked for share while a session starts. */
export async function openExerciseFor(tx: DbOrTx, id: number, userId: number) {
  const { rows } = await tx.execute<{
    id: number;
    name: string;
    source_kind: 'paper' | 'bank';
    paper_id: number | null;
    category_id: number | null;
    question_count: number | null;
    times: number;
    time_limit: number;
    auto_marking: boolean;
  }>(sql`select e.id, e.name, e.source_kind, e.paper_id, e.category_id, e.question_count, e.times, e.time_limit, e.auto_marking from exercises e
    where e.id = ${id} and e.status = 'published' and e.id in (${audienceOwnersOf(EXERCISE_AUDIENCE, sql`${userId}::int`)}) for share of e`);
  return rows[0] ?? null;
}

/** "My practice": published exercises open to the user, with their sessions. */
export async function findMyExercises(db: DbOrTx, userId: number, q: MyExerciseQuery) {
  const kw = q.keyword ? sql` and e.name ilike ${`%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``;
  const query = sql`select e.id, e.name, e.source_kind as "sourceKind", e.times::int as times, e.time_limit as "timeLimit",
      (select count(*)::int from practice_sessions s where s.exercise_id = e.id and s.user_id = ${userId}) as used,
      (select s.id from practice_sessions s where s.exercise_id = e.id and s.user_id = ${userId} and s.status = 'ongoing' and s.deadline_at > now()) as "ongoingSessionId",
      l.correct as "lastCorrect", l.questions as "lastQuestions", e.published_at as "publishedAt"
    from exercises e
    left join lateral (select (select count(*)::int from practice_answers a where a.session_id = s.id and a.correct) as correct, jsonb_array_length(s.questions) as questions
      from practice_sessions s where s.exercise_id = e.id and s.user_id = ${userId} and (s.status = 'finished' or s.deadline_at <= now()) order by s.number desc limit 1) l on true
    where e.status = 'published' and e.id in (${audienceOwnersOf(EXERCISE_AUDIENCE, sql`${userId}::int`)})${kw}`;
  return pagedRows<{
    id: number;
    name: string;
    sourceKind: 'paper' | 'bank';
    times: number;
    timeLimit: number;
    used: number;
    ongoingSessionId: number | null;
    lastCorrect: number | null;
    lastQuestions: number | null;
  }>(db, query, sql.raw('"publishedAt" desc, id desc'), pageWindow(q));
}

export interface SessionRow {
  id: number;
  exerciseId: number;
  exerciseName: string;
  userId: number;
  number: number;
  times: number;
  status: 'ongoing' | 'finished';
  startedAt: Date;
  deadlineAt: Date;
  questions: DrawnQuestion[];
  keys: QuestionKey[];
  total: number;
}

/** A session with its exercise's name and times; `lock` takes the row for update. */
export async function getSession(db: DbOrTx, id: number, lock = false): Promise<SessionRow | null> {
  const q = db
    .select({
      id: practiceSessions.id,
      exerciseId: practiceSessions.exerciseId,
      exerciseName: exercises.name,
      userId: practiceSessions.userId,
      number: practiceSessions.number,
      times: exercises.times,
      status: practiceSessions.status,
      startedAt: practiceSessions.startedAt,
      deadlineAt: practiceSessions.deadlineAt,
      questions: practiceSessions.questions,
      keys: practiceSessions.keys,
      total: practiceSessions.total,
    })
    .from(practiceSessions)
    .innerJoin(exercises, eq(exercises.id, practiceSessions.exerciseId))
    .where(eq(practiceSessions.id, id));
  const [row] = lock ? await q.for('update', { of: practiceSessions }) : await q;
  return row ?? null;
}

export async function sessionCounts(tx: DbOrTx, exerciseId: number, userId: number) {
  const { rows } = await tx.execute<{ used: number; ongoing: number | null }>(sql`select count(*)::int as used,
      max(id) filter (where status = 'ongoing') as ongoing from practice_sessions where exercise_id = ${exerciseId} and user_id = ${userId}`);
  return { used: rows[0]?.used ?? 0, ongoing: rows[0]?.ongoing ?? null };
}

/** Inserts a session unless a concurrent start already took its number (answers null then). */
export async function insertSession(tx: DbOrTx, values: typeof practiceSessions.$inferInsert): Promise<number | null> {
  const rows = await tx.insert(practiceSessions).values(values).onConflictDoNothing().returning({ id: practiceSessions.id });
  return rows[0]?.id ?? null;
}

export async function answersOf(db: DbOrTx, sessionId: number) {
  const { rows } = await db.execute<{ position: number; answer: AnswerValue; correct: boolean | null; score: number | null }>(
    sql`select position, answer, correct, score from practice_answers where session_id = ${sessionId} order by position`,
  );
  return rows;
}

/** Writes an answer once: false when the question was already answered. */
export async function insertAnswer(
  tx: DbOrTx,
  v: { sessionId: number; position: number; questionId: number; answer: AnswerValue; correct: boolean | null; score: number | null },
) {
  const { rows } = await tx.execute(sql`insert into practice_answers (session_id, position, question_id, answer, correct, score)
    values (${v.sessionId}, ${v.position}, ${v.questionId}, ${JSON.stringify(v.answer)}::jsonb, ${v.correct}, ${v.score})
    on conflict do nothing returning position`);
  return rows.length > 0;
}

// ---- The mistake set ----

export interface MistakeInput {
  userId: number;
  sourceKind: 'exam' | 'practice';
  sourceId: number;
  questionId: number;
  question: Omit<DrawnQuestion, 'position'>;
  key: QuestionKey;
  lastAnswer: AnswerValue | null;
  times: number;
  at: Date;
}

/** Adds wrong answers: a new entry, or one more time (and back in the set if it had left it). */
export async function recordMistakes(tx: DbOrTx, list: MistakeInput[]) {
  if (!list.length) return;
  await tx
    .insert(mistakeEntries)
    .values(list.map((m) => ({ ...m, lastWrongAt: m.at })))
    .onConflictDoUpdate({
      target: [mistakeEntries.userId, mistakeEntries.sourceKind, mistakeEntries.sourceId, mistakeEntries.questionId],
      set: {
        times: sql`${mistakeEntries.times} + excluded.times`,
        lastWrongAt: sql`greatest(${mistakeEntries.lastWrongAt}, excluded.last_wrong_at)`,
        question: sql`excluded.question`,
        key: sql`excluded.key`,
        lastAnswer: sql`excluded.last_answer`,
        removedAt: sql`null`,
      },
    });
}

/**
 * The user's marked exam attempts not yet taken into the set, claimed in this transaction (a
 * concurrent reader claims none of them again), with their wrong answers: below full marks, the
 * mistake rule of the exam statistics (`isMistake`), a partly scored answer included.
 */
export async function claimMarkedAttempts(tx: DbOrTx, userId: number) {
  const { rows: claimed } = await tx.execute<{ attempt_id: number }>(sql`insert into mistake_exam_attempts (attempt_id, user_id)
    select a.id, a.user_id from ${examAttempts} a where a.user_id = ${userId} and a.status = 'marked'
      and not exists (select 1 from mistake_exam_attempts m where m.attempt_id = a.id)
    on conflict do nothing returning attempt_id`);
  if (!claimed.length) return [];
  const ids = claimed.map((c) => Number(c.attempt_id));
  const { rows } = await tx.execute<{
    exam_id: number;
    position: number;
    question_id: number;
    answer: AnswerValue | null;
    mark: number | null;
    question: DrawnQuestion | null;
    key: QuestionKey | null;
    at: string;
  }>(sql`select a.exam_id, w.position, w.question_id, w.answer, coalesce(w.review_score, w.auto_score) as mark,
      a.questions -> (w.position - 1) as question, a.keys -> (w.position - 1) as key, coalesce(a.submitted_at, a.started_at) as at
    from ${examAttempts} a join ${examAttemptAnswers} w on w.attempt_id = a.id
    where a.id = any(${sql.param(ids)}::int[])`);
  return rows.flatMap((r) =>
    r.question && r.key && isMistake(answerOutcome(r.mark == null ? null : Number(r.mark), r.key.score)) ? [{ ...r, question: r.question, key: r.key }] : [],
  );
}

/** Exams the user has mistakes of whose key may be shown: ended (for them, extension included) and answers public. */
export async function examsWithKeyShown(db: DbOrTx, userId: number, examIds: number[]): Promise<Set<number>> {
  if (!examIds.length) return new Set();
  const { rows } = await db.execute<{ id: number }>(sql`select e.id from ${exams} e left join ${examExtensions} x on x.exam_id = e.id and x.user_id = ${userId}
    where e.id = any(${sql.param(examIds)}::int[]) and e.show_answers and greatest(e.end_at, x.end_at) <= now()`);
  return new Set(rows.map((r) => Number(r.id)));
}

const mistakeWhere = (userId: number, q: Pick<MistakeListQuery, 'sourceKind' | 'sourceId' | 'type'>) =>
  sql.join(
    [
      sql`m.user_id = ${userId} and m.removed_at is null`,
      q.sourceKind ? sql`m.source_kind = ${q.sourceKind}` : undefined,
      q.sourceId ? sql`m.source_id = ${q.sourceId}` : undefined,
      q.type ? sql`m.question->>'type' = ${q.type}` : undefined,
    ].filter((x) => x !== undefined),
    sql` and `,
  );

const sourceName = sql`coalesce(case m.source_kind when 'exam' then (select e.name from exams e where e.id = m.source_id) else (select x.name from exercises x where x.id = m.source_id) end, '')`;

export async function findMistakes(db: DbOrTx, userId: number, q: MistakeListQuery) {
  const query = sql`select m.id, m.source_kind as "sourceKind", m.source_id as "sourceId", ${sourceName} as "sourceName", m.question, m.key,
      m.last_answer as "lastAnswer", m.times as times, m.last_wrong_at as "lastWrongAt"
    from mistake_entries m where ${mistakeWhere(userId, q)}`;
  return pagedRows<{
    id: number;
    sourceKind: 'exam' | 'practice';
    sourceId: number;
    sourceName: string;
    question: Omit<DrawnQuestion, 'position'>;
    key: QuestionKey;
    lastAnswer: AnswerValue | null;
    times: number;
    lastWrongAt: string | Date;
  }>(db, query, orderOf(q.sort, MISTAKE_SORT_KEYS, { key: 'lastWrongAt', desc: true }, 'id'), pageWindow(q));
}

export async function mistakeSources(db: DbOrTx, userId: number) {
  const { rows } = await db.execute<{ sourceKind: 'exam' | 'practice'; sourceId: number; sourceName: string; count: number }>(sql`
    select m.source_kind as "sourceKind", m.source_id as "sourceId", min(${sourceName}) as "sourceName", count(*)::int as count
    from mistake_entries m where m.user_id = ${userId} and m.removed_at is null group by m.source_kind, m.source_id order by max(m.last_wrong_at) desc`);
  return rows;
}

export async function getMistake(db: DbOrTx, id: number, userId: number) {
  const [row] = await db
    .select()
    .from(mistakeEntries)
    .where(and(eq(mistakeEntries.id, id), eq(mistakeEntries.userId, userId), sql`${mistakeEntries.removedAt} is null`));
  return row ?? null;
}

export async function removeMistakes(db: DbOrTx, ids: number[], userId: number) {
  const rows = await db
    .update(mistakeEntries)
    .set({ removedAt: sql`now()` })
    .where(and(inArray(mistakeEntries.id, ids), eq(mistakeEntries.userId, userId), sql`${mistakeEntries.removedAt} is null`))
    .returning({ id: mistakeEntries.id });
  return rows.length;
}
