import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { useTestApp, login, call, postLogin, signHeaders, type Session } from '../../test/harness.js';
import { tokenHash } from '../../platform/auth/principal.js';
import { buildOrg, buildRole, buildUser, rootOrg } from '../../test/factories.js';
import { BUILTIN_ROLES, roleDataScopes, roles } from '../roles/index.js';
import { userRoles } from './users.schema.js';
import { userSessions } from '../auth/index.js';
import { users } from './users.schema.js';

/**
 * Privilege escalation through user editing: roles, data scope, own account, the built-in
 * administrator, sessions after a reset, and what the pages reveal beyond the caller's scope.
 */
const t = useTestApp();
let rootId: number;
let adminRoleId: number;
let studentRoleId: number;
let adminUserId: number;
let deptA: { id: number; path: string };
let deptA1: { id: number; path: string };
let deptB: { id: number; path: string };
let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
const newUser = (extra: Record<string, unknown> = {}) => {
  const u = uniq();
  return { username: `g-${u}`, realname: 'Grant Test', cardNumber: `E${u}`, orgId: deptA.id, ...extra };
};
const newStudent = (extra: Record<string, unknown> = {}) => newUser({ cardNumber: `S-${uniq()}`, ...extra });

async function roleWithScope(permissions: string[], orgIds: number[]) {
  const role = await buildRole(t.db, { permissions });
  for (const orgId of orgIds) await t.db.insert(roleDataScopes).values({ roleId: role.id, orgId });
  return role;
}
async function rolesOf(userId: number) {
  const rows = await t.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
async function userByName(username: string) {
  const [row] = await t.db.select().from(users).where(eq(users.username, username));
  return row;
}
async function signIn(u: { username: string; password: string }) {
  return login(t.app, u.username, u.password);
}

beforeAll(async () => {
  rootId = (await rootOrg(t.db)).id;
  const [a] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, BUILTIN_ROLES.admin));
  const [s] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, BUILTIN_ROLES.student));
  adminRoleId = a!.id;
  studentRoleId = s!.id;
  adminUserId = (await userByName('admin'))!.id;
  deptA = await buildOrg(t.db, { name: `A-${uniq()}` });
  deptA1 = await buildOrg(t.db, { parentId: deptA.id, name: `A1-${uniq()}` });
  deptB = await buildOrg(t.db, { name: `B-${uniq()}` });
});

const EMPLOYEE_ADMIN = ['yhgl', 'yhgl:add', 'yhgl:modify'];
const STUDENT_ADMIN = ['xsgl', 'xsgl:add', 'xsgl:modify'];

