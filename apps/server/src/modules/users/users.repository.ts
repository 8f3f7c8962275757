import { and, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ALL_PERMISSION_CODES, type USER_SORT_KEYS, type UserDetail, type UserListQuery, type UserRow } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineList, type ListRuntime } from '../../platform/list.js';
import { inSubtreeOf } from '../../platform/tree-repository.js';
import type { Principal } from '../../platform/auth/principal.js';
import { organizations } from '../orgs/index.js';
import { positions } from '../positions/index.js';
import { labels } from '../labels/index.js';
import { userDataScopes, userLabels, userRoles, users } from './users.schema.js';

/** Who a user is: the columns every user answer starts with. */
const IDENTITY_COLUMNS = {
  id: users.id,
  username: users.username,
  realname: users.realname,
  englishName: users.englishName,
  cardNumber: users.cardNumber,
  kind: users.kind,
  phone: users.phone,
  email: users.email,
  sex: users.sex,
} as const;

/** Three letters or digits in a row: pg_trgm then finds at least one trigram in the keyword. */
const HOLDS_TRIGRAM = /[\p{L}\p{N}]{3}/u;

/** The user list (and, through `where`, its export): the model `defineList` was extracted from. */
export const userList = defineList({
  name: 'user_list',
  table: users,
  tables: ['users', 'organizations', 'user_data_scopes'],
  // Every user has an organization (not null), so a scope holding the root needs no condition.
  scope: { column: users.orgId },
  filters: {
    status: (v) => eq(users.status, v),
    kind: (v) => eq(users.kind, v),
    positionId: (v) => eq(users.positionId, v),
    orgId: (v) => inSubtreeOf('organizations', users.orgId, v),
  },
  // search_text is lower-cased on write and trigram-indexed; lower() folds the keyword the same way.
  keyword: (pattern) => sql`${users.searchText} like lower(${pattern})`,
  sort: { id: users.id, username: users.username, realname: users.realname, createdAt: users.createdAt } satisfies Record<(typeof USER_SORT_KEYS)[number], unknown>,
  columns: {
    ...IDENTITY_COLUMNS,
    status: users.status,
    positionId: users.positionId,
    positionName: sql<string | null>`(select p.name from positions p where p.id = ${users.positionId})`,
    orgId: users.orgId,
    orgName: organizations.name,
    createdAt: users.createdAt,
    roles: sql<string[]>`coalesce((select array_agg(r.name order by r.id) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${users.id}), '{}')`,
  },
  join: (q) => q.leftJoin(organizations, eq(organizations.id, users.orgId)),
  plan: { adaptive: true, few: 2000 },
  /**
   * One generic plan serves walking the default order (ids, the order rows are stored in) filtered
   * at most by status and kind, or collecting the few matches of a keyword that holds a trigram. A
   * generic plan cannot know how much of the tree subtree patterns or an organization cover, or how
   * rare a keyword is, and it prices LIMIT $n as a tenth of the table, which makes any name order
   * sort the whole table (measured: 18 ms instead of 1, even unfiltered).
   */
  planOnce: (shape, q) =>
    shape.scope !== 'subtrees' &&
    !shape.filters.includes('orgId') &&
    (shape.plan === 'walk' ? !shape.keyword && shape.sortKey === 'id' : !!q.keyword && HOLDS_TRIGRAM.test(q.keyword)),
});

/** WHERE of the user list and export: data scope plus the filters. */
export function userListWhere(principal: Principal, q: Omit<UserListQuery, 'page' | 'size' | 'sort'>) {
  return userList.where(principal, q);
}

/** One page of users (rows before the service adds their abilities). */
export async function findUsers(
  rt: ListRuntime,
  principal: Principal,
  q: UserListQuery,
): Promise<{ records: Omit<UserRow, 'abilities'>[]; total: number; page: number; size: number }> {
  const page = await userList.run(rt, principal, q);
  return {
    ...page,
    records: page.records.map((r) => ({ ...r, kind: r.kind, status: r.status, createdAt: r.createdAt.toISOString() })),
  };
}

// ---- Single records ----

export type UserKind = 'employee' | 'student';
export interface UniqueProbe {
  username?: string | null;
  email?: string | null;
  phone?: string | null;
  cardNumber?: string | null;
  idNumber?: string | null;
}

