import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { QUESTION_LIFECYCLE, type QuestionOption, type StateOf, type QuestionType, type QuestionDifficulty } from '@hanlin/shared';
import { defineConstraintErrors, ownedRecordConstraintErrors, treeConstraintErrors } from '../../platform/db/constraints.js';
import { defineTreeTable } from '../../platform/tree-repository.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { ownedRecordColumns, textArray } from '../../platform/db/columns.js';

/** The question classification tree, at most 5 levels. */
export const questionCategories = defineTreeTable('question_categories');

/** The question bank: one row per question, its type-specific parts in typed columns. */
export const questions = pgTable(
  'questions',
  {
    id: serial().primaryKey(),
    type: varchar({ length: 16 }).notNull().$type<QuestionType>(),
    /** Sanitized rich text. */
    stem: text().notNull(),
    difficulty: varchar({ length: 8 }).notNull().default('medium').$type<QuestionDifficulty>(),
    labels: textArray(),
    /** A multiple of 0.5, at most 100. */
    score: doublePrecision().notNull(),
    analysis: text().notNull().default(''),
    options: jsonb().$type<QuestionOption[]>().notNull().default([]),
    answers: textArray(),
    blanks: jsonb().$type<string[][]>().notNull().default([]),
    keywords: text().notNull().default(''),
    autoScore: boolean().notNull().default(false),
    answerText: text().notNull().default(''),
    stars: smallint().notNull().default(5),
    categoryId: integer().references(() => questionCategories.id, { onDelete: 'restrict' }),
    status: varchar({ length: 16 }).notNull().default('draft').$type<StateOf<typeof QUESTION_LIFECYCLE>>(),
    refuseReason: varchar({ length: 200 }),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
  },
  (t) => [
    index('questions_org_idx').on(t.orgId, t.id),
    index('questions_category_idx').on(t.categoryId, t.id),
    index('questions_labels_idx').using('gin', t.labels),
    stateCheck('questions_status_check', t.status, QUESTION_LIFECYCLE),
    check('questions_type_check', sql`${t.type} in ('single', 'multiple', 'judgment', 'fill', 'short', 'operation', 'calculation', 'rating')`),
    check('questions_difficulty_check', sql`${t.difficulty} in ('easy', 'medium', 'hard')`),
    check('questions_score_check', sql`${t.score} > 0 and ${t.score} <= 100 and ${t.score} * 2 = floor(${t.score} * 2)`),
  ],
);

/** Constraint violations as API errors (platform/db/constraints.ts). */
export const constraintErrors = defineConstraintErrors({
  ...treeConstraintErrors('question_categories', 'DUPLICATE_CATEGORY'),
  questions_category_id_question_categories_id_fk: { code: 'IN_USE_SUBCLASS', field: 'categoryId' },
  ...ownedRecordConstraintErrors('questions'),
  questions_status_check: { code: 'PARAMETER_INVALID', field: 'status' },
  questions_type_check: { code: 'PARAMETER_INVALID', field: 'type' },
  questions_difficulty_check: { code: 'PARAMETER_INVALID', field: 'difficulty' },
  questions_score_check: { code: 'PARAMETER_INVALID', field: 'score' },
});
