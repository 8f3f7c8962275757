import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { defineConstraintErrors } from '../../platform/db/constraints.js';

/** Professional (major) tree: name and sort under a parent; `path` (`/3/8/`) and `depth` as in organizations. */
export const professionals = pgTable(
  'professionals',
  {
    id: serial().primaryKey(),
    parentId: integer().references((): any => professionals.id, { onDelete: 'restrict' }),
    name: varchar({ length: 30 }).notNull(),
    sort: integer().notNull().default(0),
    path: text().notNull().default(''),
    depth: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('professionals_parent_idx').on(t.parentId, t.sort),
    index('professionals_path_idx').on(t.path.op('text_pattern_ops')),
    uniqueIndex('professionals_parent_name_uq').on(sql`coalesce(${t.parentId}, 0)`, t.name),
  ],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  professionals_parent_name_uq: { code: 'DUPLICATE_CATEGORY', field: 'name' },
  professionals_parent_id_professionals_id_fk: { code: 'IN_USE_SUBCLASS', field: 'parentId' },
});
