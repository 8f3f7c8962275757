import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { CONSTANTS } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { updateRow } from '../../platform/table-rows.js';
import { defineTree, type TreeNode } from '../../platform/tree-repository.js';
import type { Principal } from '../../platform/auth/principal.js';
import { inScope } from '../../platform/scope.js';
import { AppError } from '../../platform/errors.js';
import { organizations } from './orgs.schema.js';
import { onlyRow } from '../../platform/db/rows.js';

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
    const created = onlyRow(
      await tx
        .insert(organizations)
        .values({ parentId: row.parentId, name: v.name, code: v.code, sort: row.sort, leaderIds: v.leaderIds, path: row.path, depth: row.depth })
        .returning({ id: organizations.id }),
    );
    return created.id;
  });
}

export async function updateOrgRow(tx: DbOrTx, id: number, set: Partial<Pick<OrgRecord, 'name' | 'code' | 'sort' | 'leaderIds'>>) {
  await updateRow(tx, organizations, id, set);
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
