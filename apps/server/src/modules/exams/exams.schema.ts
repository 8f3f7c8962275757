import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { EXAM_LIFECYCLE, type ExamAnswerMode, type ExamCountdownMode, type ExamMarkingMode, type ExamScoreDisplay, type StateOf } from '@hanlin/shared';
import { defineConstraintErrors, ownedRecordConstraintErrors, treeConstraintErrors } from '../../platform/db/constraints.js';
import { defineTreeTable } from '../../platform/tree-repository.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { certificateTemplates } from '../certificates/index.js';
import { linkTable, ownedRecordColumns } from '../../platform/db/columns.js';

/** The exam classification tree, at most 5 levels. */
export const examCategories = defineTreeTable('exam_categories');

/** Scheduled exams (spec §3 "Exam"). The paper belongs to the papers module: its id only, no foreign key here. */
export const exams = pgTable(
  'exams',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 200 }).notNull(),
    categoryId: integer().references(() => examCategories.id, { onDelete: 'restrict' }),
    status: varchar({ length: 16 }).notNull().default(EXAM_LIFECYCLE.initial).$type<StateOf<typeof EXAM_LIFECYCLE>>(),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }).notNull(),
    /** Minutes one attempt may last. */
    duration: integer().notNull(),
    passPercent: smallint().notNull(),
    /** The paper's total when saved. */
    total: doublePrecision().notNull(),
    attempts: smallint().notNull(),
    paperId: integer().notNull(),
    answerMode: varchar({ length: 16 }).notNull().default('whole').$type<ExamAnswerMode>(),
    countdownMode: varchar({ length: 16 }).notNull().default('duration').$type<ExamCountdownMode>(),
    /** Seconds between camera photos; 0 takes none. */
    photoInterval: integer().notNull().default(0),
    markingMode: varchar({ length: 16 }).notNull().default('auto').$type<ExamMarkingMode>(),
    antiCheat: boolean().notNull().default(false),
    leaveLimit: smallint(),
    scoreDisplay: varchar({ length: 16 }).notNull().default('published').$type<ExamScoreDisplay>(),
    showAnswers: boolean().notNull().default(false),
    showRanking: boolean().notNull().default(false),
    certificateTemplateId: integer().references(() => certificateTemplates.id, { onDelete: 'restrict' }),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
    publishedAt: timestamp({ withTimezone: true }),
    /** Scores published to the examinees (score display `published`); null until then. */
    scoresPublishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('exams_name_uq').on(t.name),
    index('exams_org_idx').on(t.orgId, t.id),
    index('exams_category_idx').on(t.categoryId, t.id),
    index('exams_start_idx').on(t.startAt, t.id),
    index('exams_paper_idx').on(t.paperId),
    stateCheck('exams_status_check', t.status, EXAM_LIFECYCLE),
    check('exams_time_check', sql`${t.startAt} < ${t.endAt}`),
    check('exams_duration_check', sql`${t.duration} > 0`),
    check('exams_pass_percent_check', sql`${t.passPercent} between 1 and 100`),
    check('exams_attempts_check', sql`${t.attempts} between 1 and 999`),
    check('exams_answer_mode_check', sql`${t.answerMode} in ('whole', 'single')`),
    check('exams_countdown_mode_check', sql`${t.countdownMode} in ('duration', 'end')`),
    check('exams_marking_mode_check', sql`${t.markingMode} in ('auto', 'reviewer')`),
    check('exams_score_display_check', sql`${t.scoreDisplay} in ('immediate', 'published', 'hidden')`),
  ],
);

/** The reviewers who mark an exam's subjective questions (marking mode `reviewer`). */
export const examReviewers = linkTable('exam_reviewers', ['examId', () => exams.id, 'cascade'], ['userId', () => users.id, 'cascade'], 'exam_reviewers_user_idx');

export const constraintErrors = defineConstraintErrors({
  ...treeConstraintErrors('exam_categories', 'DUPLICATE_CATEGORY'),
  exams_name_uq: { code: 'DUPLICATE_EXAM', field: 'name' },
  exams_category_id_exam_categories_id_fk: { code: 'IN_USE_CLASSIFICATION', field: 'categoryId' },
  exams_certificate_template_id_certificate_templates_id_fk: { code: 'IN_USE_CERTIFICATE', field: 'certificateTemplateId' },
  ...ownedRecordConstraintErrors('exams'),
  exams_status_check: { code: 'PARAMETER_INVALID', field: 'status' },
  exams_time_check: { code: 'PARAMETER_INVALID', field: 'endAt' },
  exams_duration_check: { code: 'PARAMETER_INVALID', field: 'duration' },
  exams_pass_percent_check: { code: 'PARAMETER_INVALID', field: 'passPercent' },
  exams_attempts_check: { code: 'PARAMETER_INVALID', field: 'attempts' },
  exams_answer_mode_check: { code: 'PARAMETER_INVALID', field: 'answerMode' },
  exams_countdown_mode_check: { code: 'PARAMETER_INVALID', field: 'countdownMode' },
  exams_marking_mode_check: { code: 'PARAMETER_INVALID', field: 'markingMode' },
  exams_score_display_check: { code: 'PARAMETER_INVALID', field: 'scoreDisplay' },
  exam_reviewers_exam_id_exams_id_fk: null,
  exam_reviewers_user_id_users_id_fk: { code: 'NOT_FOUND_ERROR', field: 'reviewerIds' },
});
