import type { LabelKind } from '@hanlin/shared';
import { index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { requiredRef, timestamps } from '../../platform/db/columns.js';

/** Label categories by the kind of object they label (course, question, job, user). */
export const labelCategories = pgTable(
  'label_categories',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 30 }).notNull(),
    kind: varchar({ length: 16 }).notNull().$type<LabelKind>(),
    sort: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('label_categories_name_uq').on(t.name), index('label_categories_kind_idx').on(t.kind, t.id)],
);

export const labels = pgTable(
  'labels',
  {
    id: serial().primaryKey(),
    categoryId: requiredRef(() => labelCategories.id, 'restrict'),
    name: varchar({ length: 10 }).notNull(),
    sort: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('labels_category_name_uq').on(t.categoryId, t.name), index('labels_created_idx').on(t.createdAt, t.id)],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  label_categories_name_uq: { code: 'DUPLICATE_LABEL_CATEGORY', field: 'name' },
  labels_category_name_uq: { code: 'DUPLICATE_LABEL', field: 'name' },
  labels_category_id_label_categories_id_fk: { code: 'IN_USE_CLASSIFICATION', field: 'categoryId' },
});
