import type { MessageMailState, MessageMutableKind, MessageTemplate } from '@hanlin/shared';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/index.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { requiredRef, sharedKey } from '../../platform/db/columns.js';

/** In-site messages to one user (system notices, approvals, reminders). */
export const messages = pgTable(
  'messages',
  {
    id: serial().primaryKey(),
    userId: requiredRef(() => users.id, 'cascade'),
    title: varchar({ length: 200 }).notNull(),
    content: varchar({ length: 2000 }).notNull(),
    kind: varchar({ length: 50 }).notNull(),
    /** A platform message (MESSAGE_TEMPLATES): the web shows it in the reader's language. */
    template: varchar({ length: 50 }).$type<MessageTemplate>(),
    params: jsonb().$type<Record<string, string>>().notNull().default({}),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set for the templates that also go by mail (MAILED_MESSAGE_TEMPLATES): the rows are the mailer's queue. */
    mailState: varchar({ length: 8 }).$type<MessageMailState>(),
  },
  (t) => [
    index('messages_user_read_idx').on(t.userId, t.readAt),
    index('messages_user_id_idx').on(t.userId, t.id),
    index('messages_mail_pending_idx')
      .on(t.id)
      .where(sql`${t.mailState} = 'pending'`),
  ],
);

/** Message config: the kinds a user chose not to receive (no row: every kind). */
export const messageConfigs = pgTable('message_configs', {
  userId: sharedKey(() => users.id),
  muted: varchar({ length: 50 }).array().notNull().default([]).$type<MessageMutableKind[]>(),
});

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  messages_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
  message_configs_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
});
