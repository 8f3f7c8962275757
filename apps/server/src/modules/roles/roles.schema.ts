import { boolean, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../orgs/index.js';
import { ROLE_LIFECYCLE, type StateOf } from '@hanlin/shared';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { linkTable, textArray, timestamps } from '../../platform/db/columns.js';

export const roles = pgTable(
  'roles',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 50 }).notNull(),
    description: varchar({ length: 200 }),
    permissions: textArray(),
    status: varchar({ length: 16 }).notNull().default('normal').$type<StateOf<typeof ROLE_LIFECYCLE>>(),
    /** Some roles may never sign in (spec section 6). */
    canLogin: boolean().notNull().default(true),
    builtin: boolean().notNull().default(false),
    /** Stable key of a built-in role ('admin', 'student', 'lecturer', 'class_teacher'); code finds them by it, never by name. */
    builtinKey: varchar({ length: 32 }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('roles_name_uq').on(t.name), uniqueIndex('roles_builtin_key_uq').on(t.builtinKey), stateCheck('roles_status_check', t.status, ROLE_LIFECYCLE)],
);

/** Data permission by organization attached to a role (spec section 6); users of the role get these subtrees. */
export const roleDataScopes = linkTable('role_data_scopes', ['roleId', () => roles.id, 'cascade'], ['orgId', () => organizations.id, 'cascade'], 'role_data_scopes_org_idx');

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  roles_status_check: null,
  roles_builtin_key_uq: null,
  roles_name_uq: { code: 'DUPLICATE_ROLE_NAME', field: 'name' },
  role_data_scopes_org_id_organizations_id_fk: { code: 'DATA_IN_USE', field: 'orgIds' },
  role_data_scopes_role_id_roles_id_fk: { code: 'DATA_IN_USE', field: 'id' },
});
