import { eq, inArray, sql } from 'drizzle-orm';
import {
  ALL_PERMISSION_CODES,
  USER_LIFECYCLE,
  DICT_TYPES,
  type UserListQuery,
  type UserAbilities,
  type UserRow,
  type UserBatchDepartment,
  type UserDataPermissionUpdate,
  type UserDetail,
  type UserInfoUpdate,
  type Lang,
  type UserInsert,
  type UserCreated,
  type UserUpdate,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { ListRuntime } from '../../platform/list.js';
import type { Principal, PrincipalLoader } from '../../platform/auth/principal.js';
import { initialPassword } from '../../platform/auth/password.js';
import { pathInScope, requireAllInScope, requireInScope, requireOrgsInScope, scopePatterns, scopeReach } from '../../platform/scope.js';
import type { Sessions } from '../../platform/auth/sessions.js';
import { storedInitialPassword, type Credentials } from '../../platform/auth/credentials.js';
import { assertRolesGrantable, DEFAULT_ROLE_KEY_LIST, findDefaultRoleId, findDefaultRoleIds } from '../roles/index.js';
import { requireLabelsOfKind } from '../labels/index.js';
import { requireDictValues } from '../dict/index.js';
import { applyTransition } from '../../platform/lifecycle.js';
import { users } from './users.schema.js';
import { emitUserEvent, type UserEvents } from './users.events.js';
import * as repo from './users.repository.js';
import type { UserKind } from './users.repository.js';
import type { InitialPasswordHasher } from './users.passwords.js';
import { setUserLanguage } from './users.accounts.js';
import { onlyRow } from '../../platform/db/rows.js';

/** The built-in administrator account: nobody may delete or freeze it, nor reset its password. */
export const SEEDED_ADMIN = 'admin';
export { initialPassword };

type Writable = Omit<UserInsert, 'roleIds' | 'scopeOrgIds' | 'labelIds'>;

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
  set('positionId', input.positionId);
  set('orgId', input.orgId);
  set('entryDate', input.entryDate);
  set('idNumber', blankToNull(input.idNumber));
  set('validUntil', input.validUntil === undefined ? undefined : input.validUntil === null ? null : new Date(input.validUntil));
  return out;
}

/** Type, city and team are dictionary values: a new or changed one must be a normal entry of its type. */
async function requireDictFields(db: DbOrTx, values: Partial<typeof users.$inferInsert>, current?: { type: string | null; city: string | null; team: string | null }) {
  const changed = (k: 'type' | 'city' | 'team') => (values[k] !== current?.[k] ? values[k] : null);
  await requireDictValues(db, [
    { field: 'type', type: DICT_TYPES.userType, value: changed('type') },
    { field: 'city', type: DICT_TYPES.city, value: changed('city') },
    { field: 'team', type: DICT_TYPES.team, value: changed('team') },
  ]);
}

interface Deps {
  db: Db;
  lists: ListRuntime;
  principals: PrincipalLoader;
  sessions: Sessions;
  credentials: Credentials;
  hasher: InitialPasswordHasher;
  /** Other modules' listeners (users.events.ts). */
  events: ReadonlyMap<string, UserEvents>;
}

/** The page code managing each kind of user (its actions are `<code>:add`, `<code>:modify`, ...). */
const MENU_OF: Record<UserKind, string> = { employee: 'yhgl', student: 'xsgl' };

/** Up to this many users get their reset password hashed within the request; more go to the background hasher. */
const INLINE_RESET_MAX = 16;

