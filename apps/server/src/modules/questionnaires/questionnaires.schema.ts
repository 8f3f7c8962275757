import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { QUESTIONNAIRE_LIFECYCLE, type QuestionnaireItem, type QuestionnaireStatus } from '@hanlin/shared';
import { defineConstraintErrors, ownedRecordConstraintErrors } from '../../platform/db/constraints.js';
import { defineTreeTable } from '../../platform/tree-repository.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { ownedRecordColumns } from '../../platform/db/columns.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';

/** Questionnaire classifications: a tree, at most 5 levels. */
export const questionnaireCategories = defineTreeTable('questionnaire_categories');

/** Questionnaire templates: their items (shared `QuestionnaireItemsSchema`) are one JSON document. */
export const questionnaires = pgTable(
  'questionnaires',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 200 }).notNull(),
    status: varchar({ length: 16 }).$type<QuestionnaireStatus>().notNull().default('draft'),
    categoryId: integer().references(() => questionnaireCategories.id, { onDelete: 'restrict' }),
    description: text().notNull().default(''),
    items: jsonb().$type<QuestionnaireItem[]>().notNull().default([]),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('questionnaires_name_uq').on(t.name),
    index('questionnaires_org_idx').on(t.orgId, t.id),
    index('questionnaires_category_idx').on(t.categoryId, t.id),
    index('questionnaires_status_idx').on(t.status, t.id),
    stateCheck('questionnaires_status_check', t.status, QUESTIONNAIRE_LIFECYCLE),
  ],
);

/** Constraint violations as API errors (platform/db/constraints.ts). */
export const constraintErrors = defineConstraintErrors({
  questionnaire_categories_parent_name_uq: { code: 'DUPLICATE_CATEGORY', field: 'name' },
  // The tree's parent key, as PostgreSQL stores it: names are cut at 63 characters.
  questionnaire_categories_parent_id_questionnaire_categories_id_: { code: 'IN_USE_SUBCLASS', field: 'parentId' },
  questionnaires_name_uq: { code: 'DUPLICATE_DATA', field: 'name' },
  questionnaires_status_check: { code: 'PARAMETER_INVALID', field: 'status' },
  questionnaires_category_id_questionnaire_categories_id_fk: { code: 'IN_USE_SUBCLASS', field: 'categoryId' },
  ...ownedRecordConstraintErrors('questionnaires'),
});
