import { asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { type ROLE_SORT_KEYS, type RoleListQuery } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { insertRow, lockRows, rowExists, updateRow } from '../../platform/table-rows.js';
import { roleDataScopes, roles } from './roles.schema.js';
import { defineList, type ListRuntime } from '../../platform/list.js';

export type RoleRecord = typeof roles.$inferSelect;
const sortColumns = { id: roles.id, name: roles.name, createdAt: roles.createdAt } as const;
const userCount = sql<number>`(select count(*)::int from user_roles ur where ur.role_id = "roles"."id")`;

/** The role list; each row counts its users, for the page's rows only. */
export const roleList = defineList({
  name: 'role_list',
  table: roles,
  tables: ['roles'],
  filters: { status: (v) => eq(roles.status, v) },
  keyword: (pattern) => ilike(roles.name, pattern),
  sort: sortColumns satisfies Record<(typeof ROLE_SORT_KEYS)[number], unknown>,
  columns: {
    id: roles.id,
    name: roles.name,
    description: roles.description,
    status: roles.status,
    canLogin: roles.canLogin,
    builtin: roles.builtin,
    userCount,
    createdAt: roles.createdAt,
  },
});

export async function findRoles(lists: ListRuntime, q: RoleListQuery) {
  const page = await roleList.run(lists, null, q);
  const records = page.records.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return { ...page, records };
}

export function allRoles(db: DbOrTx) {
  return db.select({ id: roles.id, name: roles.name, status: roles.status }).from(roles).orderBy(asc(roles.id));
}

export async function getRole(db: DbOrTx, id: number, forUpdate = false): Promise<RoleRecord | undefined> {
  const q = db.select().from(roles).where(eq(roles.id, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export function getRolesForUpdate(db: DbOrTx, ids: number[]) {
  return lockRows(db, roles, ids);
}

export async function nameTaken(db: DbOrTx, name: string, exceptId?: number) {
  return rowExists(db, roles, eq(roles.name, name), exceptId);
}

export async function dataOrgIdsOf(db: DbOrTx, roleId: number) {
  const rows = await db.select({ orgId: roleDataScopes.orgId }).from(roleDataScopes).where(eq(roleDataScopes.roleId, roleId)).orderBy(asc(roleDataScopes.orgId));
  return rows.map((r) => r.orgId);
}

export async function replaceDataOrgs(tx: DbOrTx, roleId: number, orgIds: number[]) {
  await tx.delete(roleDataScopes).where(eq(roleDataScopes.roleId, roleId));
  if (orgIds.length) await tx.insert(roleDataScopes).values(orgIds.map((orgId) => ({ roleId, orgId })));
}

/** Codes and data-scope organization paths of roles (what granting them hands out). */
export async function grantsOfRoles(db: DbOrTx, ids: number[]): Promise<{ id: number; permissions: string[]; dataPaths: string[] }[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: roles.id,
      permissions: roles.permissions,
      dataPaths: sql<string[]>`coalesce((select array_agg(o.path) from role_data_scopes rs join organizations o on o.id = rs.org_id where rs.role_id = "roles"."id"), '{}')`,
    })
    .from(roles)
    .where(inArray(roles.id, ids));
}

export async function insertRole(tx: DbOrTx, v: { name: string; description: string | null; permissions: string[]; canLogin: boolean }) {
  return insertRow(tx, roles, v);
}

export async function updateRole(tx: DbOrTx, id: number, set: Partial<Pick<RoleRecord, 'name' | 'description' | 'permissions' | 'canLogin' | 'status'>>) {
  await updateRow(tx, roles, id, set);
}
