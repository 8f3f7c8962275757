import { index, integer, pgTable, bigserial, timestamp, varchar, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/index.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { requiredRef } from '../../platform/db/columns.js';

/** One row per issued token; the token itself is never stored, only its SHA-256. */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    tokenHash: varchar({ length: 64 }).notNull(),
    userId: requiredRef(() => users.id, 'cascade'),
    platformType: integer().notNull().default(1),
    signNumber: varchar({ length: 64 }).notNull(),
    ip: varchar({ length: 64 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set at logout (`logout`), replacement by a newer login (`replaced`) or expiry. */
    endedAt: timestamp({ withTimezone: true }),
    endReason: varchar({ length: 16 }),
  },
  (t) => [
    uniqueIndex('user_sessions_token_uq').on(t.tokenHash),
    index('user_sessions_user_idx').on(t.userId, t.platformType),
    index('user_sessions_active_idx').on(t.lastSeenAt),
  ],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  user_sessions_token_uq: null,
  user_sessions_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
});
