import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { TRAIN_RESULT_SHEET_LIFECYCLE, type AnswerSet, type QuestionnaireItem, type StateOf } from '@hanlin/shared';
import { users } from '../users/index.js';
import { trainClasses } from '../train-classes/index.js';
import { yearPlanLines } from '../year-plans/index.js';
import { exams } from '../exams/index.js';
import { lecturers } from '../lecturers/index.js';
import { questionnaires } from '../questionnaires/index.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { requiredRef, timestamps } from '../../platform/db/columns.js';

const at = () => timestamp({ withTimezone: true });

/** One result sheet per class (TRAIN_RESULT_SHEET_LIFECYCLE): made with the first result entered. */
export const trainResultSheets = pgTable(
  'train_result_sheets',
  {
    classId: integer()
      .primaryKey()
      .references(() => trainClasses.id, { onDelete: 'cascade' }),
    status: varchar({ length: 16 }).notNull().default('draft').$type<StateOf<typeof TRAIN_RESULT_SHEET_LIFECYCLE>>(),
    refuseReason: varchar({ length: 500 }).notNull().default(''),
    submittedAt: at(),
    submittedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at(),
    decidedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [stateCheck('train_result_sheets_status_check', t.status, TRAIN_RESULT_SHEET_LIFECYCLE)],
);

/** A trainee's result in a class: score 0–100 with one decimal, passed, a comment, who entered it and when. */
export const trainResults = pgTable(
  'train_results',
  {
    id: serial().primaryKey(),
    classId: requiredRef(() => trainClasses.id, 'cascade'),
    userId: requiredRef(() => users.id, 'cascade'),
    score: numeric({ precision: 4, scale: 1, mode: 'number' }).notNull(),
    passed: boolean().notNull(),
    comment: varchar({ length: 500 }).notNull().default(''),
    enteredBy: integer().references(() => users.id, { onDelete: 'set null' }),
    enteredAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('train_results_class_user_uq').on(t.classId, t.userId),
    index('train_results_user_idx').on(t.userId),
    check('train_results_score_check', sql`${t.score} between 0 and 100`),
  ],
);

/** Exams of the exams module linked to a class (manage-exam-result). */
export const trainClassExams = pgTable(
  'train_class_exams',
  {
    classId: requiredRef(() => trainClasses.id, 'cascade'),
    examId: requiredRef(() => exams.id, 'cascade'),
  },
  (t) => [primaryKey({ name: 'train_class_exams_pk', columns: [t.classId, t.examId] }), index('train_class_exams_exam_idx').on(t.examId)],
);

/**
 * Satisfaction questionnaires of a class: one for the class (lecturer_id null) and one per lecturer.
 * The template's items are copied in (as surveys do): answers refer to these, whatever the template becomes.
 */
export const trainSurveys = pgTable(
  'train_surveys',
  {
    id: serial().primaryKey(),
    classId: requiredRef(() => trainClasses.id, 'cascade'),
    lecturerId: integer().references(() => lecturers.id, { onDelete: 'cascade' }),
    questionnaireId: integer().references(() => questionnaires.id, { onDelete: 'set null' }),
    title: varchar({ length: 200 }).notNull(),
    items: jsonb().$type<QuestionnaireItem[]>().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('train_surveys_class_lecturer_uq').on(t.classId, sql`coalesce(${t.lecturerId}, 0)`), index('train_surveys_lecturer_idx').on(t.lecturerId)],
);

/** One answer set per questionnaire and trainee (the questionnaires' AnswerSet shape). */
export const trainSurveyResponses = pgTable(
  'train_survey_responses',
  {
    id: serial().primaryKey(),
    surveyId: requiredRef(() => trainSurveys.id, 'cascade'),
    userId: requiredRef(() => users.id, 'cascade'),
    answers: jsonb().$type<AnswerSet>().notNull(),
    submittedAt: at().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('train_survey_responses_survey_user_uq').on(t.surveyId, t.userId), index('train_survey_responses_user_idx').on(t.userId)],
);

/**
 * Actual costs of a class, on the annual plan line the class carries out (null for a class outside
 * the plans): planned per line is the line's budget, actual is the sum of these (year-plans README
 * "Budget against actual"). A line with charges is not removed by a plan edit (IN_USE_TRAINING_PLAN).
 */
export const trainClassCharges = pgTable(
  'train_class_charges',
  {
    id: serial().primaryKey(),
    classId: requiredRef(() => trainClasses.id, 'cascade'),
    planLineId: integer().references(() => yearPlanLines.id, { onDelete: 'restrict' }),
    item: varchar({ length: 100 }).notNull(),
    amountFen: bigint({ mode: 'number' }).notNull(),
    spentOn: date({ mode: 'string' }).notNull(),
    note: varchar({ length: 500 }).notNull().default(''),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('train_class_charges_class_idx').on(t.classId, t.id),
    index('train_class_charges_line_idx').on(t.planLineId),
    check('train_class_charges_amount_check', sql`${t.amountFen} between 1 and 9999999999`),
  ],
);

export const constraintErrors = defineConstraintErrors({
  train_result_sheets_status_check: null,
  train_result_sheets_class_id_train_classes_id_fk: { code: 'NOT_FOUND_ERROR', field: 'classId' },
  train_result_sheets_submitted_by_users_id_fk: null,
  train_result_sheets_decided_by_users_id_fk: null,
  train_results_class_user_uq: { code: 'REPEAT_SUBMIT_ERROR', field: 'userId' },
  train_results_class_id_train_classes_id_fk: { code: 'NOT_FOUND_ERROR', field: 'classId' },
  train_results_user_id_users_id_fk: { code: 'NOT_FOUND_ERROR', field: 'userId' },
  train_results_entered_by_users_id_fk: null,
  train_results_score_check: { code: 'PARAMETER_INVALID', field: 'score' },
  train_class_exams_class_id_train_classes_id_fk: { code: 'NOT_FOUND_ERROR', field: 'classId' },
  train_class_exams_exam_id_exams_id_fk: { code: 'NOT_FOUND_ERROR', field: 'examIds' },
  train_surveys_class_lecturer_uq: { code: 'REPEAT_SUBMIT_ERROR', field: 'lecturerId' },
  train_surveys_class_id_train_classes_id_fk: { code: 'NOT_FOUND_ERROR', field: 'classId' },
  train_surveys_lecturer_id_lecturers_id_fk: { code: 'NOT_FOUND_ERROR', field: 'lecturerId' },
  train_surveys_questionnaire_id_questionnaires_id_fk: { code: 'NOT_FOUND_ERROR', field: 'questionnaireId' },
  train_survey_responses_survey_user_uq: { code: 'REPEAT_SUBMIT_ERROR', field: 'surveyId' },
  train_survey_responses_survey_id_train_surveys_id_fk: { code: 'NOT_FOUND_ERROR', field: 'surveyId' },
  train_survey_responses_user_id_users_id_fk: null,
  train_class_charges_class_id_train_classes_id_fk: { code: 'NOT_FOUND_ERROR', field: 'classId' },
  train_class_charges_plan_line_id_year_plan_lines_id_fk: { code: 'IN_USE_TRAINING_PLAN', field: 'lines' },
  train_class_charges_created_by_users_id_fk: null,
  train_class_charges_amount_check: { code: 'PARAMETER_INVALID', field: 'amountFen' },
});
