import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import type { HelpTemplateCategory, HelpTemplateFile } from '@hanlin/shared';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { defineConstraintErrors, ownedRecordConstraintErrors } from '../../platform/db/constraints.js';
import { ownedRecordColumns } from '../../platform/db/columns.js';

/** Help documents and downloadable templates of the training back office (one list for the whole platform). */
export const helpTemplates = pgTable(
  'help_templates',
  {
    id: serial().primaryKey(),
    title: varchar({ length: 200 }).notNull(),
    category: varchar({ length: 16 }).notNull().$type<HelpTemplateCategory>(),
    /** Sanitized rich text. */
    body: text().notNull().default(''),
    /** The uploaded files (purpose `help-template`), as claimed: reference, name, size. */
    attachments: jsonb().notNull().default([]).$type<HelpTemplateFile[]>(),
    sort: integer().notNull().default(0),
    published: boolean().notNull().default(false),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
  },
  (t) => [
    index('help_templates_sort_idx').on(t.sort, t.id),
    check('help_templates_category_check', sql`${t.category} in ('guide', 'template', 'policy', 'other')`),
    check('help_templates_attachments_check', sql`jsonb_array_length(${t.attachments}) <= 10`),
  ],
);

export const constraintErrors = defineConstraintErrors({
  help_templates_category_check: { code: 'PARAMETER_INVALID', field: 'category' },
  help_templates_attachments_check: { code: 'PARAMETER_INVALID', field: 'attachments' },
  ...ownedRecordConstraintErrors('help_templates'),
});
