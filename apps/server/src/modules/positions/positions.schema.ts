import { index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { labels } from '../labels/index.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { linkTable, timestamps } from '../../platform/db/columns.js';

/** Positions (jobs); users hold one through `users.position_id`. */
export const positions = pgTable(
  'positions',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 30 }).notNull(),
    description: varchar({ length: 200 }),
    sort: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('positions_name_uq').on(t.name), index('positions_sort_idx').on(t.sort, t.id), index('positions_created_idx').on(t.createdAt, t.id)],
);

/** Position labels: labels of a `job` category. */
export const positionLabels = linkTable(
  'position_labels',
  ['positionId', () => positions.id, 'cascade'],
  ['labelId', () => labels.id, 'restrict'],
  'position_labels_label_idx',
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  positions_name_uq: { code: 'DUPLICATE_POSITION', field: 'name' },
  position_labels_label_id_labels_id_fk: { code: 'IN_USE_LABEL', field: 'labelIds' },
  position_labels_position_id_positions_id_fk: { code: 'DATA_IN_USE', field: 'id' },
});
