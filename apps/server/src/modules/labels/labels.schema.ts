import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Label categories by the kind of object they label (course, question, job, user). */
export const labelCategories = pgTable(
  'label_categories',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 20 }).notNull(),
    kind: varchar({ length: 16 }).notNull(),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('label_categories_name_uq').on(t.name), index('label_categories_kind_idx').on(t.kind, t.id)],
);

export const labels = pgTable(
  'labels',
  {
    id: serial().primaryKey(),
    categoryId: integer()
      .notNull()
      .references(() => labelCategories.id, { onDelete: 'restrict' }),
    name: varchar({ length: 10 }).notNull(),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('labels_category_name_uq').on(t.categoryId, t.name), index('labels_created_idx').on(t.createdAt, t.id)],
);
