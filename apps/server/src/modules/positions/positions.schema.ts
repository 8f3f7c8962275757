import { index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { labels } from '../labels/index.js';

/** Positions (jobs); users refer to one by name in `users.post`. */
export const positions = pgTable(
  'positions',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 30 }).notNull(),
    description: varchar({ length: 200 }),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('positions_name_uq').on(t.name), index('positions_sort_idx').on(t.sort, t.id), index('positions_created_idx').on(t.createdAt, t.id)],
);

/** Position labels: labels of a `job` category. */
export const positionLabels = pgTable(
  'position_labels',
  {
    positionId: integer()
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
    labelId: integer()
      .notNull()
      .references(() => labels.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ name: 'position_labels_pk', columns: [t.positionId, t.labelId] }), index('position_labels_label_idx').on(t.labelId)],
);
