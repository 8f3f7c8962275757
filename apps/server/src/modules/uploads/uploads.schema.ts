import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/users.schema.js';

/** Uploaded files; the bytes live in ctx.storage under `key`. */
export const files = pgTable(
  'files',
  {
    id: serial().primaryKey(),
    key: varchar({ length: 300 }).notNull(),
    originalName: varchar({ length: 255 }).notNull(),
    mime: varchar({ length: 100 }).notNull(),
    size: integer().notNull(),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_uploaded_by_idx').on(t.uploadedBy, t.id)],
);
