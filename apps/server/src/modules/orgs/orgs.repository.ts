import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { CONSTANTS } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { updateRow } from '../../platform/table-rows.js';
import { defineTree, type TreeNode } from '../../platform/tree-repository.js';
import type { Principal } from '../../platform/auth/principal.js';
import { inScope } from '../../platform/scope.js';
import { AppError } from '../../platform/errors.js';
import { users } from '../users/index.js';
import { organizations } from './orgs.schema.js';

export type OrgRecord = typeof organizations.$inferSelect;

/**
 * The organization tree: structural changes (insert, move, sort, delete) hold its lock so paths
 * never go stale; spec §9 limits it to 10 levels.
 */
export const orgTree = defineTree({
  table: 'organizations',
  maxDepth: CONSTANTS.TREE_LEVELS_DEFAULT,
  lockKey: 'orgTree',
  duplicateName: 'DUPLICATE_ORGANIZATION',
});

export async function getOrg(db: DbOrTx, id: number): Promise<OrgRecord | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

/** The root organization (the first, by id, without a parent); undefined before the seed made one. */
export async function getRootOrg(db: DbOrTx): Promise<OrgRecord | undefined> {
  const [root] = await db.select().from(organizations).where(isNull(organizations.parentId)).orderBy(asc(organizations.id)).limit(1);
  return root;
}

/** The materialized path of an organization filter (its subtree; null without one), NOT_FOUND_ERROR when unknown. */
export async function filterOrgPath(db: DbOrTx, orgId: number | undefined): Promise<string | null> {
  if (!orgId) return null;
  const [org] = await db.select({ path: organizations.path }).from(organizations).where(eq(organizations.id, orgId));
  if (!org) throw new AppError('NOT_FOUND_ERROR', { field: 'orgId' });
  return org.path;
}

export function getOrgs(db: DbOrTx, ids: number[]): Promise<OrgRecord[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.select().from(organizations).where(inArray(organizations.id, ids));
}

/** Every organization inside the caller's data scope, parents before children, siblings by sort. */
export function findScopeOrgs(db: DbOrTx, principal: Principal) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      code: organizations.code,
      parentId: organizations.parentId,
      sort: organizations.sort,
      status: organizations.status,
      depth: organizations.depth,
      path: organizations.path,
      leaderIds: organizations.leaderIds,
    })
    .from(organizations)
    .where(inScope(principal, organizations.id))
    .orderBy(asc(organizations.depth), asc(organizations.sort), asc(organizations.id));
}

/** Users directly in each organization of the caller's scope. */
export async function countUsersByOrg(db: DbOrTx, principal: Principal, kind?: 'employee' | 'student'): Promise<Map<number, number>> {
  const rows = await db
    .select({ orgId: users.orgId, n: sql<number>`count(*)::int` })
    .from(users)
    .where(kind ? and(inScope(principal, users.orgId), eq(users.kind, kind)) : inScope(principal, users.orgId))
    .groupBy(users.orgId);
  return new Map(rows.map((r) => [r.orgId!, r.n]));
}

export async function codeTaken(db: DbOrTx, code: string, exceptId?: number) {
  const conds: SQL[] = [eq(organizations.code, code)];
  if (exceptId) conds.push(ne(organizations.id, exceptId));
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(...conds))
    .limit(1);
  return !!row;
}

/** Adds an organization under `parent` (depth, sibling name and next sort through `orgTree`). */
export function insertOrg(tx: DbOrTx, parent: TreeNode, v: { name: string; code: string | null; sort?: number; leaderIds: number[] }) {
  return orgTree.insert(tx, { parent, name: v.name, sort: v.sort }, async (row) => {
    const [created] = await tx
      .insert(organizations)
      .values({ parentId: row.parentId, name: v.name, code: v.code, sort: row.sort, leaderIds: v.leaderIds, path: row.path, depth: row.depth })
      .returning({ id: organizations.id });
    return created!.id;
  });
}

export async function updateOrgRow(tx: DbOrTx, id: number, set: Partial<Pick<OrgRecord, 'name' | 'code' | 'sort' | 'leaderIds'>>) {
  await updateRow(tx, organizations, id, set);
}

export async function hasUsers(db: DbOrTx, orgId: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.orgId, orgId)).limit(1);
  return !!row;
}

export async function deleteOrg(tx: DbOrTx, id: number) {
  await tx.delete(organizations).where(eq(organizations.id, id));
}

export async function setSubtreeStatus(tx: DbOrTx, paths: string[], status: 'normal' | 'frozen') {
  if (!paths.length) return;
  await tx.execute(sql`
    update organizations set status = ${status}, updated_at = now()
     where path like any(${sql.param(paths.map((p) => `${p}%`))}::text[]) and status <> ${status}`);
}

export function findUsersBrief(db: DbOrTx, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: users.id, username: users.username, realname: users.realname, orgId: users.orgId, orgPath: organizations.path })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(inArray(users.id, ids));
}

/**
 * Users whose data scope may involve the subtree at `path` (their own organization, an explicit
 * user scope, or a role scope there): their cached sessions hold the old paths.
 */
export async function usersScopedUnder(db: DbOrTx, path: string): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    with sub as (select id from organizations where path like ${`${path}%`})
    select u.id from users u where u.org_id in (select id from sub)
    union select ds.user_id from user_data_scopes ds where ds.org_id in (select id from sub)
    union select ur.user_id from user_roles ur join role_data_scopes rs on rs.role_id = ur.role_id where rs.org_id in (select id from sub)`);
  return rows.map((r) => r.id);
}

/**
 * Whether lecturers belong to the organization (for the detail's delete ability only: a delete is
 * refused by the lecturers' foreign key, IN_USE_ORGANIZATION_LECTURER, whatever this says).
 */
export async function hasLecturers(db: DbOrTx, orgId: number) {
  const res = await db.execute<{ found: boolean }>(sql`select exists (select 1 from lecturers where org_id = ${orgId}) as found`);
  return !!res.rows[0]?.found;
}

/** Of `ids`, the organizations some lecturer belongs to (one query for a whole tree). */
export async function orgsWithLecturers(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const res = await db.execute<{ org_id: number }>(sql`select distinct org_id from lecturers where org_id = any(${sql.param(ids)}::int[])`);
  return new Set(res.rows.map((r) => r.org_id));
}
