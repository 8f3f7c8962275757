import { boolean, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/index.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { requiredRef, timestamps } from '../../platform/db/columns.js';

export const feedback = pgTable(
  'feedback',
  {
    id: serial().primaryKey(),
    userId: requiredRef(() => users.id, 'cascade'),
    content: varchar({ length: 2000 }).notNull(),
    contact: varchar({ length: 100 }),
    replied: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('feedback_created_idx').on(t.createdAt, t.id),
    index('feedback_replied_created_idx').on(t.replied, t.createdAt, t.id),
    index('feedback_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    id: serial().primaryKey(),
    feedbackId: requiredRef(() => feedback.id, 'cascade'),
    /** The administrator who replied; kept as null when that account is deleted. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    content: varchar({ length: 2000 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_replies_feedback_idx').on(t.feedbackId, t.createdAt), index('feedback_replies_user_idx').on(t.userId)],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  feedback_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
  feedback_replies_feedback_id_feedback_id_fk: { code: 'DATA_IN_USE', field: 'id' },
  feedback_replies_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
});
