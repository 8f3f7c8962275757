import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { EXERCISE_LIFECYCLE, PRACTICE_SESSION_LIFECYCLE, type AnswerValue, type DrawnQuestion, type QuestionKey, type StateOf } from '@hanlin/shared';
import { defineConstraintErrors, ownedRecordConstraintErrors } from '../../platform/db/constraints.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { questionCategories } from '../questions/index.js';
import { examAttempts } from '../exams/index.js';
import { ownedRecordColumns, requiredRef, sharedKey } from '../../platform/db/columns.js';

/** Exercises (practice): a paper or a question bank opened to an audience, a number of times with a time limit. */
export const exercises = pgTable(
  'exercises',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 200 }).notNull(),
    /** paper | bank */
    sourceKind: varchar({ length: 8 }).notNull().$type<'paper' | 'bank'>(),
    /** The papers module's paper (its id only, as exams keep it; papers keep deleted rows). */
    paperId: integer(),
    categoryId: integer().references(() => questionCategories.id, { onDelete: 'restrict' }),
    questionCount: smallint(),
    times: smallint().notNull(),
    /** Minutes one session may last. */
    timeLimit: integer().notNull(),
    autoMarking: boolean().notNull().default(true),
    status: varchar({ length: 16 }).notNull().default(EXERCISE_LIFECYCLE.initial).$type<StateOf<typeof EXERCISE_LIFECYCLE>>(),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('exercises_name_uq').on(t.name),
    index('exercises_org_idx').on(t.orgId, t.id),
    index('exercises_paper_idx').on(t.paperId),
    stateCheck('exercises_status_check', t.status, EXERCISE_LIFECYCLE),
    check(
      'exercises_source_check',
      sql`(${t.sourceKind} = 'paper' and ${t.paperId} is not null) or (${t.sourceKind} = 'bank' and ${t.categoryId} is not null and ${t.questionCount} > 0)`,
    ),
    check('exercises_times_check', sql`${t.times} between 1 and 999`),
    check('exercises_time_limit_check', sql`${t.timeLimit} > 0`),
  ],
);

/** One person's practice session: the drawn questions and their key kept with it; the server owns the clock. */
export const practiceSessions = pgTable(
  'practice_sessions',
  {
    id: serial().primaryKey(),
    exerciseId: requiredRef(() => exercises.id, 'cascade'),
    userId: requiredRef(() => users.id, 'cascade'),
    number: smallint().notNull(),
    status: varchar({ length: 16 }).notNull().default(PRACTICE_SESSION_LIFECYCLE.initial).$type<StateOf<typeof PRACTICE_SESSION_LIFECYCLE>>(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deadlineAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
    questions: jsonb().$type<DrawnQuestion[]>().notNull(),
    keys: jsonb().$type<QuestionKey[]>().notNull(),
    total: doublePrecision().notNull(),
  },
  (t) => [
    uniqueIndex('practice_sessions_number_uq').on(t.exerciseId, t.userId, t.number),
    uniqueIndex('practice_sessions_ongoing_uq')
      .on(t.exerciseId, t.userId)
      .where(sql`${t.status} = 'ongoing'`),
    index('practice_sessions_user_idx').on(t.userId, t.exerciseId),
    stateCheck('practice_sessions_status_check', t.status, PRACTICE_SESSION_LIFECYCLE),
  ],
);

/** Answers of a session, written once each (the feedback shows the key). */
export const practiceAnswers = pgTable(
  'practice_answers',
  {
    sessionId: requiredRef(() => practiceSessions.id, 'cascade'),
    position: smallint().notNull(),
    questionId: integer().notNull(),
    answer: jsonb().$type<AnswerValue>().notNull(),
    /** Null: not marked by the system (subjective). */
    correct: boolean(),
    score: doublePrecision(),
    answeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'practice_answers_pk', columns: [t.sessionId, t.position] })],
);

/**
 * The mistake set: one entry per (person, source, question), counted each time it was wrong. The
 * question's face and key are kept as they were when it was last answered wrong.
 */
export const mistakeEntries = pgTable(
  'mistake_entries',
  {
    id: serial().primaryKey(),
    userId: requiredRef(() => users.id, 'cascade'),
    /** exam | practice */
    sourceKind: varchar({ length: 8 }).notNull().$type<'exam' | 'practice'>(),
    /** The exam's or the exercise's id. */
    sourceId: integer().notNull(),
    questionId: integer().notNull(),
    question: jsonb().$type<Omit<DrawnQuestion, 'position'>>().notNull(),
    key: jsonb().$type<QuestionKey>().notNull(),
    lastAnswer: jsonb().$type<AnswerValue>(),
    times: integer().notNull().default(1),
    lastWrongAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Removed by hand or answered right in re-practice; a later wrong answer brings it back. */
    removedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('mistake_entries_uq').on(t.userId, t.sourceKind, t.sourceId, t.questionId),
    index('mistake_entries_user_idx')
      .on(t.userId, t.lastWrongAt)
      .where(sql`${t.removedAt} is null`),
    check('mistake_entries_source_check', sql`${t.sourceKind} in ('exam', 'practice')`),
  ],
);

/** Marked exam attempts whose wrong answers are already in the mistake set (each counted once). */
export const mistakeExamAttempts = pgTable(
  'mistake_exam_attempts',
  {
    attemptId: sharedKey(() => examAttempts.id),
    userId: requiredRef(() => users.id, 'cascade'),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mistake_exam_attempts_user_idx').on(t.userId)],
);

export const constraintErrors = defineConstraintErrors({
  exercises_name_uq: { code: 'DUPLICATE_DATA', field: 'name' },
  exercises_category_id_question_categories_id_fk: { code: 'IN_USE_SUBCLASS', field: 'categoryId' },
  ...ownedRecordConstraintErrors('exercises'),
  exercises_status_check: null,
  exercises_source_check: { code: 'PARAMETER_INVALID', field: 'sourceKind' },
  exercises_times_check: { code: 'PARAMETER_INVALID', field: 'times' },
  exercises_time_limit_check: { code: 'PARAMETER_INVALID', field: 'timeLimit' },
  practice_sessions_exercise_id_exercises_id_fk: { code: 'NOT_FOUND_ERROR', field: 'exerciseId' },
  practice_sessions_user_id_users_id_fk: null,
  practice_sessions_number_uq: { code: 'PRACTICE_TIMES_USED_UP', field: 'exerciseId' },
  practice_sessions_ongoing_uq: { code: 'REPEAT_SUBMIT_ERROR', field: 'exerciseId' },
  practice_sessions_status_check: null,
  practice_answers_session_id_practice_sessions_id_fk: { code: 'NOT_FOUND_ERROR', field: 'sessionId' },
  mistake_entries_user_id_users_id_fk: null,
  mistake_entries_uq: { code: 'DUPLICATE_DATA', field: 'id' },
  mistake_entries_source_check: { code: 'PARAMETER_INVALID', field: 'sourceKind' },
  mistake_exam_attempts_attempt_id_exam_attempts_id_fk: { code: 'NOT_FOUND_ERROR', field: 'attemptId' },
  mistake_exam_attempts_user_id_users_id_fk: null,
});
