import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { inScope } from '../../platform/scope.js';
import { users } from '../users/index.js';
import { organizations } from './orgs.schema.js';

export type OrgRecord = typeof organizations.$inferSelect;

/** Serializes structural changes of the tree (insert, move, delete) so paths never go stale. */
export async function lockTree(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(7243101)`);
}

export async function getOrg(db: DbOrTx, id: number): Promise<OrgRecord | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
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
export async function countUsersByOrg(db: DbOrTx, principal: Principal): Promise<Map<number, number>> {
  const rows = await db
    .select({ orgId: users.orgId, n: sql<number>`count(*)::int` })
    .from(users)
    .where(inScope(principal, users.orgId))
    .groupBy(users.orgId);
  return new Map(rows.map((r) => [r.orgId!, r.n]));
}

export async function siblingNameTaken(db: DbOrTx, parentId: number | null, name: string, exceptId?: number) {
  const conds: SQL[] = [sql`coalesce(${organizations.parentId}, 0) = ${parentId ?? 0}`, eq(organizations.name, name)];
  if (exceptId) conds.push(ne(organizations.id, exceptId));
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(and(...conds)).limit(1);
  return !!row;
}

export async function codeTaken(db: DbOrTx, code: string, exceptId?: number) {
  const conds: SQL[] = [eq(organizations.code, code)];
  if (exceptId) conds.push(ne(organizations.id, exceptId));
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(and(...conds)).limit(1);
  return !!row;
}

export async function nextSiblingSort(db: DbOrTx, parentId: number) {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${organizations.sort}) + 1, 0)::int` })
    .from(organizations)
    .where(eq(organizations.parentId, parentId));
  return row!.next;
}

export async function insertOrg(tx: DbOrTx, parent: OrgRecord, v: { name: string; code: string | null; sort: number; leaderIds: number[] }) {
  const [row] = await tx
    .insert(organizations)
    .values({ parentId: parent.id, name: v.name, code: v.code, sort: v.sort, leaderIds: v.leaderIds, path: '', depth: parent.depth + 1 })
    .returning({ id: organizations.id });
  const path = `${parent.path}${row!.id}/`;
  await tx.update(organizations).set({ path }).where(eq(organizations.id, row!.id));
  return row!.id;
}

/**
 * Moves a whole subtree in one statement: every path starting with the node's old path gets the
 * new prefix and its depth shifted; the node itself gets its new parent.
 */
export async function moveSubtree(tx: DbOrTx, node: OrgRecord, newParent: OrgRecord) {
  const newPath = `${newParent.path}${node.id}/`;
  const delta = newParent.depth + 1 - node.depth;
  await tx.execute(sql`
    update organizations
       set path = ${newPath} || substr(path, ${node.path.length + 1}),
           depth = depth + ${delta}::int,
           parent_id = case when id = ${node.id} then ${newParent.id}::int else parent_id end,
           updated_at = now()
     where path like ${`${node.path}%`}`);
}

export async function updateOrgRow(tx: DbOrTx, id: number, set: Partial<Pick<OrgRecord, 'name' | 'code' | 'sort' | 'leaderIds'>>) {
  await tx.update(organizations).set({ ...set, updatedAt: new Date() }).where(eq(organizations.id, id));
}

export async function siblingIds(tx: DbOrTx, parentId: number) {
  const rows = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.parentId, parentId))
    .orderBy(asc(organizations.sort), asc(organizations.id));
  return rows.map((r) => r.id);
}

/** Sets `sort` to the position in `ids` (0, 1, 2, ...) in one statement. */
export async function renumber(tx: DbOrTx, table: 'organizations' | 'professionals', ids: number[]) {
  if (!ids.length) return;
  await tx.execute(sql`
    update ${sql.identifier(table)} t set sort = v.ord - 1, updated_at = now()
      from unnest(${sql.param(ids)}::int[]) with ordinality as v(id, ord)
     where t.id = v.id and t.sort is distinct from v.ord - 1`);
}

export async function hasChildren(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.parentId, id)).limit(1);
  return !!row;
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
