import { integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { defineConstraintErrors, ownedRecordConstraintErrors } from '../../platform/db/constraints.js';
import { linkTable, ownedRecordColumns } from '../../platform/db/columns.js';

/**
 * Training leaders: one designation per user (`user_id` unique: DUPLICATE_DATA), with a title.
 * `org_id` is the leader's own organization when designated or re-designated (the data scope of
 * department administrators); the organizations led are `training_leader_orgs`.
 */
export const trainingLeaders = pgTable(
  'training_leaders',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar({ length: 50 }).notNull().default(''),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
  },
  (t) => [uniqueIndex('training_leaders_user_uq').on(t.userId)],
);

/** The organizations a leader leads (at most 10, checked by the service); an organization deleted leaves the list. */
export const trainingLeaderOrgs = linkTable(
  'training_leader_orgs',
  ['leaderId', () => trainingLeaders.id, 'cascade'],
  ['orgId', () => organizations.id, 'cascade'],
  'training_leader_orgs_org_idx',
);

export const constraintErrors = defineConstraintErrors({
  training_leaders_user_uq: { code: 'DUPLICATE_DATA', field: 'userId' },
  training_leaders_user_id_users_id_fk: { code: 'NOT_FOUND_ERROR', field: 'userId' },
  ...ownedRecordConstraintErrors('training_leaders'),
  training_leader_orgs_leader_id_training_leaders_id_fk: null,
  training_leader_orgs_org_id_organizations_id_fk: { code: 'NOT_FOUND_ERROR', field: 'orgIds' },
});
