import { index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { CertificateLanguage, CertificateLayout, CertificateSourceKind } from '@hanlin/shared';
import { defineConstraintErrors, ownedRecordConstraintErrors } from '../../platform/db/constraints.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { ownedRecordColumns, requiredRef } from '../../platform/db/columns.js';

/** How a certificate is drawn: what its template said when it was issued. */
export interface CertificateDesign {
  language: CertificateLanguage;
  pageWidth: number;
  pageHeight: number;
  layout: CertificateLayout;
  /** Storage key and type of the background image; null: the default design (frame and ornaments). */
  backgroundKey: string | null;
  backgroundMime: string | null;
}

/** Certificate templates (spec: manage-certificate, add-certificate), owned by an organization (their data scope). */
export const certificateTemplates = pgTable(
  'certificate_templates',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 30 }).notNull(),
    thumbnail: varchar({ length: 500 }),
    authority: varchar({ length: 100 }).notNull(),
    language: varchar({ length: 8 }).$type<CertificateLanguage>().notNull().default('zh-CN'),
    /** Null: permanent. */
    validityMonths: integer(),
    background: varchar({ length: 500 }),
    /** Storage key of the background image, taken from the claimed upload (the PDF reads it). */
    backgroundKey: varchar({ length: 300 }),
    backgroundMime: varchar({ length: 100 }),
    pageWidth: integer().notNull(),
    pageHeight: integer().notNull(),
    layout: jsonb().$type<CertificateLayout>().notNull(),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
  },
  (t) => [uniqueIndex('certificate_templates_name_uq').on(t.name), index('certificate_templates_org_idx').on(t.orgId, t.id)],
);

/**
 * Issued certificates: one per (template, user, source). The template's name, authority, thumbnail
 * and design are copied at issue: editing the template later does not rewrite what was certified.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: serial().primaryKey(),
    number: varchar({ length: 32 }).notNull(),
    templateId: requiredRef(() => certificateTemplates.id, 'restrict'),
    userId: requiredRef(() => users.id, 'cascade'),
    sourceKind: varchar({ length: 16 }).notNull().$type<CertificateSourceKind>(),
    sourceId: integer().notNull(),
    sourceTitle: varchar({ length: 200 }).notNull(),
    templateName: varchar({ length: 30 }).notNull(),
    authority: varchar({ length: 100 }).notNull(),
    thumbnail: varchar({ length: 500 }),
    design: jsonb().$type<CertificateDesign>().notNull(),
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
  ...ownedRecordConstraintErrors('certificate_templates'),
  // Numbers carry 55 random bits, and issuing is INSERT … ON CONFLICT DO NOTHING on the source:
  // neither index can be violated by a caller.
  certificates_number_uq: null,
  certificates_source_uq: null,
  // A template something was issued from is not deleted.
  certificates_template_id_certificate_templates_id_fk: { code: 'IN_USE_CERTIFICATE', field: 'ids' },
  certificates_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
});
