import { bigserial, index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../users/index.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { requiredRef } from '../../platform/db/columns.js';

/**
 * Forgot-password requests. Only SHA-256 hashes of the e-mailed code and of the reset token are
 * stored; a verified code turns into a token on the same row.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: requiredRef(() => users.id, 'cascade'),
    codeHash: varchar({ length: 64 }),
    tokenHash: varchar({ length: 64 }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_resets_token_uq').on(t.tokenHash), index('password_resets_user_idx').on(t.userId, t.id)],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  password_resets_token_uq: null,
  password_resets_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
});
