import { bigint, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { MediaKind, MediaStateName } from '@hanlin/shared';
import { files } from '../uploads/index.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { sharedKey } from '../../platform/db/columns.js';

/** What was derived from an uploaded file for playing it (HLS, converted PDF) and its probed duration. */
export const mediaAssets = pgTable('media_assets', {
  fileId: sharedKey(() => files.id),
  /** One of MEDIA_KINDS. */
  kind: varchar({ length: 16 }).notNull().$type<MediaKind>(),
  /** One of MEDIA_STATES. */
  state: varchar({ length: 16 }).notNull().$type<MediaStateName>(),
  progress: smallint().notNull().default(0),
  durationMs: integer(),
  /** Page count of a PDF (the file itself, or an Office file's conversion), counted on first need (null until then). */
  pages: integer(),
  /** Storage key of the derived output: the HLS playlist or the converted PDF. */
  outputKey: varchar({ length: 300 }),
  error: varchar({ length: 64 }),
  /** The processing job (platform jobs table). */
  jobId: bigint({ mode: 'number' }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  media_assets_file_id_files_id_fk: { code: 'DATA_IN_USE', field: 'fileId' },
});
