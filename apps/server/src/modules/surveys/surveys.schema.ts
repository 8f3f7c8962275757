import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { SURVEY_LIFECYCLE, type AnswerSet, type QuestionnaireItem, type SurveyStatus } from '@hanlin/shared';
import { defineConstraintErrors, ownedRecordConstraintErrors } from '../../platform/db/constraints.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { ownedRecordColumns, requiredRef } from '../../platform/db/columns.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { questionnaireCategories, questionnaires } from '../questionnaires/index.js';

/** Surveys: the questionnaire's items are copied in (a template may change later; answers refer to these). */
export const surveys = pgTable(
  'surveys',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 200 }).notNull(),
    status: varchar({ length: 16 }).$type<SurveyStatus>().notNull().default('draft'),
    categoryId: integer().references(() => questionnaireCategories.id, { onDelete: 'restrict' }),
    description: text().notNull().default(''),
    templateId: integer().references(() => questionnaires.id, { onDelete: 'restrict' }),
    items: jsonb().$type<QuestionnaireItem[]>().notNull().default([]),
    startAt: timestamp({ withTimezone: true }).notNull(),
    endAt: timestamp({ withTimezone: true }).notNull(),
    resultsPublic: boolean().notNull().default(false),
    anonymous: boolean().notNull().default(false),
    repeatable: boolean().notNull().default(false),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
    releasedAt: timestamp({ withTimezone: true }),
    /** When the clock job told the audience the survey is open (once). */
    openNoticeAt: timestamp({ withTimezone: true }),
    /** When the clock job last reminded those who had not answered (again after the end is extended). */
    remindedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('surveys_name_uq').on(t.name),
    index('surveys_org_idx').on(t.orgId, t.id),
    index('surveys_status_idx').on(t.status, t.endAt),
    index('surveys_template_idx').on(t.templateId),
    stateCheck('surveys_status_check', t.status, SURVEY_LIFECYCLE),
    check('surveys_period_check', sql`${t.startAt} < ${t.endAt}`),
  ],
);

/**
 * Answers. An anonymous survey's answer keeps no user, no organization and only the day it came
 * (`survey_respondents` says who answered, not which answer is theirs).
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: uuid().primaryKey().defaultRandom(),
    surveyId: requiredRef(() => surveys.id, 'cascade'),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    orgId: integer().references(() => organizations.id, { onDelete: 'set null' }),
    answers: jsonb().$type<AnswerSet>().notNull(),
    submittedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('survey_responses_survey_idx').on(t.surveyId, t.submittedAt), index('survey_responses_user_idx').on(t.userId)],
);

/** Who answered a survey and how often (one-time surveys, the response rate, reminders). */
export const surveyRespondents = pgTable(
  'survey_respondents',
  {
    surveyId: requiredRef(() => surveys.id, 'cascade'),
    userId: requiredRef(() => users.id, 'cascade'),
    times: integer().notNull().default(1),
    lastAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'survey_respondents_pk', columns: [t.surveyId, t.userId] }), index('survey_respondents_user_idx').on(t.userId)],
);

/** The answers a respondent has given so far, kept while they answer. */
export const surveyDrafts = pgTable(
  'survey_drafts',
  {
    surveyId: requiredRef(() => surveys.id, 'cascade'),
    userId: requiredRef(() => users.id, 'cascade'),
    answers: jsonb().$type<AnswerSet>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'survey_drafts_pk', columns: [t.surveyId, t.userId] })],
);

/** Constraint violations as API errors (platform/db/constraints.ts). */
export const constraintErrors = defineConstraintErrors({
  surveys_name_uq: { code: 'DUPLICATE_SURVEY', field: 'name' },
  surveys_status_check: { code: 'PARAMETER_INVALID', field: 'status' },
  surveys_period_check: { code: 'PARAMETER_INVALID', field: 'endAt' },
  surveys_category_id_questionnaire_categories_id_fk: { code: 'IN_USE_SUBCLASS', field: 'categoryId' },
  surveys_template_id_questionnaires_id_fk: { code: 'IN_USE_QUESTIONNAIRE', field: 'templateId' },
  ...ownedRecordConstraintErrors('surveys'),
  survey_responses_survey_id_surveys_id_fk: { code: 'NOT_FOUND_ERROR', field: 'id' },
  survey_responses_user_id_users_id_fk: null,
  survey_responses_org_id_organizations_id_fk: null,
  survey_respondents_survey_id_surveys_id_fk: { code: 'NOT_FOUND_ERROR', field: 'id' },
  survey_respondents_user_id_users_id_fk: null,
  survey_drafts_survey_id_surveys_id_fk: { code: 'NOT_FOUND_ERROR', field: 'id' },
  survey_drafts_user_id_users_id_fk: null,
});
