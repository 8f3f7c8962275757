import { index, integer, pgTable, serial, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/index.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';

/** Uploaded files; the bytes live in ctx.storage under `key`. */
export const files = pgTable(
  'files',
  {
    id: serial().primaryKey(),
    /** The only id the API takes: random, so files cannot be enumerated. */
    publicId: uuid().notNull().defaultRandom(),
    key: varchar({ length: 300 }).notNull(),
    originalName: varchar({ length: 255 }).notNull(),
    mime: varchar({ length: 100 }).notNull(),
    size: integer().notNull(),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** One of UPLOAD_PURPOSES; files stored before purposes existed are 'legacy' (owner only). */
    purpose: varchar({ length: 32 }).notNull().default('legacy'),
    /** The record of the purpose the file was linked to when that record was saved (a notice id). */
    refId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_uploaded_by_idx').on(t.uploadedBy, t.id), uniqueIndex('files_public_id_uq').on(t.publicId)],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  files_public_id_uq: null,
  files_uploaded_by_users_id_fk: { code: 'DATA_IN_USE', field: 'uploadedBy' },
});
