import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ATTEMPT_LIFECYCLE, type AnswerValue, type DrawnQuestion, type QuestionKey, type StateOf, type SubmittedBy } from '@hanlin/shared';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { users } from '../users/index.js';
import { files } from '../uploads/index.js';
import { exams } from './exams.schema.js';
import { requiredRef } from '../../platform/db/columns.js';

/**
 * One examinee's sitting of an exam. The questions (faces) and their answer key are drawn when it
 * starts and kept here, so edits of the bank or the paper change nothing already drawn. The server
 * owns the clock: `deadline_at` is start + duration capped by the exam's end.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: serial().primaryKey(),
    examId: requiredRef(() => exams.id, 'restrict'),
    userId: requiredRef(() => users.id, 'cascade'),
    /** 1 for the caller's first attempt at this exam. */
    number: smallint().notNull(),
    /** The draw's seed (random papers draw the same questions again from it while the bank is unchanged). */
    seed: varchar({ length: 64 }).notNull(),
    status: varchar({ length: 16 }).notNull().default(ATTEMPT_LIFECYCLE.initial).$type<StateOf<typeof ATTEMPT_LIFECYCLE>>(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deadlineAt: timestamp({ withTimezone: true }).notNull(),
    submittedAt: timestamp({ withTimezone: true }),
    /** examinee | deadline | leaveLimit (SUBMITTED_BY). */
    submittedBy: varchar({ length: 16 }).$type<SubmittedBy>(),
    leaveCount: smallint().notNull().default(0),
    /** The drawn questions as the examinee sees them, by position. */
    questions: jsonb().$type<DrawnQuestion[]>().notNull(),
    /** The answer key of the drawn questions, by position (never sent while taking). */
    keys: jsonb().$type<QuestionKey[]>().notNull(),
    total: doublePrecision().notNull(),
    /** Sum of the system's marks (set at submission). */
    autoScore: doublePrecision(),
    /** The final score once marked (system + reviewers), or as a grade update set it. */
    score: doublePrecision(),
    passed: boolean(),
    /** A grade update (manage-grade-update): who changed the score and when. */
    adjustedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    adjustedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exam_attempts_number_uq').on(t.examId, t.userId, t.number),
    // One sitting at a time: a second start resumes the ongoing attempt.
    uniqueIndex('exam_attempts_ongoing_uq')
      .on(t.examId, t.userId)
      .where(sql`${t.status} = 'ongoing'`),
    index('exam_attempts_exam_idx').on(t.examId, t.status, t.id),
    index('exam_attempts_user_idx').on(t.userId, t.examId),
    index('exam_attempts_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.status} = 'ongoing'`),
    stateCheck('exam_attempts_status_check', t.status, ATTEMPT_LIFECYCLE),
    check('exam_attempts_submitted_by_check', sql`${t.submittedBy} is null or ${t.submittedBy} in ('examinee', 'deadline', 'leaveLimit')`),
    check('exam_attempts_score_check', sql`${t.score} is null or (${t.score} >= 0 and ${t.score} <= ${t.total})`),
  ],
);

/**
 * The answers of an attempt, one row per drawn question: written by the question's first autosave
 * (a later one replaces it only with a newer `seq`, so a late retry never overwrites a newer answer),
 * and for questions never saved by the submission (no answer, their mark).
 */
export const examAttemptAnswers = pgTable(
  'exam_attempt_answers',
  {
    attemptId: requiredRef(() => examAttempts.id, 'cascade'),
    position: smallint().notNull(),
    questionId: integer().notNull(),
    answer: jsonb().$type<AnswerValue>(),
    flagged: boolean().notNull().default(false),
    /** The client's change counter for this question (monotonic per attempt and position). */
    seq: integer().notNull().default(0),
    savedAt: timestamp({ withTimezone: true }),
    /** The system's mark (objective types, keyword-scored short answers); null when a reviewer marks it. */
    autoScore: doublePrecision(),
    correct: boolean(),
    /** A reviewer's mark of a subjective answer (never above the question's score). */
    reviewScore: doublePrecision(),
    reviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'exam_attempt_answers_pk', columns: [t.attemptId, t.position] }),
    index('exam_attempt_answers_question_idx').on(t.questionId),
    check('exam_attempt_answers_review_check', sql`${t.reviewScore} is null or ${t.reviewScore} >= 0`),
  ],
);

/** Camera photos taken while answering (monitoring): the image is an uploaded file of purpose `exam-photo`. */
export const examPhotos = pgTable(
  'exam_photos',
  {
    id: serial().primaryKey(),
    attemptId: requiredRef(() => examAttempts.id, 'cascade'),
    fileId: requiredRef(() => files.id, 'cascade'),
    takenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exam_photos_attempt_idx').on(t.attemptId, t.takenAt)],
);

/** A person's own extension of an exam (manage-grade "delay"): a later end and/or extra attempts for them alone. */
export const examExtensions = pgTable(
  'exam_extensions',
  {
    examId: requiredRef(() => exams.id, 'cascade'),
    userId: requiredRef(() => users.id, 'cascade'),
    endAt: timestamp({ withTimezone: true }).notNull(),
    extraAttempts: smallint().notNull().default(0),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'exam_extensions_pk', columns: [t.examId, t.userId] }), check('exam_extensions_attempts_check', sql`${t.extraAttempts} between 0 and 999`)],
);

export const constraintErrors = defineConstraintErrors({
  exam_attempts_exam_id_exams_id_fk: { code: 'IN_USE_EXAM', field: 'examId' },
  exam_attempts_user_id_users_id_fk: null,
  exam_attempts_adjusted_by_users_id_fk: null,
  exam_attempts_number_uq: { code: 'OVER_EXAM_TIMES_ERROR', field: 'examId' },
  exam_attempts_ongoing_uq: { code: 'REPEAT_SUBMIT_ERROR', field: 'examId' },
  exam_attempts_status_check: { code: 'PARAMETER_INVALID', field: 'status' },
  exam_attempts_submitted_by_check: { code: 'PARAMETER_INVALID', field: 'submittedBy' },
  exam_attempts_score_check: { code: 'EXAM_SCORE_OVER_TOTAL', field: 'score' },
  exam_attempt_answers_attempt_id_exam_attempts_id_fk: { code: 'NOT_FOUND_ERROR', field: 'attemptId' },
  exam_attempt_answers_reviewed_by_users_id_fk: null,
  exam_attempt_answers_review_check: { code: 'PARAMETER_INVALID', field: 'score' },
  exam_photos_attempt_id_exam_attempts_id_fk: { code: 'NOT_FOUND_ERROR', field: 'attemptId' },
  exam_photos_file_id_files_id_fk: { code: 'NOT_FOUND_ERROR', field: 'fileId' },
  exam_extensions_exam_id_exams_id_fk: { code: 'NOT_FOUND_ERROR', field: 'examId' },
  exam_extensions_user_id_users_id_fk: { code: 'NOT_FOUND_ERROR', field: 'userId' },
  exam_extensions_created_by_users_id_fk: null,
  exam_extensions_attempts_check: { code: 'PARAMETER_INVALID', field: 'extraAttempts' },
});
