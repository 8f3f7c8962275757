import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { defineConstraintErrors } from '../../platform/db/constraints.js';

/**
 * Open audiences of every owner (a course, an assignment, a notice, an exam): one row per named
 * user, organization (with its subtree), position or learning group. Owners are told apart by
 * `ownerType`; an owner deletes its rows with `clearAudience` when it is deleted, and a target that
 * disappears simply stops matching anybody.
 */
export const audienceTargets = pgTable(
  'audience_targets',
  {
    ownerType: varchar({ length: 32 }).notNull(),
    ownerId: integer().notNull(),
    targetType: varchar({ length: 16 }).notNull(),
    targetId: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'audience_targets_pk', columns: [t.ownerType, t.ownerId, t.targetType, t.targetId] }),
    // From a user's keys to the owners they reach (index-only: `inAudience`, `audienceOwnersOf`).
    index('audience_targets_reach_idx').on(t.targetType, t.targetId, t.ownerType, t.ownerId),
    check('audience_targets_type_check', sql`${t.targetType} in ('user', 'org', 'position', 'group')`),
  ],
);

export const constraintErrors = defineConstraintErrors({
  audience_targets_type_check: { code: 'PARAMETER_INVALID', field: 'audience' },
});
