import { boolean, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { DICT_STATUSES } from '@hanlin/shared';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { timestamps } from '../../platform/db/columns.js';

/** Dictionary types: the groups entries belong to, managed on their own (built-in ones are read by other modules). */
export const dictTypes = pgTable(
  'dict_types',
  {
    id: serial().primaryKey(),
    code: varchar({ length: 50 }).notNull(),
    name: varchar({ length: 50 }).notNull(),
    sort: integer().notNull().default(0),
    remark: varchar({ length: 200 }),
    builtin: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex('dict_types_code_uq').on(t.code), uniqueIndex('dict_types_name_uq').on(t.name)],
);

/** Dictionary entries: small value lists grouped by type (education, post level, ...). */
export const dictEntries = pgTable(
  'dict_entries',
  {
    id: serial().primaryKey(),
    type: varchar({ length: 50 })
      .notNull()
      .references(() => dictTypes.code),
    label: varchar({ length: 50 }).notNull(),
    value: varchar({ length: 50 }).notNull(),
    sort: integer().notNull().default(0),
    remark: varchar({ length: 200 }),
    status: varchar({ length: 16 }).notNull().default('normal').$type<(typeof DICT_STATUSES)[number]>(),
    ...timestamps(),
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
  dict_types_code_uq: { code: 'DUPLICATE_DICT_TYPE', field: 'code' },
  dict_types_name_uq: { code: 'DUPLICATE_DICT_TYPE', field: 'name' },
  dict_entries_type_dict_types_code_fk: { code: 'NOT_FOUND_ERROR', field: 'type' },
  dict_entries_type_value_uq: { code: 'DUPLICATE_DICT_ENTRY', field: 'value' },
  dict_entries_type_label_uq: { code: 'DUPLICATE_DICT_ENTRY', field: 'label' },
});
