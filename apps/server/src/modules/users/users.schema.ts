import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { organizations } from '../orgs/index.js';
import { positions } from '../positions/index.js';
import { labels as labelCatalogue } from '../labels/index.js';
import { roles } from '../roles/index.js';
import { PENDING_PASSWORD_HASH } from '../../platform/auth/password.js';
import { LANGS, USER_LIFECYCLE, type Lang, type StateOf } from '@hanlin/shared';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { linkTable, requiredRef, timestamps } from '../../platform/db/columns.js';

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    username: varchar({ length: 200 }).notNull(),
    realname: varchar({ length: 200 }).notNull(),
    englishName: varchar({ length: 200 }),
    /** Employee number (3–200) for employees, student number (5–200) for students. */
    cardNumber: varchar({ length: 200 }),
    kind: varchar({ length: 16 }).notNull().default('employee'),
    phone: varchar({ length: 11 }),
    email: varchar({ length: 200 }),
    sex: varchar({ length: 8 }),
    type: varchar({ length: 50 }),
    city: varchar({ length: 100 }),
    leaderId: integer().references((): any => users.id, { onDelete: 'set null' }),
    team: varchar({ length: 200 }),
    status: varchar({ length: 16 }).notNull().default('normal').$type<StateOf<typeof USER_LIFECYCLE>>(),
    /** The position (post) the user holds. */
    positionId: integer().references(() => positions.id, { onDelete: 'restrict' }),
    orgId: integer()
      .notNull()
      .references(() => organizations.id),
    entryDate: date(),
    idNumber: varchar({ length: 50 }),
    validUntil: timestamp({ withTimezone: true }),
    points: integer().notNull().default(0),
    avatar: text(),
    passwordHash: text().notNull(),
    firstLogin: boolean().notNull().default(true),
    failedLogins: integer().notNull().default(0),
    /** End of a lockout after too many wrong passwords (login settings `lockMinutes`); not an administrator's freeze. */
    lockedUntil: timestamp({ withTimezone: true }),
    /** The interface language the user last used (set at login and when they switch); mails go out in it. Null: never told. */
    language: varchar({ length: 8 }).$type<Lang>(),
    ...timestamps(),
    /**
     * What the list's keyword matches, lower-cased once on write. A real column (not an index
     * expression) gets statistics, so the planner can tell a rare keyword (trigram index, then
     * sort) from a common one (walk the list order, stop after a page).
     */
    searchText: text().generatedAlwaysAs(
      (): any => sql`lower(${users.username} || ' ' || ${users.realname} || ' ' || coalesce(${users.cardNumber}, '') || ' ' || coalesce(${users.phone}, ''))`,
    ),
  },
  (t) => [
    stateCheck('users_status_check', t.status, USER_LIFECYCLE),
    stateCheck('users_language_check', t.language, { states: LANGS }),
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_card_number_uq').on(t.cardNumber),
    uniqueIndex('users_id_number_uq').on(sql`upper(${t.idNumber})`),
    index('users_org_id_idx').on(t.orgId, t.id),
    index('users_position_id_idx').on(t.positionId),
    index('users_kind_id_idx').on(t.kind, t.id),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_username_sort_idx').on(t.username, t.id),
    index('users_realname_sort_idx').on(t.realname, t.id),
    // fastupdate off: rows go straight into the index, so searches never scan a long pending list
    // after a bulk import (search latency matters more here than import speed).
    index('users_search_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // Initial passwords waiting for the background hasher: it polls this set, which is empty
    // almost always, so the index stays tiny and the poll never scans the table.
    index('users_password_pending_idx')
      .on(t.id)
      .where(sql`${t.passwordHash} = ${sql.raw(`'${PENDING_PASSWORD_HASH}'`)}`),
  ],
);

/** Data permission: the organization subtrees a user may see and change (spec section 6). */
export const userDataScopes = pgTable(
  'user_data_scopes',
  {
    userId: requiredRef(() => users.id, 'cascade'),
    orgId: requiredRef(() => organizations.id, 'cascade'),
  },
  (t) => [primaryKey({ name: 'user_data_scopes_pk', columns: [t.userId, t.orgId] })],
);

/** User labels: labels of a `user` category (at most 5 per user, spec §9). */
export const userLabels = linkTable('user_labels', ['userId', () => users.id, 'cascade'], ['labelId', () => labelCatalogue.id, 'restrict'], 'user_labels_label_idx');

/** The roles a user holds (the roles module asks, through `registerRoleUse`, who holds a role). */
export const userRoles = linkTable('user_roles', ['userId', () => users.id, 'cascade'], ['roleId', () => roles.id, 'restrict'], 'user_roles_role_idx');

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  users_status_check: null,
  users_language_check: null,
  users_username_uq: { code: 'DUPLICATE_USER_NAME', field: 'username' },
  users_email_uq: { code: 'DUPLICATE_EMAIL', field: 'email' },
  users_phone_uq: { code: 'DUPLICATE_PHONE', field: 'phone' },
  users_card_number_uq: { code: 'DUPLICATE_CARD_NUMBER', field: 'cardNumber' },
  users_id_number_uq: { code: 'DUPLICATE_ID_NUMBER', field: 'idNumber' },
  users_leader_id_users_id_fk: { code: 'DATA_IN_USE', field: 'leaderId' },
  users_org_id_organizations_id_fk: { code: 'IN_USE_ORGANIZATION', field: 'orgId' },
  users_position_id_positions_id_fk: { code: 'IN_USE_POSITION', field: 'positionId' },
  user_labels_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
  user_labels_label_id_labels_id_fk: { code: 'IN_USE_LABEL', field: 'labelIds' },
  user_data_scopes_org_id_organizations_id_fk: { code: 'DATA_IN_USE', field: 'scopeOrgIds' },
  user_data_scopes_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
  user_roles_role_id_roles_id_fk: { code: 'IN_USE_ROLE', field: 'roleIds' },
  user_roles_user_id_users_id_fk: { code: 'DATA_IN_USE', field: 'userId' },
});
