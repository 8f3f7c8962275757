import { eq, inArray, sql } from 'drizzle-orm';
import {
  CONSTANTS,
  type UserBatchDepartment,
  type UserDataPermissionUpdate,
  type UserDetail,
  type UserInfoUpdate,
  type UserInsert,
  type UserUpdate,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import type { Principal, PrincipalLoader } from '../../platform/auth/principal.js';
import { hashPassword, initialPassword } from '../../platform/auth/password.js';
import { pathInScope } from '../../platform/scope.js';
import { BUILTIN_ROLES } from '../../platform/seed.js';
import { users } from './users.schema.js';
import * as repo from './users.repository.js';
import type { UserKind } from './users.repository.js';
import { PENDING_PASSWORD_HASH, type InitialPasswordHasher } from './users.passwords.js';

/** The built-in administrator account: nobody may delete or freeze it. */
export const SEEDED_ADMIN = 'admin';
export { initialPassword };

type Writable = Omit<UserInsert, 'roleIds' | 'scopeOrgIds'>;

/** '' from a form means "no value". */
function blankToNull<T>(v: T | '' | undefined): T | null | undefined {
  return v === '' ? null : v;
}

function columnsOf(input: Partial<Writable>) {
  const out: Partial<typeof users.$inferInsert> = {};
  const set = <K extends keyof typeof users.$inferInsert>(k: K, v: (typeof users.$inferInsert)[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  set('username', input.username);
  set('realname', input.realname);
  set('englishName', blankToNull(input.englishName));
  set('cardNumber', input.cardNumber);
  set('phone', blankToNull(input.phone));
  set('email', blankToNull(input.email));
  set('sex', input.sex);
  set('type', blankToNull(input.type));
  set('city', blankToNull(input.city));
  set('leaderId', input.leaderId);
  set('team', blankToNull(input.team));
  set('post', blankToNull(input.post));
  set('orgId', input.orgId);
  set('entryDate', input.entryDate);
  set('idNumber', blankToNull(input.idNumber));
  set('validUntil', input.validUntil === undefined ? undefined : input.validUntil === null ? null : new Date(input.validUntil));
  set('labels', input.labels);
  return out;
}

interface Deps {
  db: Db;
  principals: PrincipalLoader;
  hasher: InitialPasswordHasher;
}

/** Up to this many users get their reset password hashed within the request; more go to the background hasher. */
const INLINE_RESET_MAX = 16;

export function createUsersService({ db, principals, hasher }: Deps) {
  /** Organizations must exist and lie inside the caller's scope; the refusal names those beyond it. */
  async function assertOrgsInScope(p: Principal, orgIds: number[], field: string) {
    const ids = [...new Set(orgIds)];
    if (!ids.length) return;
    const rows = await repo.findOrgPaths(db, ids);
    const missing = ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw new AppError('NOT_FOUND_ERROR', { field, data: { ids: missing } });
    const beyond = rows.filter((r) => !pathInScope(p, r.path)).map((r) => r.id);
    if (beyond.length) throw new AppError('NO_DATA_PERMISSION_ERROR', { field, data: { beyond } });
  }

  /** Target users must exist with this kind and lie inside the caller's scope. */
  async function assertUsersInScope(p: Principal, ids: number[], kind: UserKind) {
    const unique = [...new Set(ids)];
    const rows = await repo.findUsersWithPaths(db, unique);
    const missing = unique.filter((id) => !rows.some((r) => r.id === id && r.kind === kind));
    if (missing.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids', data: { ids: missing } });
    const beyond = rows.filter((r) => !r.orgPath || !pathInScope(p, r.orgPath)).map((r) => r.id);
    if (beyond.length) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'ids', data: { beyond } });
    return rows;
  }

  async function assertRolesExist(roleIds: number[]) {
    const ids = [...new Set(roleIds)];
    const found = await repo.findExistingRoleIds(db, ids);
    const missing = ids.filter((id) => !found.includes(id));
    if (missing.length) throw new AppError('NOT_FOUND_ERROR', { field: 'roleIds', data: { ids: missing } });
  }

  async function assertLeader(leaderId: number | null | undefined, selfId?: number) {
    if (leaderId == null) return;
    if (leaderId === selfId) throw new AppError('PARAMETER_INVALID', { field: 'leaderId' });
    const [row] = await repo.findUsersWithPaths(db, [leaderId]);
    if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'leaderId' });
  }

  async function assertUnique(probe: repo.UniqueProbe, excludeId?: number) {
    const conflict = await repo.findUniqueConflict(db, probe, excludeId);
    if (conflict) throw conflict;
  }

  async function get(p: Principal, id: number, kind: UserKind): Promise<UserDetail> {
    const row = await repo.getUserDetail(db, id);
    if (!row || row.kind !== kind) throw new AppError('NOT_FOUND_ERROR');
    if (!row.orgPath || !pathInScope(p, row.orgPath)) throw new AppError('NO_DATA_PERMISSION_ERROR');
    const { orgPath: _omit, ...detail } = row;
    return detail;
  }

  async function insert(p: Principal, input: UserInsert, kind: UserKind): Promise<{ id: number }> {
    await assertOrgsInScope(p, [input.orgId], 'orgId');
    if (input.scopeOrgIds) await assertOrgsInScope(p, input.scopeOrgIds, 'scopeOrgIds');
    let roleIds = input.roleIds;
    if (roleIds) await assertRolesExist(roleIds);
    else {
      const studentRole = await repo.findStudentRoleId(db, BUILTIN_ROLES.student);
      roleIds = studentRole ? [studentRole] : [];
    }
    await assertLeader(input.leaderId);
    const values = columnsOf(input);
    await assertUnique(values);
    const passwordHash = await hashPassword(initialPassword(input.username));
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ ...values, username: input.username, realname: input.realname, orgId: input.orgId, kind, passwordHash, firstLogin: true })
          .returning({ id: users.id });
        await repo.replaceUserRoles(tx, row!.id, roleIds);
        if (input.scopeOrgIds?.length) await repo.replaceUserScopes(tx, row!.id, input.scopeOrgIds);
        return { id: row!.id };
      });
    } catch (e) {
      repo.rethrowUserWriteError(e);
    }
  }

  async function update(p: Principal, input: UserUpdate, kind: UserKind): Promise<null> {
    const { id, roleIds, scopeOrgIds, ...rest } = input;
    await assertUsersInScope(p, [id], kind);
    if (rest.orgId !== undefined) await assertOrgsInScope(p, [rest.orgId], 'orgId');
    if (scopeOrgIds) await assertOrgsInScope(p, scopeOrgIds, 'scopeOrgIds');
    if (roleIds) await assertRolesExist(roleIds);
    await assertLeader(rest.leaderId, id);
    const values = columnsOf(rest);
    await assertUnique(values, id);
    try {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ ...values, updatedAt: sql`now()` }).where(eq(users.id, id));
        if (roleIds) await repo.replaceUserRoles(tx, id, roleIds);
        if (scopeOrgIds) await repo.replaceUserScopes(tx, id, scopeOrgIds);
      });
    } catch (e) {
      repo.rethrowUserWriteError(e);
    }
    // Roles, scope or organization may have changed what the user's sessions allow.
    await principals.forgetUsers([id]);
    return null;
  }

  function refuseSelfOrAdmin(p: Principal, rows: { id: number; username: string }[]) {
    const protectedIds = rows.filter((r) => r.id === p.userId || r.username.toLowerCase() === SEEDED_ADMIN).map((r) => r.id);
    if (protectedIds.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids', data: { ids: protectedIds } });
  }

  async function remove(p: Principal, ids: number[], kind: UserKind): Promise<null> {
    const rows = await assertUsersInScope(p, ids, kind);
    refuseSelfOrAdmin(p, rows);
    const unique = rows.map((r) => r.id);
    const hashes = await db.transaction(async (tx) => {
      const h = await repo.endSessionsOf(tx, unique, 'deleted');
      try {
        await tx.delete(users).where(inArray(users.id, unique));
      } catch (e) {
        repo.rethrowUserWriteError(e);
      }
      return h;
    });
    await principals.forgetTokens(hashes);
    return null;
  }

  async function setStatus(p: Principal, ids: number[], kind: UserKind, status: 'normal' | 'frozen'): Promise<null> {
    const rows = await assertUsersInScope(p, ids, kind);
    if (status === 'frozen') refuseSelfOrAdmin(p, rows);
    const unique = rows.map((r) => r.id);
    const hashes = await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ status, ...(status === 'normal' ? { failedLogins: 0 } : {}), updatedAt: sql`now()` })
        .where(inArray(users.id, unique));
      return status === 'frozen' ? repo.endSessionsOf(tx, unique, 'frozen') : [];
    });
    await principals.forgetTokens(hashes);
    await principals.forgetUsers(unique);
    return null;
  }

  async function resetPassword(p: Principal, ids: number[], kind: UserKind): Promise<null> {
    const rows = await assertUsersInScope(p, ids, kind);
    const inline = rows.length <= INLINE_RESET_MAX;
    const hashed = await Promise.all(
      rows.map(async (r) => ({ id: r.id, hash: inline ? await hashPassword(initialPassword(r.username)) : PENDING_PASSWORD_HASH })),
    );
    await db.transaction(async (tx) => {
      for (const h of hashed) {
        await tx.update(users).set({ passwordHash: h.hash, firstLogin: true, failedLogins: 0, updatedAt: sql`now()` }).where(eq(users.id, h.id));
      }
    });
    if (!inline) hasher.kick();
    await principals.forgetUsers(rows.map((r) => r.id));
    return null;
  }

  async function batchDepartment(p: Principal, input: UserBatchDepartment, kind: UserKind): Promise<null> {
    await assertOrgsInScope(p, [input.orgId], 'orgId');
    const rows = await assertUsersInScope(p, input.ids, kind);
    await db.update(users).set({ orgId: input.orgId, updatedAt: sql`now()` }).where(inArray(users.id, rows.map((r) => r.id)));
    await principals.forgetUsers(rows.map((r) => r.id));
    return null;
  }

  async function getDataPermission(p: Principal, id: number, kind: UserKind) {
    await assertUsersInScope(p, [id], kind);
    return { orgIds: await repo.getUserScopeOrgIds(db, id) };
  }

  async function updateDataPermission(p: Principal, input: UserDataPermissionUpdate, kind: UserKind): Promise<null> {
    await assertUsersInScope(p, [input.id], kind);
    await assertOrgsInScope(p, input.orgIds, 'orgIds');
    await db.transaction((tx) => repo.replaceUserScopes(tx, input.id, input.orgIds));
    await principals.forgetUsers([input.id]);
    return null;
  }

  async function check(probe: repo.UniqueProbe, id?: number) {
    return { available: !(await repo.findUniqueConflict(db, probe, id)) };
  }

  async function updateOwnInfo(p: Principal, input: UserInfoUpdate): Promise<null> {
    const values = columnsOf(input);
    await assertUnique({ phone: values.phone, email: values.email }, p.userId);
    try {
      await db.update(users).set({ ...values, updatedAt: sql`now()` }).where(eq(users.id, p.userId));
    } catch (e) {
      repo.rethrowUserWriteError(e);
    }
    return null;
  }

  async function updateOwnAvatar(p: Principal, avatar: string): Promise<null> {
    await db.update(users).set({ avatar, updatedAt: sql`now()` }).where(eq(users.id, p.userId));
    return null;
  }

  return {
    get,
    insert,
    update,
    remove,
    freeze: (p: Principal, ids: number[], kind: UserKind) => setStatus(p, ids, kind, 'frozen'),
    unfreeze: (p: Principal, ids: number[], kind: UserKind) => setStatus(p, ids, kind, 'normal'),
    resetPassword,
    batchDepartment,
    getDataPermission,
    updateDataPermission,
    checkName: (username: string, id?: number) => check({ username }, id),
    checkPhone: (phone: string, id?: number) => check({ phone }, id),
    checkEmail: (email: string, id?: number) => check({ email }, id),
    checkCard: (cardNumber: string, id?: number) => check({ cardNumber }, id),
    updateOwnInfo,
    updateOwnAvatar,
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
