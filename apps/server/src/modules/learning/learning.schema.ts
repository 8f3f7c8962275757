import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { LEARNER_LIFECYCLE, type StateOf } from '@hanlin/shared';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { users } from '../users/index.js';
import { courseItems, courses } from '../courses/index.js';
import { requiredRef, sharedKey } from '../../platform/db/columns.js';

/**
 * A learner of a course (one row per user and course, the million-row table of learning): how
 * far they are, the time the server counted from heartbeats, and when they passed (credits and
 * the certificate are given once, on passing).
 */
export const courseLearners = pgTable(
  'course_learners',
  {
    /** A single-column key for the lifecycle's writes (`applyTransition`); the row is found by (course, user). */
    id: serial().notNull(),
    courseId: requiredRef(() => courses.id, 'restrict'),
    userId: requiredRef(() => users.id, 'cascade'),
    source: varchar({ length: 16 }).notNull().default('self'),
    status: varchar({ length: 16 }).notNull().default('learning').$type<StateOf<typeof LEARNER_LIFECYCLE>>(),
    /** Percent of the course's courseware completed (0–100). */
    progress: integer().notNull().default(0),
    /** Learning time counted by the server, in seconds. */
    learnedSeconds: integer().notNull().default(0),
    /** Best score percentage reported by scored courseware (SCORM), null when none reported. */
    score: integer(),
    /** Credits given on passing (the course's credit at that moment). */
    creditAwarded: integer().notNull().default(0),
    certificateId: integer(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastLearnedAt: timestamp({ withTimezone: true }),
    passedAt: timestamp({ withTimezone: true }),
    /** Anti-cheat: when the next pop-up is due; beats after it count nothing until it is answered. */
    challengeDueAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'course_learners_pk', columns: [t.courseId, t.userId] }),
    index('course_learners_user_idx').on(t.userId, t.lastLearnedAt),
    index('course_learners_course_status_idx').on(t.courseId, t.status),
    uniqueIndex('course_learners_id_uq').on(t.id),
    stateCheck('course_learners_status_check', t.status, LEARNER_LIFECYCLE),
    check('course_learners_source_check', sql`${t.source} in ('self', 'assignment')`),
    check('course_learners_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);

/**
 * A learner's progress in one courseware of a course (a chapter item): where they are (seconds of
 * media, page of a document, SCORM lesson location is kept by the scorm module), the furthest
 * point reached (anti-skip), and when it counted as completed.
 */
export const courseItemProgress = pgTable(
  'course_item_progress',
  {
    userId: requiredRef(() => users.id, 'cascade'),
    itemId: requiredRef(() => courseItems.id, 'cascade'),
    courseId: requiredRef(() => courses.id, 'restrict'),
    /** Current position: seconds of a video or audio, page of a document. */
    position: integer().notNull().default(0),
    /** Furthest position reached. */
    furthest: integer().notNull().default(0),
    /** Length: seconds of the media, pages of the document (0 until known). */
    total: integer().notNull().default(0),
    /** Learning time counted by the server in this courseware, in seconds. */
    learnedSeconds: integer().notNull().default(0),
    score: integer(),
    completedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'course_item_progress_pk', columns: [t.userId, t.itemId] }), index('course_item_progress_course_idx').on(t.courseId, t.userId)],
);

/**
 * One learning clock per user: the time of the last beat that counted. A beat credits the time
 * since then (capped), under the row lock, so two tabs or two courses at once never count twice.
 */
export const learningClocks = pgTable('learning_clocks', {
  userId: sharedKey(() => users.id),
  lastBeatAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * Per-person totals of the learner rows (courses learning and passed, counted time, credits, last
 * learnt), written by the learning module in the same transaction as the rows they sum, so the
 * per-person report reads one row per person instead of grouping every learner row.
 */
export const learnerTotals = pgTable(
  'learner_totals',
  {
    userId: sharedKey(() => users.id),
    learning: integer().notNull().default(0),
    passed: integer().notNull().default(0),
    learnedSeconds: integer().notNull().default(0),
    credits: integer().notNull().default(0),
    lastLearnedAt: timestamp({ withTimezone: true }),
  },
  // No index beyond the key: every heartbeat updates the row, which stays a HOT update.
);

export const constraintErrors = defineConstraintErrors({
  course_learners_course_id_courses_id_fk: { code: 'IN_USE_COURSE', field: 'ids' },
  course_learners_user_id_users_id_fk: null,
  course_learners_status_check: null,
  course_learners_source_check: null,
  course_learners_progress_check: { code: 'PARAMETER_INVALID', field: 'progress' },
  course_item_progress_user_id_users_id_fk: null,
  course_item_progress_item_id_course_items_id_fk: null,
  course_item_progress_course_id_courses_id_fk: { code: 'IN_USE_COURSE', field: 'ids' },
  learning_clocks_user_id_users_id_fk: null,
  course_learners_id_uq: null,
  learner_totals_user_id_users_id_fk: null,
});