/** First unique field already held by another user, as the error to throw. */
export async function findUniqueConflict(db: DbOrTx, probe: UniqueProbe, excludeId?: number): Promise<AppError | null> {
  const conds: SQL[] = [];
  if (probe.username) conds.push(sql`lower(${users.username}) = lower(${probe.username})`);
  if (probe.email) conds.push(sql`lower(${users.email}) = lower(${probe.email})`);
  if (probe.phone) conds.push(eq(users.phone, probe.phone));
  if (probe.cardNumber) conds.push(eq(users.cardNumber, probe.cardNumber));
  if (probe.idNumber) conds.push(sql`upper(${users.idNumber}) = upper(${probe.idNumber})`);
  if (!conds.length) return null;
  const rows = await db
    .select({ username: users.username, email: users.email, phone: users.phone, cardNumber: users.cardNumber, idNumber: users.idNumber })
    .from(users)
    .where(and(or(...conds), excludeId ? ne(users.id, excludeId) : undefined))
    .limit(10);
  const lc = (s: string | null | undefined) => (s ?? '').toLowerCase();
  if (probe.username && rows.some((r) => lc(r.username) === lc(probe.username))) return new AppError('DUPLICATE_USER_NAME', { field: 'username' });
  if (probe.email && rows.some((r) => lc(r.email) === lc(probe.email))) return new AppError('DUPLICATE_EMAIL', { field: 'email' });
  if (probe.phone && rows.some((r) => r.phone === probe.phone)) return new AppError('DUPLICATE_PHONE', { field: 'phone' });
  if (probe.cardNumber && rows.some((r) => r.cardNumber === probe.cardNumber)) return new AppError('DUPLICATE_CARD_NUMBER', { field: 'cardNumber' });
  const idNumber = probe.idNumber?.toUpperCase();
  if (idNumber && rows.some((r) => lc(r.idNumber).toUpperCase() === idNumber)) return new AppError('DUPLICATE_ID_NUMBER', { field: 'idNumber' });
  return null;
}

/** Users by id with the path of their organization (for data-scope checks). */
export async function findUsersWithPaths(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, username: users.username, kind: users.kind, status: users.status, orgId: users.orgId, leaderId: users.leaderId, orgPath: organizations.path })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(inArray(users.id, ids));
}

/**
 * Locks the users' rows (inside a transaction, in id order), so a check that follows reads roles
 * and scopes as committed by whoever held them, and nobody changes them before the caller's write.
 */
export async function lockUsers(tx: DbOrTx, ids: number[]) {
  if (ids.length) await tx.execute(sql`select id from users where id = any(${sql.param(ids)}::int[]) order by id for update`);
}

/**
 * Of these users, those beyond what a caller holds, in one statement: `codes` when a role they
 * hold (whatever its status: a frozen role can be unfrozen later; the built-in `exemptRoleKeys` aside) carries a
 * product code outside the caller's `codes` (a code the product no longer has grants nothing);
 * `scope` when their data scope (their own scopes plus their roles', else their organization's
 * subtree, as the principal computes it) leaves the caller's subtrees.
 * Before a write, call it after `lockUsers` in the same transaction.
 */
export async function findUsersBeyondReach(
  db: DbOrTx,
  ids: number[],
  caller: { codes: string[]; scopePatterns: string[]; exemptRoleKeys: readonly string[] },
): Promise<{ id: number; codes: boolean; scope: boolean }[]> {
  if (!ids.length) return [];
  const idsParam = sql.param(ids);
  const { rows } = await db.execute<{ id: number; codes: boolean; scope: boolean }>(sql`
    select * from (
      select u.id,
             exists(select 1 from user_roles ur join roles r on r.id = ur.role_id
                     where ur.user_id = u.id and coalesce(r.builtin_key, '') <> all(${sql.param([...caller.exemptRoleKeys])}::text[])
                       and exists(select 1 from unnest(r.permissions) c
                                   where c = any(${sql.param([...ALL_PERMISSION_CODES])}::text[])
                                     and c <> all(${sql.param(caller.codes)}::text[]))) as codes,
             exists(select 1 from organizations o
                     where o.id = any(coalesce(nullif(array(select ds.org_id from user_data_scopes ds where ds.user_id = u.id
                                                            union
                                                            select rs.org_id from user_roles ur join role_data_scopes rs on rs.role_id = ur.role_id
                                                             where ur.user_id = u.id), '{}'),
                                               array[u.org_id]))
                       and not o.path like any(${sql.param(caller.scopePatterns)}::text[])) as scope
        from users u where u.id = any(${idsParam}::int[])) t
     where t.codes or t.scope
     order by t.id`);
  return rows;
}

