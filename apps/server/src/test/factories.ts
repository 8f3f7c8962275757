import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ROLE_LIFECYCLE, StateOf, UserStatus } from '@hanlin/shared';
import type { Db } from '../platform/db/client.js';
import { hashPassword } from '../platform/auth/password.js';
import { organizations } from '../modules/orgs/orgs.schema.js';
import { getRootOrg } from '../modules/orgs/index.js';
import { roles } from '../modules/roles/roles.schema.js';
import { userDataScopes, userRoles, users } from '../modules/users/users.schema.js';

const uniq = () => crypto.randomBytes(4).toString('hex');
let cachedHash: { pw: string; hash: string } | undefined;

export async function rootOrg(db: Db) {
  return (await getRootOrg(db))!;
}

export async function buildOrg(db: Db, opts: { parentId?: number; name?: string } = {}) {
  const parentId = opts.parentId ?? (await rootOrg(db)).id;
  const [parent] = await db.select().from(organizations).where(eq(organizations.id, parentId));
  const [org] = await db
    .insert(organizations)
    .values({ parentId, name: opts.name ?? `org-${uniq()}`, path: '', depth: parent!.depth + 1 })
    .returning();
  const path = `${parent!.path}${org!.id}/`;
  await db.update(organizations).set({ path }).where(eq(organizations.id, org!.id));
  return { ...org!, path };
}

export async function buildRole(db: Db, opts: { name?: string; permissions?: string[]; status?: StateOf<typeof ROLE_LIFECYCLE>; canLogin?: boolean } = {}) {
  const [role] = await db
    .insert(roles)
    .values({ name: opts.name ?? `role-${uniq()}`, permissions: opts.permissions ?? [], status: opts.status ?? 'normal', canLogin: opts.canLogin ?? true })
    .returning();
  return role!;
}

export interface BuildUser {
  username?: string;
  password?: string;
  realname?: string;
  orgId?: number;
  roleIds?: number[];
  permissions?: string[];
  scopeOrgIds?: number[];
  firstLogin?: boolean;
  status?: UserStatus;
  kind?: string;
}

/** A user ready to log in; `permissions` creates a role holding them. */
export async function buildUser(db: Db, opts: BuildUser = {}) {
  const password = opts.password ?? 'Passw0rd!';
  if (cachedHash?.pw !== password) cachedHash = { pw: password, hash: await hashPassword(password) };
  const orgId = opts.orgId ?? (await rootOrg(db)).id;
  const [user] = await db
    .insert(users)
    .values({
      username: opts.username ?? `user-${uniq()}`,
      realname: opts.realname ?? 'Test User',
      kind: opts.kind ?? 'employee',
      orgId,
      passwordHash: cachedHash.hash,
      firstLogin: opts.firstLogin ?? false,
      status: opts.status ?? 'normal',
    })
    .returning();
  const roleIds = [...(opts.roleIds ?? [])];
  if (opts.permissions) roleIds.push((await buildRole(db, { permissions: opts.permissions })).id);
  for (const roleId of roleIds) await db.insert(userRoles).values({ userId: user!.id, roleId });
  for (const o of opts.scopeOrgIds ?? []) await db.insert(userDataScopes).values({ userId: user!.id, orgId: o });
  return { ...user!, password };
}
