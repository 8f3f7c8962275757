import { bigserial, boolean, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/index.js';
import { MAIL_LOG_STATUSES } from '@hanlin/shared';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';

/** Every outgoing e-mail with its outcome (spec: mail log, read or unread, failure with resend). */
export const mailLogs = pgTable(
  'mail_logs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    toAddress: varchar({ length: 500 }).notNull(),
    subject: varchar({ length: 500 }).notNull(),
    body: text().notNull(),
    /** Kept so that a resend reproduces the HTML part. */
    html: text(),
    /** The mail carries a code or link that grants access (password reset): the log never shows its body. */
    secret: boolean().notNull().default(false),
    status: varchar({ length: 16 }).notNull().$type<(typeof MAIL_LOG_STATUSES)[number]>(),
    error: text(),
    read: boolean().notNull().default(false),
    attempts: integer().notNull().default(1),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    stateCheck('mail_logs_status_check', t.status, { states: MAIL_LOG_STATUSES }),
    index('mail_logs_created_idx').on(t.createdAt, t.id),
    index('mail_logs_status_idx').on(t.status, t.id),
    index('mail_logs_sent_idx').on(t.sentAt, t.id),
    index('mail_logs_user_idx').on(t.userId),
  ],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  mail_logs_status_check: null,
  mail_logs_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
});
