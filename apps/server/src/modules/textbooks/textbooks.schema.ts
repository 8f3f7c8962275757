import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { TEXTBOOK_LIFECYCLE, type StateOf } from '@hanlin/shared';
import { defineConstraintErrors, ownedRecordConstraintErrors, treeConstraintErrors } from '../../platform/db/constraints.js';
import { defineTreeTable } from '../../platform/tree-repository.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { files } from '../uploads/index.js';
import { ownedRecordColumns, requiredRef, textArray, timestamps } from '../../platform/db/columns.js';

/** Textbook categories: a tree as organizations, at most 5 levels. */
export const textbookCategories = defineTreeTable('textbook_categories');

/** Digital textbooks: a PDF with its description, on the shelf while published. */
export const textbooks = pgTable(
  'textbooks',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 200 }).notNull(),
    status: varchar({ length: 16 }).notNull().default('draft').$type<StateOf<typeof TEXTBOOK_LIFECYCLE>>(),
    categoryId: integer().references(() => textbookCategories.id, { onDelete: 'restrict' }),
    labels: textArray(),
    intro: text().notNull().default(''),
    author: varchar({ length: 100 }).notNull().default(''),
    publisher: varchar({ length: 100 }).notNull().default(''),
    /** Stored cover reference (`/api/upload/file/<public id>`). */
    cover: varchar({ length: 300 }),
    fileId: requiredRef(() => files.id, 'restrict'),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('textbooks_name_uq').on(t.name),
    index('textbooks_org_idx').on(t.orgId, t.id),
    index('textbooks_category_idx').on(t.categoryId, t.id),
    index('textbooks_status_idx').on(t.status, t.id),
    index('textbooks_file_idx').on(t.fileId),
    stateCheck('textbooks_status_check', t.status, TEXTBOOK_LIFECYCLE),
  ],
);

/** The textbook and the reader a row of the student side belongs to (gone with either). */
const readerColumns = () => ({
  textbookId: requiredRef(() => textbooks.id, 'cascade'),
  userId: requiredRef(() => users.id, 'cascade'),
});

/** A student's subscription ("registration"): the textbook shows under "my textbooks". */
export const textbookRegistrations = pgTable(
  'textbook_registrations',
  {
    ...readerColumns(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'textbook_registrations_pk', columns: [t.textbookId, t.userId] }), index('textbook_registrations_user_idx').on(t.userId, t.createdAt)],
);

/** The reader's last page. */
export const textbookProgress = pgTable(
  'textbook_progress',
  {
    ...readerColumns(),
    page: integer().notNull(),
    pageCount: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'textbook_progress_pk', columns: [t.textbookId, t.userId] })],
);

/** One 1–5 score per user and textbook. */
export const textbookScores = pgTable(
  'textbook_scores',
  {
    ...readerColumns(),
    score: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'textbook_scores_pk', columns: [t.textbookId, t.userId] }), check('textbook_scores_score_check', sql`${t.score} between 1 and 5`)],
);

/** A reader's notes, per page; each reader sees and changes only their own. */
export const textbookNotes = pgTable(
  'textbook_notes',
  {
    id: serial().primaryKey(),
    ...readerColumns(),
    page: integer().notNull(),
    content: text().notNull(),
    ...timestamps(),
  },
  (t) => [index('textbook_notes_reader_idx').on(t.userId, t.textbookId, t.page, t.id)],
);

/** Constraint violations as API errors (platform/db/constraints.ts). */
export const constraintErrors = defineConstraintErrors({
  ...treeConstraintErrors('textbook_categories', 'DUPLICATE_CATEGORY'),
  textbooks_name_uq: { code: 'DUPLICATE_TEXTBOOK', field: 'name' },
  textbooks_status_check: { code: 'PARAMETER_INVALID', field: 'status' },
  textbooks_category_id_textbook_categories_id_fk: { code: 'IN_USE_SUBCLASS', field: 'categoryId' },
  textbooks_file_id_files_id_fk: { code: 'DATA_IN_USE', field: 'file' },
  ...ownedRecordConstraintErrors('textbooks'),
  textbook_registrations_textbook_id_textbooks_id_fk: { code: 'NOT_FOUND_ERROR', field: 'id' },
  textbook_registrations_user_id_users_id_fk: null,
  textbook_progress_textbook_id_textbooks_id_fk: { code: 'NOT_FOUND_ERROR', field: 'id' },
  textbook_progress_user_id_users_id_fk: null,
  textbook_scores_score_check: { code: 'PARAMETER_INVALID', field: 'score' },
  textbook_scores_textbook_id_textbooks_id_fk: { code: 'NOT_FOUND_ERROR', field: 'id' },
  textbook_scores_user_id_users_id_fk: null,
  textbook_notes_textbook_id_textbooks_id_fk: { code: 'NOT_FOUND_ERROR', field: 'textbookId' },
  textbook_notes_user_id_users_id_fk: null,
});