export async function getUserDetail(db: DbOrTx, id: number): Promise<(Omit<UserDetail, 'abilities'> & { orgPath: string | null; leaderOrgPath: string | null }) | null> {
  const leader = alias(users, 'leader');
  const leaderOrg = alias(organizations, 'leader_org');
  const [row] = await db
    .select({
      ...IDENTITY_COLUMNS,
      type: users.type,
      city: users.city,
      leaderId: users.leaderId,
      leaderName: leader.realname,
      leaderOrgPath: leaderOrg.path,
      team: users.team,
      status: users.status,
      positionId: users.positionId,
      positionName: positions.name,
      orgId: users.orgId,
      orgName: organizations.name,
      orgPath: organizations.path,
      entryDate: users.entryDate,
      idNumber: users.idNumber,
      validUntil: users.validUntil,
      points: users.points,
      avatar: users.avatar,
      firstLogin: users.firstLogin,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .leftJoin(positions, eq(positions.id, users.positionId))
    .leftJoin(leader, eq(leader.id, users.leaderId))
    .leftJoin(leaderOrg, eq(leaderOrg.id, leader.orgId))
    .where(eq(users.id, id));
  if (!row) return null;
  const [roleIds, scopeOrgIds, labelRows] = await Promise.all([
    db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id)).orderBy(userRoles.roleId),
    db.select({ id: userDataScopes.orgId }).from(userDataScopes).where(eq(userDataScopes.userId, id)).orderBy(userDataScopes.orgId),
    db.select({ id: labels.id, name: labels.name }).from(userLabels).innerJoin(labels, eq(labels.id, userLabels.labelId)).where(eq(userLabels.userId, id)).orderBy(labels.id),
  ]);
  return {
    ...row,
    validUntil: row.validUntil ? row.validUntil.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    roleIds: roleIds.map((r) => r.id),
    scopeOrgIds: scopeOrgIds.map((r) => r.id),
    labels: labelRows,
    labelIds: labelRows.map((l) => l.id),
  };
}

export async function replaceUserLabels(tx: DbOrTx, userId: number, labelIds: number[]) {
  await tx.delete(userLabels).where(eq(userLabels.userId, userId));
  if (labelIds.length) await tx.insert(userLabels).values([...new Set(labelIds)].map((labelId) => ({ userId, labelId })));
}

export async function replaceUserRoles(tx: DbOrTx, userId: number, roleIds: number[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await tx.insert(userRoles).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
}

export async function replaceUserScopes(tx: DbOrTx, userId: number, orgIds: number[]) {
  await tx.delete(userDataScopes).where(eq(userDataScopes.userId, userId));
  if (orgIds.length) await tx.insert(userDataScopes).values([...new Set(orgIds)].map((orgId) => ({ userId, orgId })));
}

export async function getUserRoleIds(db: DbOrTx, userId: number) {
  const rows = await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.id);
}

export async function getUserScopeOrgIds(db: DbOrTx, userId: number) {
  const rows = await db.select({ id: userDataScopes.orgId }).from(userDataScopes).where(eq(userDataScopes.userId, userId)).orderBy(userDataScopes.orgId);
  return rows.map((r) => r.id);
}

export async function positionExists(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: positions.id }).from(positions).where(eq(positions.id, id));
  return !!row;
}

/** A user's dictionary-valued fields (type, city, team). */
export async function getDictFields(db: DbOrTx, id: number) {
  const [row] = await db.select({ type: users.type, city: users.city, team: users.team }).from(users).where(eq(users.id, id));
  return row;
}

/** Of the values given, those some user holds in a dictionary-valued column. */
export async function dictValuesHeld(db: DbOrTx, column: 'type' | 'city' | 'team', values: string[]): Promise<string[]> {
  const col = users[column];
  const rows = await db.selectDistinct({ v: col }).from(users).where(inArray(col, values));
  return rows.flatMap((r) => (r.v === null ? [] : [r.v]));
}

/** Of the roles, those some user holds. */
export async function rolesHeld(db: DbOrTx, roleIds: number[]): Promise<number[]> {
  if (!roleIds.length) return [];
  const rows = await db.selectDistinct({ roleId: userRoles.roleId }).from(userRoles).where(inArray(userRoles.roleId, roleIds));
  return rows.map((r) => r.roleId);
}

/** The users holding one of the roles. */
export async function holdersOfRoles(db: DbOrTx, roleIds: number[]): Promise<number[]> {
  if (!roleIds.length) return [];
  const rows = await db.selectDistinct({ userId: userRoles.userId }).from(userRoles).where(inArray(userRoles.roleId, roleIds));
  return rows.map((r) => r.userId);
}

/** Of the positions, those some user holds. */
export async function positionsHeld(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectDistinct({ id: users.positionId }).from(users).where(inArray(users.positionId, ids));
  return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
}

/** How many users hold each of the positions. */
export async function countPositionHolders(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ positionId: users.positionId, n: sql<number>`count(*)::int` })
    .from(users)
    .where(inArray(users.positionId, ids))
    .groupBy(users.positionId);
  return new Map(rows.flatMap((r) => (r.positionId === null ? [] : [[r.positionId, r.n] as const])));
}
