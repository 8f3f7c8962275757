import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { DICT_STATUSES } from '@hanlin/shared';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';

/** Dictionary entries: small value lists grouped by type (education, post level, ...). */
export const dictEntries = pgTable(
  'dict_entries',
  {
    id: serial().primaryKey(),
    type: varchar({ length: 50 }).notNull(),
    label: varchar({ length: 50 }).notNull(),
    value: varchar({ length: 50 }).notNull(),
    sort: integer().notNull().default(0),
    remark: varchar({ length: 200 }),
    status: varchar({ length: 16 }).notNull().default('normal'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    stateCheck('dict_entries_status_check', t.status, { states: DICT_STATUSES }),
    uniqueIndex('dict_entries_type_value_uq').on(t.type, t.value),
    uniqueIndex('dict_entries_type_label_uq').on(t.type, t.label),
    index('dict_entries_type_sort_idx').on(t.type, t.sort, t.id),
  ],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  dict_entries_status_check: null,
  dict_entries_type_value_uq: { code: 'DUPLICATE_DICT_ENTRY', field: 'value' },
  dict_entries_type_label_uq: { code: 'DUPLICATE_DICT_ENTRY', field: 'label' },
});
