import { pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { sharedKey } from '../../platform/db/columns.js';

/**
 * Which organizations came from the directory: a later sync updates only these, and an
 * organization created by hand with the same code is reported as "duplicate with existing".
 */
export const ldapOrgLinks = pgTable(
  'ldap_org_links',
  {
    orgId: sharedKey(() => organizations.id),
    code: varchar({ length: 200 }).notNull(),
    dn: text().notNull(),
    syncedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ldap_org_links_code_uq').on(t.code)],
);

/** Users created by a sync, keyed by lower-case user name. */
export const ldapUserLinks = pgTable(
  'ldap_user_links',
  {
    userId: sharedKey(() => users.id),
    username: varchar({ length: 200 }).notNull(),
    dn: text().notNull(),
    syncedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ldap_user_links_username_uq').on(t.username)],
);

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  ldap_org_links_code_uq: null,
  ldap_user_links_username_uq: null,
  ldap_org_links_org_id_organizations_id_fk: { code: 'DATA_IN_USE', field: 'orgId' },
  ldap_user_links_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
});
