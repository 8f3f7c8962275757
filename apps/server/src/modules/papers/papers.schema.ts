import type { PaperKind, QuestionType, QuestionDifficulty } from '@hanlin/shared';
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { defineConstraintErrors, ownedRecordConstraintErrors } from '../../platform/db/constraints.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { questionCategories, questions } from '../questions/index.js';
import { ownedRecordColumns, requiredRef, textArray } from '../../platform/db/columns.js';

/** Papers (spec §3 Paper). A deleted paper keeps its row (exams still name it) but loses its questions and rules. */
export const papers = pgTable(
  'papers',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 200 }).notNull(),
    kind: varchar({ length: 8 }).notNull().$type<PaperKind>(),
    /** Hand-picked scores plus count × score of every rule, computed when saved. */
    total: doublePrecision().notNull().default(0),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('papers_name_uq')
      .on(t.name)
      .where(sql`${t.deletedAt} is null`),
    index('papers_org_idx').on(t.orgId, t.id),
    check('papers_kind_check', sql`${t.kind} in ('fixed', 'random', 'free')`),
  ],
);

/** Hand-picked questions of a fixed or free paper, in order, each with its score in this paper. */
export const paperItems = pgTable(
  'paper_items',
  {
    paperId: requiredRef(() => papers.id, 'cascade'),
    questionId: requiredRef(() => questions.id, 'restrict'),
    position: smallint().notNull(),
    score: doublePrecision().notNull(),
  },
  (t) => [
    uniqueIndex('paper_items_paper_question_uq').on(t.paperId, t.questionId),
    index('paper_items_question_idx').on(t.questionId),
    check('paper_items_score_check', sql`${t.score} > 0 and ${t.score} <= 100 and ${t.score} * 2 = floor(${t.score} * 2)`),
  ],
);

/** Random rules of a random or free paper: `count` approved questions of a type from a bank (classification subtree). */
export const paperRules = pgTable(
  'paper_rules',
  {
    id: serial().primaryKey(),
    paperId: requiredRef(() => papers.id, 'cascade'),
    position: smallint().notNull(),
    categoryId: requiredRef(() => questionCategories.id, 'restrict'),
    type: varchar({ length: 16 }).notNull().$type<QuestionType>(),
    difficulty: varchar({ length: 8 }).$type<QuestionDifficulty>(),
    labels: textArray(),
    count: smallint().notNull(),
    score: doublePrecision().notNull(),
  },
  (t) => [
    index('paper_rules_paper_idx').on(t.paperId, t.position),
    index('paper_rules_category_idx').on(t.categoryId),
    check('paper_rules_count_check', sql`${t.count} > 0`),
    check('paper_rules_score_check', sql`${t.score} > 0 and ${t.score} <= 100 and ${t.score} * 2 = floor(${t.score} * 2)`),
  ],
);

/** Constraint violations as API errors (platform/db/constraints.ts). */
export const constraintErrors = defineConstraintErrors({
  papers_name_uq: { code: 'DUPLICATE_PAPER', field: 'name' },
  ...ownedRecordConstraintErrors('papers'),
  papers_kind_check: { code: 'PARAMETER_INVALID', field: 'kind' },
  paper_items_paper_id_papers_id_fk: null,
  paper_items_question_id_questions_id_fk: { code: 'IN_USE_QUESTION', field: 'ids' },
  paper_items_paper_question_uq: { code: 'PARAMETER_INVALID', field: 'items' },
  paper_items_score_check: { code: 'PARAMETER_INVALID', field: 'items' },
  paper_rules_paper_id_papers_id_fk: null,
  paper_rules_category_id_question_categories_id_fk: { code: 'IN_USE_SUBCLASS', field: 'categoryId' },
  paper_rules_count_check: { code: 'PARAMETER_INVALID', field: 'rules' },
  paper_rules_score_check: { code: 'PARAMETER_INVALID', field: 'rules' },
});
