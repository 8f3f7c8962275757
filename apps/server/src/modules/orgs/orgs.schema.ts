import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ORG_LIFECYCLE, type StateOf } from '@hanlin/shared';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { timestamps } from '../../platform/db/columns.js';

/** Organization tree; `path` is the materialized chain of ids (`/1/4/9/`) that data scope matches by prefix. */
export const organizations = pgTable(
  'organizations',
  {
    id: serial().primaryKey(),
    parentId: integer().references((): any => organizations.id),
    name: varchar({ length: 200 }).notNull(),
    code: varchar({ length: 200 }),
    path: text().notNull().default(''),
    depth: integer().notNull().default(1),
    sort: integer().notNull().default(0),
    status: varchar({ length: 16 }).notNull().default('normal').$type<StateOf<typeof ORG_LIFECYCLE>>(),
    leaderIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    ...timestamps(),
  },
  (t) => [
    stateCheck('organizations_status_check', t.status, ORG_LIFECYCLE),
    index('organizations_parent_idx').on(t.parentId, t.sort),
    index('organizations_path_idx').on(t.path.op('text_pattern_ops')),
    uniqueIndex('organizations_parent_name_uq').on(sql`coalesce(${t.parentId}, 0)`, t.name),
    uniqueIndex('organizations_code_uq').on(t.code),
  ],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  organizations_status_check: null,
  organizations_parent_name_uq: { code: 'DUPLICATE_ORGANIZATION', field: 'name' },
  organizations_code_uq: { code: 'DUPLICATE_DATA', field: 'code' },
  organizations_parent_id_organizations_id_fk: { code: 'IN_USE_ORGANIZATION', field: 'parentId' },
});
