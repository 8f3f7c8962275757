import { index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { LEARNING_GROUP_LIFECYCLE, type StateOf } from '@hanlin/shared';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { requiredRef, timestamps } from '../../platform/db/columns.js';

/** Learning groups (formal or temporary), owned by an organization for data scope. */
export const learningGroups = pgTable(
  'learning_groups',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 30 }).notNull(),
    kind: varchar({ length: 16 }).notNull(),
    description: varchar({ length: 200 }),
    status: varchar({ length: 16 }).notNull().default('normal').$type<StateOf<typeof LEARNING_GROUP_LIFECYCLE>>(),
    orgId: requiredRef(() => organizations.id, 'restrict'),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    stateCheck('learning_groups_status_check', t.status, LEARNING_GROUP_LIFECYCLE),
    uniqueIndex('learning_groups_name_uq').on(t.name),
    index('learning_groups_org_idx').on(t.orgId, t.id),
    index('learning_groups_created_idx').on(t.createdAt, t.id),
  ],
);

export const learningGroupMembers = pgTable(
  'learning_group_members',
  {
    /** The list's tie-breaker and page key (platform/list.ts); the membership is (group, user). */
    id: serial().notNull(),
    groupId: requiredRef(() => learningGroups.id, 'restrict'),
    userId: requiredRef(() => users.id, 'cascade'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'learning_group_members_pk', columns: [t.groupId, t.userId] }),
    uniqueIndex('learning_group_members_id_uq').on(t.id),
    index('learning_group_members_user_idx').on(t.userId),
    index('learning_group_members_group_created_idx').on(t.groupId, t.createdAt, t.userId),
  ],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  learning_groups_status_check: null,
  learning_group_members_id_uq: null,
  learning_groups_name_uq: { code: 'DUPLICATE_LEARNING_GROUP', field: 'name' },
  learning_group_members_group_id_learning_groups_id_fk: { code: 'IN_USE_LEARNING_GROUP', field: 'id' },
  learning_group_members_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userIds' },
  learning_groups_created_by_users_id_fk: { code: 'DATA_IN_USE', field: 'createdBy' },
  learning_groups_org_id_organizations_id_fk: { code: 'IN_USE_ORGANIZATION', field: 'orgId' },
});
