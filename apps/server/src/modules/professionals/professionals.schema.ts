import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Professional (major) tree: name and sort under a parent. */
export const professionals = pgTable(
  'professionals',
  {
    id: serial().primaryKey(),
    parentId: integer().references((): any => professionals.id, { onDelete: 'restrict' }),
    name: varchar({ length: 30 }).notNull(),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('professionals_parent_idx').on(t.parentId, t.sort),
    uniqueIndex('professionals_parent_name_uq').on(sql`coalesce(${t.parentId}, 0)`, t.name),
  ],
);
