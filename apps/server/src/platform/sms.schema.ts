import { bigserial, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { defineConstraintErrors } from './db/constraints.js';

/**
 * Every verification text the platform sent or tried to send (platform/sms.ts). With the logging
 * sender (no provider configured) the code itself is kept, so an operator can read it out; with a
 * real provider only the outcome is.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    phone: varchar({ length: 20 }).notNull(),
    /** `login`, `register` or `reset`. */
    purpose: varchar({ length: 16 }).notNull(),
    provider: varchar({ length: 16 }).notNull(),
    /** `logged` (logging sender), `sent` or `failed`. */
    status: varchar({ length: 16 }).notNull().$type<'logged' | 'sent' | 'failed'>(),
    code: varchar({ length: 12 }),
    error: varchar({ length: 1000 }),
    /** The account the code is for, when known (no foreign key: platform does not know the users table). */
    userId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.id)],
);

export const constraintErrors = defineConstraintErrors({});
