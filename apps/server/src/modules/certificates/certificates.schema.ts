import { index, integer, jsonb, pgSequence, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { CertificateLayout } from '@hanlin/shared';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { users } from '../users/index.js';
import { requiredRef, timestamps } from '../../platform/db/columns.js';

/** Certificate templates (spec: manage-certificate, add-certificate). */
export const certificateTemplates = pgTable(
  'certificate_templates',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 30 }).notNull(),
    thumbnail: varchar({ length: 500 }),
    authority: varchar({ length: 50 }).notNull(),
    /** Null: permanent. */
    validityMonths: integer(),
    background: varchar({ length: 500 }),
    /** Storage key of the background image, taken from the claimed upload (the PDF reads it). */
    backgroundKey: varchar({ length: 300 }),
    backgroundMime: varchar({ length: 100 }),
    pageWidth: integer().notNull(),
    pageHeight: integer().notNull(),
    layout: jsonb().$type<CertificateLayout>().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('certificate_templates_name_uq').on(t.name)],
);

/** Serial part of certificate numbers: a sequence, so concurrent issues never collide. */
export const certificateNumbers = pgSequence('certificate_numbers', { startWith: 1 });

/** Issued certificates: one per (template, user, source). */
export const certificates = pgTable(
  'certificates',
  {
    id: serial().primaryKey(),
    number: varchar({ length: 32 }).notNull(),
    templateId: requiredRef(() => certificateTemplates.id, 'restrict'),
    userId: requiredRef(() => users.id, 'cascade'),
    sourceKind: varchar({ length: 16 }).notNull(),
    sourceId: integer().notNull(),
    sourceTitle: varchar({ length: 200 }).notNull(),
    issuedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('certificates_number_uq').on(t.number),
    uniqueIndex('certificates_source_uq').on(t.templateId, t.userId, t.sourceKind, t.sourceId),
    index('certificates_user_idx').on(t.userId, t.issuedAt),
    index('certificates_template_idx').on(t.templateId, t.id),
  ],
);

export const constraintErrors = defineConstraintErrors({
  certificate_templates_name_uq: { code: 'DUPLICATE_CERTIFICATE', field: 'name' },
  certificate_templates_created_by_users_id_fk: { code: 'DATA_IN_USE', field: 'createdBy' },
  // Numbers come from a sequence, and issuing is INSERT … ON CONFLICT DO NOTHING on the source:
  // neither index can be violated by a caller.
  certificates_number_uq: null,
  certificates_source_uq: null,
  // A template something was issued from is not deleted.
  certificates_template_id_certificate_templates_id_fk: { code: 'IN_USE_CERTIFICATE', field: 'ids' },
  certificates_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
});