describe.each([
  { page: '/api/user', codes: EMPLOYEE_ADMIN, body: newUser, kind: 'employee' },
  { page: '/api/student-user', codes: STUDENT_ADMIN, body: newStudent, kind: 'student' },
])('role assignment through $page', ({ page, codes, body, kind }) => {
  let mgr: Awaited<ReturnType<typeof buildUser>>;
  let s: Session;
  beforeAll(async () => {
    mgr = await buildUser(t.db, { orgId: deptA.id, permissions: codes, scopeOrgIds: [deptA.id] });
    s = await signIn(mgr);
  });

  it('refuses to create an account holding a role with codes the caller lacks', async () => {
    const b = body({ roleIds: [adminRoleId] });
    const res = await call(t.app, s, `${page}/insert`, b);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ msg: 'NO_PERMISSION_ERROR', field: 'roleIds', data: { roleIds: [adminRoleId] } });
    expect(await userByName(b.username as string)).toBeUndefined();
  });

  it('refuses roles whose data scope reaches beyond the caller’s (another department, the root)', async () => {
    const otherDept = await roleWithScope(codes.slice(0, 1), [deptB.id]);
    const rootScoped = await roleWithScope(codes.slice(0, 1), [rootId]);
    for (const role of [otherDept, rootScoped]) {
      const b = body({ roleIds: [role.id] });
      const res = await call(t.app, s, `${page}/insert`, b);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', field: 'roleIds', data: { roleIds: [role.id] } });
      expect(await userByName(b.username as string)).toBeUndefined();
    }
  });

  it('grants roles within the caller’s codes and scope, and the default student role', async () => {
    const within = await roleWithScope(codes.slice(0, 1), [deptA1.id]);
    const ok = await call(t.app, s, `${page}/insert`, body({ roleIds: [within.id] }));
    expect(ok.statusCode).toBe(200);
    expect(await rolesOf(ok.json().data.id)).toEqual([within.id]);
    // No role chosen: the kind's default role (employee or student), even though the caller does not hold its portal codes.
    const dflt = await call(t.app, s, `${page}/insert`, body());
    expect(dflt.statusCode).toBe(200);
    const [d] = await t.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, kind === 'employee' ? BUILTIN_ROLES.employee : BUILTIN_ROLES.student));
    expect(await rolesOf(dflt.json().data.id)).toEqual([d!.id]);
    const explicit = await call(t.app, s, `${page}/insert`, body({ roleIds: [studentRoleId] }));
    expect(explicit.statusCode).toBe(200);
  });

  it('refuses adding a role on update, but lets roles the user already holds stay', async () => {
    const within = await roleWithScope(codes.slice(0, 1), []);
    const otherDept = await roleWithScope(codes.slice(0, 1), [deptB.id]);
    const target = await buildUser(t.db, { orgId: deptA.id, kind });
    const add = await call(t.app, s, `${page}/update`, { id: target.id, roleIds: [adminRoleId] });
    expect(add.json()).toMatchObject({ msg: 'NO_PERMISSION_ERROR', field: 'roleIds' });
    const addScoped = await call(t.app, s, `${page}/update`, { id: target.id, roleIds: [otherDept.id] });
    expect(addScoped.json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', field: 'roleIds' });
    expect(await rolesOf(target.id)).toEqual([]);

    // The default student role stays on a user whatever codes it holds; adding within the caller's reach is fine.
    const plain = await buildUser(t.db, { orgId: deptA.id, kind, roleIds: [studentRoleId] });
    const keep = await call(t.app, s, `${page}/update`, { id: plain.id, realname: 'Renamed', roleIds: [studentRoleId, within.id] });
    expect(keep.statusCode).toBe(200);
    expect(await rolesOf(plain.id)).toEqual([studentRoleId, within.id].sort((a, b) => a - b));

    // A user holding roles the caller could not grant is beyond the caller: not even their roles can be removed.
    const powerful = await buildUser(t.db, { orgId: deptA.id, kind, roleIds: [adminRoleId, otherDept.id] });
    const strip = await call(t.app, s, `${page}/update`, { id: powerful.id, roleIds: [within.id] });
    expect(strip.statusCode).toBe(403);
    expect(strip.json()).toMatchObject({ msg: 'NO_PERMISSION_ERROR', field: 'id', data: { ids: [powerful.id] } });
    expect(await rolesOf(powerful.id)).toEqual([adminRoleId, otherDept.id].sort((a, b) => a - b));
  });

  it('refuses a user data scope beyond the caller’s', async () => {
    const target = await buildUser(t.db, { orgId: deptA.id, kind });
    const res = await call(t.app, s, `${page}/update`, { id: target.id, scopeOrgIds: [rootId] });
    expect(res.json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', data: { beyond: [rootId] } });
    const dp = await call(t.app, s, `${page}/data-permission/update`, { id: target.id, orgIds: [deptB.id] });
    expect(dp.json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', data: { beyond: [deptB.id] } });
  });
});

describe.each([
  { page: '/api/user', menu: 'yhgl', kind: 'employee' },
  { page: '/api/student-user', menu: 'xsgl', kind: 'student' },
])('acting on users more powerful than the caller through $page', ({ page, menu, kind }) => {
  let dept: { id: number; path: string };
  let sub: { id: number; path: string };
  let mgr: Awaited<ReturnType<typeof buildUser>>;
  let s: Session;
  const codes = [menu, `${menu}:add`, `${menu}:modify`, `${menu}:delete`, `${menu}:freeze`];
  beforeAll(async () => {
    dept = await buildOrg(t.db, { name: `P-${uniq()}` });
    sub = await buildOrg(t.db, { parentId: dept.id, name: `P1-${uniq()}` });
    mgr = await buildUser(t.db, { orgId: dept.id, permissions: codes, scopeOrgIds: [dept.id] });
    s = await signIn(mgr);
  });

  /** Every write of the page on one target, with the field naming it. */
  const writes = (id: number) =>
    [
      ['reset-password', { ids: [id] }, 'ids'],
      ['update', { id, email: `${uniq()}@take.over` }, 'id'],
      ['update', { id, phone: String(1e10 + Math.floor(Math.random() * 9e9)) }, 'id'],
      ['update', { id, realname: 'Taken' }, 'id'],
      ['update', { id, roleIds: [studentRoleId] }, 'id'],
      ['data-permission/update', { id, orgIds: [sub.id] }, 'id'],
      ['freeze', { ids: [id] }, 'ids'],
      ['delete', { ids: [id] }, 'ids'],
    ] as const;

  async function expectUntouched(target: Awaited<ReturnType<typeof buildUser>>, roleIds: number[]) {
    const row = await userByName(target.username);
    expect(row).toBeDefined();
    expect(row!).toMatchObject({ passwordHash: target.passwordHash, email: null, phone: null, realname: target.realname, status: target.status });
    expect(await rolesOf(target.id)).toEqual([...roleIds].sort((a, b) => a - b));
  }

  it('refuses every write on a user holding a code the caller lacks', async () => {
    const extra = await roleWithScope([menu, `${menu}:batch`], []);
    const roleIds = [studentRoleId, extra.id];
    const target = await buildUser(t.db, { orgId: sub.id, kind, roleIds });
    for (const [action, b, field] of writes(target.id)) {
      const res = await call(t.app, s, `${page}/${action}`, b);
      expect(res.statusCode, `${action} ${JSON.stringify(b)}`).toBe(403);
      expect(res.json(), action).toMatchObject({ msg: 'NO_PERMISSION_ERROR', field, data: { ids: [target.id] } });
    }
    await expectUntouched(target, roleIds);
    expect((await postLogin(t.app, target.username, target.password)).statusCode).toBe(200);
  });

  it('refuses the system administrator role and roles frozen for now; a batch names only the offenders', async () => {
    const frozenRole = await buildRole(t.db, { permissions: [menu, `${menu}:export`], status: 'frozen' });
    const sysadmin = await buildUser(t.db, { orgId: dept.id, kind, roleIds: [adminRoleId] });
    // A frozen role can be unfrozen later: its codes count.
    const dormant = await buildUser(t.db, { orgId: dept.id, kind, roleIds: [frozenRole.id] });
    const ordinary = await buildUser(t.db, { orgId: dept.id, kind, roleIds: [studentRoleId] });
    const res = await call(t.app, s, `${page}/reset-password`, { ids: [ordinary.id, sysadmin.id, dormant.id] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ msg: 'NO_PERMISSION_ERROR', field: 'ids', data: { ids: [sysadmin.id, dormant.id].sort((a, b) => a - b) } });
    // Nothing was reset, not even the ordinary user.
    for (const u of [ordinary, sysadmin]) expect((await postLogin(t.app, u.username, u.password)).statusCode).toBe(200);
    await expectUntouched(sysadmin, [adminRoleId]);
    // A frozen powerful user stays frozen.
    const frozen = await buildUser(t.db, { orgId: dept.id, kind, roleIds: [adminRoleId], status: 'frozen' });
    const unfreeze = await call(t.app, s, `${page}/unfreeze`, { ids: [frozen.id] });
    expect(unfreeze.json()).toMatchObject({ msg: 'NO_PERMISSION_ERROR', field: 'ids', data: { ids: [frozen.id] } });
    expect((await userByName(frozen.username))!.status).toBe('frozen');
  });

  it('refuses a user whose data scope reaches beyond the caller’s, through a role or their own', async () => {
    const rootScoped = await roleWithScope([menu], [rootId]);
    const viaRole = await buildUser(t.db, { orgId: dept.id, kind, roleIds: [rootScoped.id] });
    const viaOwn = await buildUser(t.db, { orgId: sub.id, kind, scopeOrgIds: [deptB.id] });
    for (const target of [viaRole, viaOwn]) {
      for (const [action, b, field] of writes(target.id)) {
        const res = await call(t.app, s, `${page}/${action}`, b);
        expect(res.statusCode, `${action} ${JSON.stringify(b)}`).toBe(403);
        expect(res.json(), action).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', field, data: { ids: [target.id] } });
      }
    }
    await expectUntouched(viaRole, [rootScoped.id]);
    await expectUntouched(viaOwn, []);
  });

  it('still manages the ordinary users of the department', async () => {
    const within = await roleWithScope([menu, `${menu}:modify`], [sub.id]);
    // No scope of their own: their organization's subtree, inside the caller's.
    const plain = await buildUser(t.db, { orgId: sub.id, kind, roleIds: [studentRoleId] });
    const scoped = await buildUser(t.db, { orgId: dept.id, kind, roleIds: [studentRoleId, within.id], scopeOrgIds: [sub.id] });
    for (const target of [plain, scoped]) {
      for (const [action, b] of writes(target.id).filter(([a]) => a !== 'delete')) {
        const res = await call(t.app, s, `${page}/${action}`, b);
        expect(res.statusCode, `${action} ${JSON.stringify(res.json())}`).toBe(200);
      }
      expect((await call(t.app, s, `${page}/unfreeze`, { ids: [target.id] })).statusCode).toBe(200);
      expect((await userByName(target.username))!.status).toBe('normal');
    }
    expect((await userByName(scoped.username))!.realname).toBe('Taken');
    const del = await call(t.app, s, `${page}/delete`, { ids: [plain.id, scoped.id] });
    expect(del.statusCode).toBe(200);
    expect(await userByName(plain.username)).toBeUndefined();
  });
});

describe('abilities on the list', () => {
  it('offer on each row only what the writes allow: self, the built-in admin, status, users holding more', async () => {
    const dept = await buildOrg(t.db, { name: `L-${uniq()}` });
    const codes = ['yhgl', 'yhgl:add', 'yhgl:modify', 'yhgl:delete', 'yhgl:freeze'];
    const mgr = await buildUser(t.db, { orgId: dept.id, permissions: codes, scopeOrgIds: [dept.id] });
    const plain = await buildUser(t.db, { orgId: dept.id, roleIds: [studentRoleId] });
    const frozen = await buildUser(t.db, { orgId: dept.id, roleIds: [studentRoleId], status: 'frozen' });
    const stronger = await buildUser(t.db, { orgId: dept.id, roleIds: [adminRoleId] });
    const s = await signIn(mgr);
    const res = await call(t.app, s, '/api/user/list', { page: 1, size: 50, orgId: dept.id });
    expect(res.statusCode).toBe(200);
    const byId = new Map((res.json().data.records as { id: number; abilities: Record<string, boolean> }[]).map((r) => [r.id, r.abilities]));
    expect(byId.get(plain.id)).toEqual({ modify: true, resetPassword: true, freeze: true, unfreeze: false, delete: true });
    expect(byId.get(frozen.id)).toEqual({ modify: true, resetPassword: true, freeze: false, unfreeze: true, delete: true });
    expect(byId.get(mgr.id)).toEqual({ modify: true, resetPassword: true, freeze: false, unfreeze: false, delete: false });
    expect(byId.get(stronger.id)).toEqual({ modify: false, resetPassword: false, freeze: false, unfreeze: false, delete: false });
    // What the row does not offer, the server refuses.
    expect((await call(t.app, s, '/api/user/freeze', { ids: [stronger.id] })).statusCode).toBe(403);

    // The built-in administrator, seen by a root-scoped administrator: edit it, but neither reset, freeze nor delete it.
    const root = await buildUser(t.db, { permissions: codes, scopeOrgIds: [rootId], roleIds: [adminRoleId] });
    const rs = await signIn(root);
    const all = await call(t.app, rs, '/api/user/list', { page: 1, size: 50, keyword: 'admin' });
    const admin = (all.json().data.records as { id: number; abilities: Record<string, boolean> }[]).find((r) => r.id === adminUserId);
    expect(admin?.abilities).toEqual({ modify: true, resetPassword: false, freeze: false, unfreeze: false, delete: false });
  });
});

describe('own account', () => {
  it('nobody changes their own roles or data scope; an unchanged form still saves', async () => {
    const own = await roleWithScope(['yhgl'], []);
    const mgr = await buildUser(t.db, { orgId: deptA.id, permissions: [...EMPLOYEE_ADMIN, 'yhgl:freeze'], scopeOrgIds: [deptA.id] });
    const s = await signIn(mgr);
    const before = await rolesOf(mgr.id);
    const attempts = [
      ['/api/user/update', { id: mgr.id, roleIds: [...before, adminRoleId] }],
      // Even a role the caller could grant to others.
      ['/api/user/update', { id: mgr.id, roleIds: [...before, own.id] }],
      ['/api/user/update', { id: mgr.id, roleIds: [] }],
      ['/api/user/update', { id: mgr.id, scopeOrgIds: [deptA1.id] }],
      ['/api/user/data-permission/update', { id: mgr.id, orgIds: [deptA.id, deptA1.id] }],
    ] as const;
    for (const [url, b] of attempts) {
      const res = await call(t.app, s, url, b);
      expect(res.statusCode, JSON.stringify(b)).toBe(403);
      expect(res.json(), JSON.stringify(b)).toMatchObject({ msg: 'OWN_PERMISSIONS_UNCHANGEABLE' });
    }
    expect(await rolesOf(mgr.id)).toEqual(before);
    const same = await call(t.app, s, '/api/user/update', { id: mgr.id, realname: 'Me', roleIds: before, scopeOrgIds: [deptA.id] });
    expect(same.statusCode).toBe(200);
    expect((await userByName(mgr.username))!.realname).toBe('Me');
  });

  it('the system administrator cannot change its own roles either', async () => {
    const admin = await login(t.app);
    const res = await call(t.app, admin, '/api/user/update', { id: adminUserId, roleIds: [] });
    expect(res.json().msg).toBe('OWN_PERMISSIONS_UNCHANGEABLE');
    expect(await rolesOf(adminUserId)).toContain(adminRoleId);
  });
});

describe('the built-in administrator', () => {
  it('cannot have its password reset by someone else, even with a root scope', async () => {
    const mgr = await buildUser(t.db, { permissions: EMPLOYEE_ADMIN, scopeOrgIds: [rootId] });
    const s = await signIn(mgr);
    const before = (await userByName('admin'))!.passwordHash;
    const other = await buildUser(t.db, { permissions: ['kc-pc'] });
    const res = await call(t.app, s, '/api/user/reset-password', { ids: [other.id, adminUserId] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: 'STATE_TRANSITION_INVALID', field: 'ids', data: { ids: [adminUserId] } });
    const after = await userByName('admin');
    expect(after!.passwordHash).toBe(before);
    expect(after!.firstLogin).toBe(false);
    // Nothing was reset on refusal.
    expect((await postLogin(t.app, other.username, other.password)).statusCode).toBe(200);
  });
});

describe('reset password', () => {
  it('ends every session of the reset users', async () => {
    const admin = await login(t.app);
    const u = await buildUser(t.db, { permissions: ['yhgl'] });
    const web = await signIn(u);
    // A second open session, as a phone app sign-in leaves one.
    const token = `app-${uniq()}`;
    await t.db.insert(userSessions).values({ tokenHash: tokenHash(token), userId: u.id, platformType: 2, signNumber: 'app-sign' });
    const app = { headers: () => signHeaders(u.id, 'app-sign', token) } as unknown as Session;
    for (const s of [web, app]) expect((await call(t.app, s, '/api/user/list', {})).statusCode).toBe(200);
    expect((await call(t.app, admin, '/api/user/reset-password', { ids: [u.id] })).statusCode).toBe(200);
    for (const old of [web, app]) {
      // A stolen session would otherwise set its own password from the predictable initial one.
      const res = await call(t.app, old, '/api/auth/password/modify', { oldPassword: `${u.username}123`, newPassword: 'Another1!' });
      expect(res.statusCode).toBe(401);
      expect(res.json().msg).toBe('TOKEN_INVALID');
    }
    const still = await t.db
      .select()
      .from(userSessions)
      .where(and(eq(userSessions.userId, u.id), isNull(userSessions.endedAt)));
    expect(still).toEqual([]);
    // The admin's own session is untouched.
    expect((await call(t.app, admin, '/api/user/list', {})).statusCode).toBe(200);
  });
});

describe('leader', () => {
  it('refuses a leader outside the caller’s scope and never shows such a leader’s name', async () => {
    const mgr = await buildUser(t.db, { orgId: deptA.id, permissions: EMPLOYEE_ADMIN, scopeOrgIds: [deptA.id] });
    const s = await signIn(mgr);
    const outside = await buildUser(t.db, { orgId: deptB.id, realname: 'Secret Boss' });
    const inside = await buildUser(t.db, { orgId: deptA1.id, realname: 'Near Boss' });
    const ins = await call(t.app, s, '/api/user/insert', newUser({ leaderId: outside.id }));
    expect(ins.statusCode).toBe(403);
    expect(ins.json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', field: 'leaderId' });
    expect(ins.json().data?.beyond).toBeUndefined();
    const target = await buildUser(t.db, { orgId: deptA.id });
    expect((await call(t.app, s, '/api/user/update', { id: target.id, leaderId: outside.id })).json()).toMatchObject({
      msg: 'NO_DATA_PERMISSION_ERROR',
      field: 'leaderId',
    });
    expect((await call(t.app, s, '/api/user/update', { id: target.id, leaderId: inside.id })).statusCode).toBe(200);
    expect((await call(t.app, s, '/api/user/get', { id: target.id })).json().data).toMatchObject({ leaderId: inside.id, leaderName: 'Near Boss' });

    // A leader set by someone with a wider scope: hidden here, and an unchanged form still saves.
    await t.db.update(users).set({ leaderId: outside.id }).where(eq(users.id, target.id));
    const got = (await call(t.app, s, '/api/user/get', { id: target.id })).json().data;
    expect(got.leaderName).toBeNull();
    expect(JSON.stringify(got)).not.toContain('Secret Boss');
    expect((await call(t.app, s, '/api/user/update', { id: target.id, realname: 'Kept', leaderId: outside.id })).statusCode).toBe(200);
    const admin = await login(t.app);
    expect((await call(t.app, admin, '/api/user/get', { id: target.id })).json().data.leaderName).toBe('Secret Boss');
  });
});

describe('uniqueness checks', () => {
  it('need the add or modify code and reveal nothing about users beyond the scope', async () => {
    const outside = await buildUser(t.db, { orgId: deptB.id });
    const reader = await signIn(await buildUser(t.db, { orgId: deptA.id, permissions: ['yhgl', 'xsgl'], scopeOrgIds: [deptA.id] }));
    for (const page of ['/api/user', '/api/student-user']) {
      const res = await call(t.app, reader, `${page}/check-name`, { username: outside.username });
      expect(res.statusCode, page).toBe(403);
      expect(res.json().msg).toBe('NO_PERMISSION_ERROR');
    }
    const adder = await signIn(await buildUser(t.db, { orgId: deptA.id, permissions: ['yhgl', 'yhgl:add'], scopeOrgIds: [deptA.id] }));
    const modifier = await signIn(await buildUser(t.db, { orgId: deptA.id, permissions: ['yhgl', 'yhgl:modify'], scopeOrgIds: [deptA.id] }));
    for (const s of [adder, modifier]) {
      // Uniqueness is global: a taken name is reported taken, and only that.
      const taken = await call(t.app, s, '/api/user/check-name', { username: outside.username });
      expect(taken.json().data).toEqual({ available: false });
    }
    // Excluding a user beyond the scope would tell whose name it is.
    const probe = await call(t.app, adder, '/api/user/check-name', { username: outside.username, id: outside.id });
    expect(probe.statusCode).toBe(403);
    expect(probe.json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR' });
    expect(probe.json().data).not.toEqual({ available: true });
    const inside = await buildUser(t.db, { orgId: deptA.id });
    expect((await call(t.app, adder, '/api/user/check-name', { username: inside.username, id: inside.id })).json().data).toEqual({ available: true });
  });
});

describe('list kinds', () => {
  it('the Users page lists employees only, the Students page students only', async () => {
    const org = await buildOrg(t.db, { name: `K-${uniq()}` });
    const student = await buildUser(t.db, { orgId: org.id, kind: 'student' });
    const employee = await buildUser(t.db, { orgId: org.id });
    const ids = (res: { json(): { data: { records: { id: number }[] } } }) => res.json().data.records.map((r) => r.id);

    const empOnly = await signIn(await buildUser(t.db, { orgId: org.id, permissions: ['yhgl'], scopeOrgIds: [org.id] }));
    const asked = await call(t.app, empOnly, '/api/user/list', { kind: 'student' });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'kind' });
    const all = await call(t.app, empOnly, '/api/user/list', { orgId: org.id, size: 100 });
    expect(ids(all)).toContain(employee.id);
    expect(ids(all)).not.toContain(student.id);
    expect(all.json().data.records.every((r: { kind: string }) => r.kind === 'employee')).toBe(true);

    const both = await signIn(await buildUser(t.db, { orgId: org.id, permissions: ['yhgl', 'xsgl'], scopeOrgIds: [org.id] }));
    const listed = ids(await call(t.app, both, '/api/user/list', { orgId: org.id, size: 100 }));
    expect(listed).toContain(employee.id);
    expect(listed).not.toContain(student.id);
    expect((await call(t.app, both, '/api/user/list', { kind: 'student', orgId: org.id })).json().msg).toBe('PARAMETER_INVALID');
    expect(ids(await call(t.app, both, '/api/student-user/list', { orgId: org.id }))).toEqual([student.id]);
  });
});
