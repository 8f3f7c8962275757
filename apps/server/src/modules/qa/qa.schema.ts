import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { QA_LIFECYCLE, type QaAnswerKind, type StateOf } from '@hanlin/shared';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { timestamps } from '../../platform/db/columns.js';

/** Q&A entries published by managers (spec: manage-QA, add-QA). */
export const qaEntries = pgTable(
  'qa_entries',
  {
    id: serial().primaryKey(),
    title: varchar({ length: 200 }).notNull(),
    /** Sanitized rich text (platform/rich-text.ts). */
    content: text().notNull(),
    /** A value of the dictionary type `qa-category`. */
    category: varchar({ length: 30 }),
    status: varchar({ length: 16 }).notNull().default('draft').$type<StateOf<typeof QA_LIFECYCLE>>(),
    pinned: boolean().notNull().default(false),
    /** Replies ever given: it only grows (spec §4), so an answered entry stays released. */
    answerCount: integer().notNull().default(0),
    /** The creator's organization: the record's data scope. */
    orgId: integer().references(() => organizations.id),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
    releasedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('qa_entries_org_id_idx')
      .on(t.orgId, t.id)
      .where(sql`${t.deletedAt} is null`),
    stateCheck('qa_entries_status_check', t.status, QA_LIFECYCLE),
    check('qa_entries_answer_count_check', sql`${t.answerCount} >= 0`),
    // The portal's order: pinned first, then the newest release.
    index('qa_entries_portal_order_idx')
      .on(t.pinned.desc(), t.releasedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'released' and ${t.deletedAt} is null`),
  ],
);

/** Answers and follow-up questions of students under a released entry. */
export const qaAnswers = pgTable(
  'qa_answers',
  {
    id: serial().primaryKey(),
    entryId: integer()
      .notNull()
      .references(() => qaEntries.id),
    kind: varchar({ length: 16 }).notNull().default('answer').$type<QaAnswerKind>(),
    content: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
    /** Hidden by a manager (reply moderation): gone from the student center, kept for a restore. */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('qa_answers_entry_idx')
      .on(t.entryId, t.id)
      .where(sql`${t.deletedAt} is null`),
    check('qa_answers_kind_check', sql`${t.kind} in ('answer', 'followUp')`),
  ],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  qa_entries_status_check: null,
  qa_entries_answer_count_check: null,
  qa_answers_kind_check: { code: 'PARAMETER_INVALID', field: 'kind' },
  qa_entries_created_by_users_id_fk: { code: 'DATA_IN_USE', field: 'createdBy' },
  qa_entries_org_id_organizations_id_fk: { code: 'IN_USE_ORGANIZATION', field: 'orgId' },
  qa_answers_entry_id_qa_entries_id_fk: { code: 'NOT_FOUND_ERROR', field: 'entryId' },
  qa_answers_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
  qa_answers_hidden_by_users_id_fk: null,
});