export function createUsersService({ db, lists, principals, sessions, credentials, hasher, events }: Deps) {
  /** Target users must exist with this kind and lie inside the caller's scope. */
  async function assertUsersInScope(p: Principal, ids: number[], kind: UserKind) {
    const unique = [...new Set(ids)];
    const rows = await repo.findUsersWithPaths(db, unique);
    const missing = unique.filter((id) => !rows.some((r) => r.id === id && r.kind === kind));
    if (missing.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids', data: { ids: missing } });
    requireAllInScope(p, rows, { field: 'ids' });
    return rows;
  }

  /**
   * Nobody acts on (edits, resets, freezes, deletes, regrants) a user holding more than they do:
   * a code they lack or a data scope beyond theirs, or they could take that account and gain it.
   * Run first inside the write's transaction (it locks the users' rows). The built-in student
   * role, which anyone adding users hands out, does not count; acting on oneself gains nothing.
   * The refusals name the users in `data.ids`.
   */
  /** Nobody holds more than a caller with every product code and the whole tree (skips the query). */
  const holdsEverything = (p: Principal) => scopeReach(p) === 'all' && ALL_PERMISSION_CODES.every((c) => p.permissions.has(c));
  const beyondReach = async (db: DbOrTx, p: Principal, ids: readonly number[]) =>
    holdsEverything(p)
      ? []
      : repo.findUsersBeyondReach(
          db,
          [...new Set(ids)].filter((id) => id !== p.userId),
          { codes: [...p.permissions], scopePatterns: scopePatterns(p), exemptRoleKeys: DEFAULT_ROLE_KEY_LIST },
        );

  async function assertWithinReach(tx: DbOrTx, p: Principal, ids: readonly number[], field: 'ids' | 'id') {
    await repo.lockUsers(
      tx,
      [...new Set(ids)].filter((id) => id !== p.userId),
    );
    const beyond = await beyondReach(tx, p, ids);
    const byCodes = beyond.filter((r) => r.codes).map((r) => r.id);
    if (byCodes.length) throw new AppError('NO_PERMISSION_ERROR', { field, data: { ids: byCodes } });
    if (beyond.length) throw new AppError('NO_DATA_PERMISSION_ERROR', { field, data: { ids: beyond.map((r) => r.id) } });
  }

  /**
   * Roles being added to a user: nobody hands out codes or a data scope beyond their own (the
   * rule of role editing). The default roles (student, employee), given to every new user, are exempt.
   */
  async function assertRolesAddable(p: Principal, added: number[]) {
    if (!added.length) return;
    await assertRolesGrantable(db, p, added, { exempt: await findDefaultRoleIds(db) });
  }

  /** Roles as saved: none chosen means the server's default for the kind, so the account can log in. */
  async function rolesOrDefault(roleIds: number[], kind: UserKind): Promise<number[]> {
    if (roleIds.length) return roleIds;
    const id = await findDefaultRoleId(db, kind);
    return id ? [id] : [];
  }

  /** A leader must exist and lie inside the caller's scope (its name is shown on the user). */
  async function assertLeader(p: Principal, leaderId: number | null | undefined, selfId?: number) {
    if (leaderId == null) return;
    if (leaderId === selfId) throw new AppError('PARAMETER_INVALID', { field: 'leaderId' });
    const [row] = await repo.findUsersWithPaths(db, [leaderId]);
    if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'leaderId' });
    requireInScope(p, row.orgPath, { field: 'leaderId' });
  }

  const sameSet = (a: readonly number[], b: readonly number[]) => {
    const x = new Set(a);
    const y = new Set(b);
    return x.size === y.size && [...x].every((v) => y.has(v));
  };

  /** Nobody changes their own roles or data scope; sending them unchanged (a saved form) is fine. */
  async function refuseOwnGrantChange(p: Principal, id: number, change: { roleIds?: number[]; scopeOrgIds?: number[] }) {
    if (id !== p.userId) return;
    const [roles, scope] = await Promise.all([change.roleIds ? repo.getUserRoleIds(db, id) : [], change.scopeOrgIds ? repo.getUserScopeOrgIds(db, id) : []]);
    const field = change.roleIds && !sameSet(change.roleIds, roles) ? 'roleIds' : change.scopeOrgIds && !sameSet(change.scopeOrgIds, scope) ? 'scopeOrgIds' : null;
    if (field) throw new AppError('OWN_PERMISSIONS_UNCHANGEABLE', { field });
  }

  /** The position must exist (positions are company-wide, no scope applies). */
  async function assertPosition(positionId: number | null | undefined) {
    if (positionId == null) return;
    if (!(await repo.positionExists(db, positionId))) throw new AppError('NOT_FOUND_ERROR', { field: 'positionId' });
  }

  /** User labels come from the catalogue: labels of a `user` category. */
  const assertUserLabels = (labelIds: number[] | undefined) => (labelIds?.length ? requireLabelsOfKind(db, labelIds, 'user', 'labelIds') : undefined);

  async function assertUnique(probe: repo.UniqueProbe, excludeId?: number) {
    const conflict = await repo.findUniqueConflict(db, probe, excludeId);
    if (conflict) throw conflict;
  }

  async function get(p: Principal, id: number, kind: UserKind): Promise<UserDetail> {
    const row = await repo.getUserDetail(db, id);
    if (!row || row.kind !== kind) throw new AppError('NOT_FOUND_ERROR');
    requireInScope(p, row.orgPath);
    const { orgPath: _omit, leaderOrgPath, ...detail } = row;
    // A leader beyond the caller's scope (set by someone with a wider one) stays anonymous.
    if (detail.leaderName !== null && (!leaderOrgPath || !pathInScope(p, leaderOrgPath))) detail.leaderName = null;
    const [abilities] = await abilitiesFor(p, [detail]);
    return { ...detail, abilities };
  }

  async function insert(p: Principal, input: UserInsert, kind: UserKind): Promise<UserCreated> {
    await requireOrgsInScope(db, p, [input.orgId], { field: 'orgId' });
    if (input.scopeOrgIds) await requireOrgsInScope(db, p, input.scopeOrgIds, { field: 'scopeOrgIds' });
    const roleIds = await rolesOrDefault(input.roleIds ?? [], kind);
    await assertRolesAddable(p, roleIds);
    await assertLeader(p, input.leaderId);
    await assertPosition(input.positionId);
    await assertUserLabels(input.labelIds);
    const values = columnsOf(input);
    await requireDictFields(db, values);
    await assertUnique(values);
    const passwordHash = await storedInitialPassword(input.username);
    return await db.transaction(async (tx) => {
      const row = onlyRow(
        await tx
          .insert(users)
          .values({ ...values, username: input.username, realname: input.realname, orgId: input.orgId, kind, passwordHash, firstLogin: true })
          .returning({ id: users.id }),
      );
      await repo.replaceUserRoles(tx, row.id, roleIds);
      if (input.scopeOrgIds?.length) await repo.replaceUserScopes(tx, row.id, input.scopeOrgIds);
      if (input.labelIds?.length) await repo.replaceUserLabels(tx, row.id, input.labelIds);
      return { id: row.id, initialPassword: initialPassword(input.username) };
    });
  }

  async function update(p: Principal, input: UserUpdate, kind: UserKind): Promise<null> {
    const { id, scopeOrgIds, labelIds, ...rest } = input;
    const roleIds = input.roleIds && (await rolesOrDefault(input.roleIds, kind));
    const [target] = await assertUsersInScope(p, [id], kind);
    await refuseOwnGrantChange(p, id, { roleIds, scopeOrgIds });
    if (rest.orgId !== undefined) await requireOrgsInScope(db, p, [rest.orgId], { field: 'orgId' });
    if (scopeOrgIds) await requireOrgsInScope(db, p, scopeOrgIds, { field: 'scopeOrgIds' });
    if (roleIds) {
      // Only roles being added are grants: a user may keep a role the caller could not give.
      const held = await repo.getUserRoleIds(db, id);
      await assertRolesAddable(
        p,
        roleIds.filter((r) => !held.includes(r)),
      );
    }
    // An unchanged leader stays even when beyond the caller's scope (the form sends it back).
    if (rest.leaderId !== target.leaderId) await assertLeader(p, rest.leaderId, id);
    await assertPosition(rest.positionId);
    await assertUserLabels(labelIds);
    const values = columnsOf(rest);
    await requireDictFields(db, values, await repo.getDictFields(db, id));
    await assertUnique(values, id);
    await db.transaction(async (tx) => {
      await assertWithinReach(tx, p, [id], 'id');
      await tx
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(users.id, id));
      if (roleIds) await repo.replaceUserRoles(tx, id, roleIds);
      if (scopeOrgIds) await repo.replaceUserScopes(tx, id, scopeOrgIds);
      if (labelIds) await repo.replaceUserLabels(tx, id, labelIds);
    });
    // Roles, scope or organization may have changed what the user's sessions allow.
    await principals.forgetUsers([id]);
    return null;
  }

  /** The seeded administrator, acted on by someone else. */
  const isAdminOfOthers = (p: Principal, r: { id: number; username: string }) => r.id !== p.userId && r.username.toLowerCase() === SEEDED_ADMIN;

  function refuseSelfOrAdmin(p: Principal, rows: { id: number; username: string }[], opts: { self: boolean } = { self: true }) {
    const protectedIds = rows.filter((r) => (opts.self && r.id === p.userId) || isAdminOfOthers(p, r)).map((r) => r.id);
    if (protectedIds.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids', data: { ids: protectedIds } });
  }

  async function remove(p: Principal, ids: number[], kind: UserKind): Promise<null> {
    const rows = await assertUsersInScope(p, ids, kind);
    refuseSelfOrAdmin(p, rows);
    const unique = rows.map((r) => r.id);
    await db.transaction(async (tx) => {
      await assertWithinReach(tx, p, unique, 'ids');
      await sessions.endSessions(tx, unique, 'deleted');
      await tx.delete(users).where(inArray(users.id, unique));
    });
    return null;
  }

  async function setStatus(p: Principal, ids: number[], kind: UserKind, status: 'normal' | 'frozen'): Promise<null> {
    const rows = await assertUsersInScope(p, ids, kind);
    if (status === 'frozen') refuseSelfOrAdmin(p, rows);
    const unique = rows.map((r) => r.id);
    await db.transaction(async (tx) => {
      await assertWithinReach(tx, p, unique, 'ids');
      if (status === 'frozen') {
        // A lifecycle command: only normal users freeze, and of two concurrent freezes one loses.
        await applyTransition(tx, {
          lifecycle: USER_LIFECYCLE,
          command: 'freeze',
          rows,
          stateOf: (r) => r.status,
          table: users,
          id: users.id,
          state: users.status,
          set: { updatedAt: sql`now()` },
        });
        await sessions.endSessions(tx, unique, 'frozen');
        await emitUserEvent(events, 'accountsFrozen', (f) => f(tx, unique));
      } else {
        // Unfreeze also lifts a login lock of a user still normal, so it is not refused on them.
        await tx
          .update(users)
          .set({ status: 'normal', failedLogins: 0, updatedAt: sql`now()` })
          .where(inArray(users.id, unique));
      }
      await sessions.refreshUsers(tx, unique);
    });
    return null;
  }

  async function resetPassword(p: Principal, ids: number[], kind: UserKind): Promise<null> {
    const rows = await assertUsersInScope(p, ids, kind);
    // The built-in administrator's password is its own business (it may still reset itself).
    refuseSelfOrAdmin(p, rows, { self: false });
    const inline = rows.length <= INLINE_RESET_MAX;
    const hashed = await Promise.all(rows.map(async (r) => ({ id: r.id, stored: await storedInitialPassword(r.username, { deferred: !inline }) })));
    await db.transaction(async (tx) => {
      await assertWithinReach(
        tx,
        p,
        rows.map((r) => r.id),
        'ids',
      );
      // Every session ends: an old (perhaps stolen) one could otherwise set a password of its
      // choosing from the predictable initial one.
      await credentials.setPasswords(tx, hashed, { mustChange: true, endSessions: 'password_reset' });
      await emitUserEvent(events, 'passwordsReset', (f) =>
        f(
          tx,
          hashed.map((h) => h.id),
        ),
      );
    });
    if (!inline) hasher.kick();
    return null;
  }

  async function batchDepartment(p: Principal, input: UserBatchDepartment, kind: UserKind): Promise<null> {
    await requireOrgsInScope(db, p, [input.orgId], { field: 'orgId' });
    const rows = await assertUsersInScope(p, input.ids, kind);
    await db.transaction(async (tx) => {
      await assertWithinReach(
        tx,
        p,
        rows.map((r) => r.id),
        'ids',
      );
      await tx
        .update(users)
        .set({ orgId: input.orgId, updatedAt: sql`now()` })
        .where(
          inArray(
            users.id,
            rows.map((r) => r.id),
          ),
        );
    });
    await principals.forgetUsers(rows.map((r) => r.id));
    return null;
  }

  async function getDataPermission(p: Principal, id: number, kind: UserKind) {
    await assertUsersInScope(p, [id], kind);
    return { orgIds: await repo.getUserScopeOrgIds(db, id) };
  }

  async function updateDataPermission(p: Principal, input: UserDataPermissionUpdate, kind: UserKind): Promise<null> {
    await assertUsersInScope(p, [input.id], kind);
    await refuseOwnGrantChange(p, input.id, { scopeOrgIds: input.orgIds });
    await requireOrgsInScope(db, p, input.orgIds, { field: 'orgIds' });
    await db.transaction(async (tx) => {
      await assertWithinReach(tx, p, [input.id], 'id');
      await repo.replaceUserScopes(tx, input.id, input.orgIds);
    });
    await principals.forgetUsers([input.id]);
    return null;
  }

  /**
   * Whether a value is still free: uniqueness is global, so the answer covers every user, but it
   * is a boolean only, and the user excluded (the one being edited) must be within the caller's
   * reach, or excluding them would tell whose value it is.
   */
  async function check(p: Principal, kind: UserKind, probe: repo.UniqueProbe, id?: number) {
    // They serve the add and edit forms only (the route, read-only, is open to the page code).
    const menu = MENU_OF[kind];
    if (!p.permissions.has(`${menu}:add`) && !p.permissions.has(`${menu}:modify`)) throw new AppError('NO_PERMISSION_ERROR');
    if (id !== undefined) await assertUsersInScope(p, [id], kind);
    return { available: !(await repo.findUniqueConflict(db, probe, id)) };
  }

  /** The rules of update, resetPassword, setStatus and remove, row by row, for the page to obey. */
  async function abilitiesFor(p: Principal, rows: readonly { id: number; username: string; status: string }[]): Promise<UserAbilities[]> {
    const beyond = new Set(
      (
        await beyondReach(
          db,
          p,
          rows.map((r) => r.id),
        )
      ).map((r) => r.id),
    );
    return rows.map((r) => {
      const reach = !beyond.has(r.id);
      const protectedRow = r.id === p.userId || isAdminOfOthers(p, r);
      return {
        modify: reach,
        resetPassword: reach && !isAdminOfOthers(p, r),
        freeze: reach && !protectedRow && USER_LIFECYCLE.isState(r.status) && USER_LIFECYCLE.can(r.status, 'freeze'),
        unfreeze: reach && USER_LIFECYCLE.isState(r.status) && USER_LIFECYCLE.can(r.status, 'unfreeze'),
        delete: reach && !protectedRow,
      };
    });
  }

  /**
   * One people page's list: the Users page lists employees only, the Students page students only
   * (each with its own count). A `kind` naming the other page's people is refused.
   */
  async function list(p: Principal, q: UserListQuery, kind: UserKind) {
    if (q.kind && q.kind !== kind) throw new AppError('PARAMETER_INVALID', { field: 'kind' });
    if (!p.permissions.has(MENU_OF[kind])) throw new AppError('NO_PERMISSION_ERROR', { field: 'kind' });
    const page = await repo.findUsers(lists, p, { ...q, kind });
    const abilities = await abilitiesFor(p, page.records);
    const records = page.records.map((r, i): UserRow => ({ ...r, abilities: abilities[i] }));
    return { ...page, records };
  }

  async function setOwnLanguage(p: Principal, language: Lang): Promise<null> {
    await setUserLanguage(db, p.userId, language);
    return null;
  }

  async function updateOwnInfo(p: Principal, input: UserInfoUpdate): Promise<null> {
    const values = columnsOf(input);
    await requireDictFields(db, values, await repo.getDictFields(db, p.userId));
    await assertUnique({ phone: values.phone, email: values.email }, p.userId);
    await db
      .update(users)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(users.id, p.userId));
    return null;
  }

  async function updateOwnAvatar(p: Principal, avatar: string): Promise<null> {
    await emitUserEvent(events, 'avatarChosen', (f) => f(db, p, avatar)); // an uploaded avatar must be the caller's own
    await db
      .update(users)
      .set({ avatar, updatedAt: sql`now()` })
      .where(eq(users.id, p.userId));
    return null;
  }

  return {
    list,
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
    checkName: (p: Principal, kind: UserKind, username: string, id?: number) => check(p, kind, { username }, id),
    checkPhone: (p: Principal, kind: UserKind, phone: string, id?: number) => check(p, kind, { phone }, id),
    checkEmail: (p: Principal, kind: UserKind, email: string, id?: number) => check(p, kind, { email }, id),
    checkCard: (p: Principal, kind: UserKind, cardNumber: string, id?: number) => check(p, kind, { cardNumber }, id),
    updateOwnInfo,
    setOwnLanguage,
    updateOwnAvatar,
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
