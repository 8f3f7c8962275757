import type { UploadKind, UploadPurpose } from '@hanlin/shared';
import { index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/index.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { requiredRef, timestamps } from '../../platform/db/columns.js';

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
    purpose: varchar({ length: 32 }).notNull().default('legacy').$type<UploadPurpose | 'legacy'>(),
    /** The record of the purpose the file was linked to when that record was saved (a notice id). */
    refId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_uploaded_by_idx').on(t.uploadedBy, t.id), uniqueIndex('files_public_id_uq').on(t.publicId)],
);

/** Chunked, resumable uploads in progress: chunks live in storage under `chunks/<id>/<index>`. */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: requiredRef(() => users.id, 'cascade'),
    name: varchar({ length: 255 }).notNull(),
    size: integer().notNull(),
    sha256: varchar({ length: 64 }).notNull(),
    kind: varchar({ length: 32 }).notNull().$type<UploadKind>(),
    purpose: varchar({ length: 32 }).notNull().$type<UploadPurpose>(),
    chunkSize: integer().notNull(),
    totalChunks: integer().notNull(),
    /** open → merging (one completion at a time); removed once merged. */
    state: varchar({ length: 16 }).notNull().default('open').$type<'open' | 'merging'>(),
    ...timestamps(),
  },
  (t) => [
    // The same file started again by the same person resumes the same session.
    uniqueIndex('upload_sessions_resume_uq').on(t.userId, t.sha256, t.size, t.kind, t.purpose),
    index('upload_sessions_updated_idx').on(t.updatedAt),
  ],
);

export const uploadChunks = pgTable(
  'upload_chunks',
  {
    sessionId: uuid()
      .notNull()
      .references(() => uploadSessions.id, { onDelete: 'cascade' }),
    idx: integer().notNull(),
    size: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.idx] })],
);
/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  upload_sessions_resume_uq: null,
  upload_sessions_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
  upload_chunks_session_id_upload_sessions_id_fk: null,
  files_public_id_uq: null,
  files_uploaded_by_users_id_fk: { code: 'DATA_IN_USE', field: 'uploadedBy' },
});
