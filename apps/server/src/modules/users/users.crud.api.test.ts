import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { useTestApp, login, call, postLogin, type Session } from '../../test/harness.js';
import { buildOrg, buildRole, buildUser, rootOrg } from '../../test/factories.js';
import { BUILTIN_ROLE_KEYS, findBuiltinRoleId } from '../roles/index.js';
import { userRoles } from './users.schema.js';
import { users } from './users.schema.js';
import { PENDING_PASSWORD_HASH } from './users.passwords.js';

const t = useTestApp();
let admin: Session;
let rootId: number;
/** Labels of a `user` category (the catalogue user labels come from), and one of a `course` category. */
const userLabels: { id: number; name: string }[] = [];
let courseLabel: number;
beforeAll(async () => {
  admin = await login(t.app);
  rootId = (await rootOrg(t.db)).id;
  const cat = (await call(t.app, admin, '/api/label-category/insert', { name: 'Skills', kind: 'user' })).json().data.id;
  for (const name of ['java', 'sql', 'go', 'rust', 'c', 'lisp'])
    userLabels.push({ id: (await call(t.app, admin, '/api/label/insert', { categoryId: cat, name })).json().data.id, name });
  const courses = (await call(t.app, admin, '/api/label-category/insert', { name: 'Topics', kind: 'course' })).json().data.id;
  courseLabel = (await call(t.app, admin, '/api/label/insert', { categoryId: courses, name: 'safety' })).json().data.id;
  // City is a dictionary value (type `city`).
  for (const city of ['Shanghai', 'Macau']) expect((await call(t.app, admin, '/api/dict/insert', { type: 'city', label: city, value: city })).statusCode).toBe(200);
});
let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;
function newUser(extra: Record<string, unknown> = {}) {
  const u = uniq();
  return { username: `u-${u}`, realname: 'Zhang San', cardNumber: `E${u}`, orgId: rootId, ...extra };
}
async function dbUser(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('insert / get / update', () => {
  it('refuses an ID number another user holds (any letter case) with DUPLICATE_ID_NUMBER', async () => {
    const first = await call(t.app, admin, '/api/user/insert', newUser({ idNumber: '11010519491231002x' }));
    expect(first.statusCode, first.body).toBe(200);
    const again = await call(t.app, admin, '/api/user/insert', newUser({ idNumber: '11010519491231002X' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ msg: 'DUPLICATE_ID_NUMBER', field: 'idNumber' });
    const other = (await call(t.app, admin, '/api/user/insert', newUser())).json().data.id as number;
    const upd = await call(t.app, admin, '/api/user/update', { id: other, idNumber: '11010519491231002X' });
    expect(upd.json()).toMatchObject({ msg: 'DUPLICATE_ID_NUMBER', field: 'idNumber' });
    // Parallel saves of one number: the unique index lets one through.
    const race = await Promise.all([1, 2].map(() => call(t.app, admin, '/api/user/insert', newUser({ idNumber: 'RACE-1' }))));
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('creates an employee with the initial password and first-login flag, and reads it back', async () => {
    const org = await buildOrg(t.db, { name: `dept-${uniq()}` });
    const role = await buildRole(t.db, { permissions: ['kc-pc'] });
    const body = newUser({
      orgId: org.id,
      englishName: 'Sam',
      phone: '13800000001',
      email: 'Sam.Zhang@example.com',
      sex: 'male',
      city: 'Shanghai',
      entryDate: '2024-03-01',
      labelIds: [userLabels[0]!.id, userLabels[1]!.id],
      roleIds: [role.id],
      scopeOrgIds: [org.id],
    });
    const res = await call(t.app, admin, '/api/user/insert', body);
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as number;
    const got = (await call(t.app, admin, '/api/user/get', { id })).json().data;
    expect(got).toMatchObject({
      username: body.username,
      kind: 'employee',
      orgId: org.id,
      orgName: org.name,
      phone: '13800000001',
      email: 'Sam.Zhang@example.com',
      labels: [userLabels[0], userLabels[1]],
      labelIds: [userLabels[0]!.id, userLabels[1]!.id],
      roleIds: [role.id],
      scopeOrgIds: [org.id],
      firstLogin: true,
      status: 'normal',
      entryDate: '2024-03-01',
    });
    // The new user signs in with user name + 123 and must change it first.
    const loginRes = await postLogin(t.app, body.username, `${body.username}123`);
    expect(loginRes.statusCode).toBe(200);
    expect(loginRes.json().data.user.firstLogin).toBe(true);

    const upd = await call(t.app, admin, '/api/user/update', { id, realname: 'Li Si', phone: '', labelIds: [] });
    expect(upd.statusCode).toBe(200);
    const after = (await call(t.app, admin, '/api/user/get', { id })).json().data;
    expect(after).toMatchObject({ realname: 'Li Si', phone: null, labels: [], labelIds: [], email: 'Sam.Zhang@example.com' });
  });

  it('takes user labels from the catalogue only: user-kind labels, at most 5', async () => {
    const id = (await call(t.app, admin, '/api/user/insert', newUser({ labelIds: userLabels.slice(0, 5).map((l) => l.id) }))).json().data.id as number;
    expect((await call(t.app, admin, '/api/user/get', { id })).json().data.labels.map((l: { name: string }) => l.name)).toEqual(['java', 'sql', 'go', 'rust', 'c']);
    for (const labelIds of [[courseLabel], [99999999], [userLabels[0]!.id, courseLabel]]) {
      const res = await call(t.app, admin, '/api/user/insert', newUser({ labelIds }));
      expect(res.statusCode, JSON.stringify(labelIds)).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'labelIds' });
      const upd = await call(t.app, admin, '/api/user/update', { id, labelIds });
      expect(upd.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'labelIds' });
    }
    expect((await call(t.app, admin, '/api/user/update', { id, labelIds: userLabels.map((l) => l.id) })).json()).toMatchObject({
      msg: 'PARAMETER_INVALID',
      field: 'labelIds',
    });
    expect((await call(t.app, admin, '/api/user/get', { id })).json().data.labelIds).toHaveLength(5);
    // A label a user carries stays in the catalogue.
    const del = await call(t.app, admin, '/api/label/delete', { ids: [userLabels[0]!.id] });
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toBe('IN_USE_LABEL');
  });

  it('links a user to a position of the catalogue: listed with its name, filtered by it, renamed with it', async () => {
    const pos = (await call(t.app, admin, '/api/position/insert', { name: `Welder-${uniq()}` })).json().data.id as number;
    const missing = await call(t.app, admin, '/api/user/insert', newUser({ positionId: 99999999 }));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'positionId' });
    const body = newUser({ positionId: pos });
    const id = (await call(t.app, admin, '/api/user/insert', body)).json().data.id as number;
    await call(t.app, admin, '/api/user/insert', newUser());
    const listed = (await call(t.app, admin, '/api/user/list', { positionId: pos })).json().data;
    expect(listed.records.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(listed.records[0]).toMatchObject({ positionId: pos });
    await call(t.app, admin, '/api/position/update', { id: pos, name: 'Senior welder' });
    expect((await call(t.app, admin, '/api/user/get', { id })).json().data).toMatchObject({ positionId: pos, positionName: 'Senior welder' });
    expect((await call(t.app, admin, '/api/user/list', { keyword: body.username })).json().data.records[0]).toMatchObject({ positionName: 'Senior welder' });
    expect((await call(t.app, admin, '/api/position/delete', { ids: [pos] })).json().msg).toBe('IN_USE_POSITION');
    expect((await call(t.app, admin, '/api/user/update', { id, positionId: 99999999 })).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'positionId' });
    expect((await call(t.app, admin, '/api/user/update', { id, positionId: null })).statusCode).toBe(200);
    expect((await call(t.app, admin, '/api/user/get', { id })).json().data).toMatchObject({ positionId: null, positionName: null });
    expect((await call(t.app, admin, '/api/position/delete', { ids: [pos] })).statusCode).toBe(200);
  });

  it('gives the built-in student role when no roles are chosen', async () => {
    const res = await call(t.app, admin, '/api/user/insert', newUser());
    const got = (await call(t.app, admin, '/api/user/get', { id: res.json().data.id })).json().data;
    expect(got.roleIds).toHaveLength(1);
  });

  it('refuses bad input with PARAMETER_INVALID naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [newUser({ username: 'a' }), 'username'],
      [newUser({ username: 'x'.repeat(201) }), 'username'],
      [newUser({ cardNumber: 'ab' }), 'cardNumber'],
      [newUser({ cardNumber: 'ab-12' }), 'cardNumber'],
      [newUser({ phone: '138000000012' }), 'phone'],
      [newUser({ phone: '1380000a' }), 'phone'],
      [newUser({ email: 'not-an-email' }), 'email'],
      [newUser({ sex: 'other' }), 'sex'],
      [newUser({ labelIds: [1, 2, 3, 4, 5, 6] }), 'labelIds'],
      [newUser({ labelIds: [1, 1] }), 'labelIds'],
      [newUser({ labelIds: ['java'] }), 'labelIds.0'],
      [newUser({ orgId: 'abc' }), 'orgId'],
      [{ ...newUser(), realname: undefined }, 'realname'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t.app, admin, '/api/user/insert', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
  });

  it('refuses duplicates of user name (any case), e-mail, phone and card number', async () => {
    const base = newUser({ phone: '13900000009', email: 'dup@example.com' });
    expect((await call(t.app, admin, '/api/user/insert', base)).statusCode).toBe(200);
    const cases: [Record<string, unknown>, string, string][] = [
      [newUser({ username: base.username.toUpperCase() }), 'DUPLICATE_USER_NAME', 'username'],
      [newUser({ email: 'DUP@example.com' }), 'DUPLICATE_EMAIL', 'email'],
      [newUser({ phone: '13900000009' }), 'DUPLICATE_PHONE', 'phone'],
      [newUser({ cardNumber: base.cardNumber }), 'DUPLICATE_CARD_NUMBER', 'cardNumber'],
    ];
    for (const [body, msg, field] of cases) {
      const res = await call(t.app, admin, '/api/user/insert', body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ msg, field });
    }
    const checks = [
      ['/api/user/check-name', { username: base.username.toUpperCase() }],
      ['/api/user/check-phone', { phone: '13900000009' }],
      ['/api/user/check-email', { email: 'dup@EXAMPLE.com' }],
      ['/api/user/check-card', { cardNumber: base.cardNumber }],
    ] as const;
    for (const [url, body] of checks) expect((await call(t.app, admin, url, body)).json().data).toEqual({ available: false });
    expect((await call(t.app, admin, '/api/user/check-name', { username: `free-${uniq()}` })).json().data).toEqual({ available: true });
    // A user's own values are available to themself when editing.
    const [own] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, base.username));
    expect((await call(t.app, admin, '/api/user/check-name', { username: base.username, id: own!.id })).json().data).toEqual({ available: true });
    // Updating another user onto a taken phone is refused too.
    const other = (await call(t.app, admin, '/api/user/insert', newUser())).json().data.id;
    const res = await call(t.app, admin, '/api/user/update', { id: other, phone: '13900000009' });
    expect(res.json()).toMatchObject({ msg: 'DUPLICATE_PHONE', field: 'phone' });
  });

  it('lets exactly one of two concurrent inserts with the same user name win', async () => {
    const name = `race-${uniq()}`;
    const results = await Promise.all([
      call(t.app, admin, '/api/user/insert', newUser({ username: name })),
      call(t.app, admin, '/api/user/insert', newUser({ username: name.toUpperCase() })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().msg).toBe('DUPLICATE_USER_NAME');
  });

  it('refuses unknown organizations, roles and leaders', async () => {
    expect((await call(t.app, admin, '/api/user/insert', newUser({ orgId: 999999 }))).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'orgId' });
    expect((await call(t.app, admin, '/api/user/insert', newUser({ roleIds: [999999] }))).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'roleIds' });
    expect((await call(t.app, admin, '/api/user/insert', newUser({ leaderId: 999999 }))).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'leaderId' });
    expect((await call(t.app, admin, '/api/user/get', { id: 999999 })).statusCode).toBe(404);
  });
});

describe('data scope', () => {
  it('limits reads and changes to the caller’s subtree and reports what is beyond it', async () => {
    const east = await buildOrg(t.db, { name: `east-${uniq()}` });
    const west = await buildOrg(t.db, { name: `west-${uniq()}` });
    const inEast = await buildUser(t.db, { orgId: east.id });
    const inWest = await buildUser(t.db, { orgId: west.id });
    const mgr = await buildUser(t.db, {
      orgId: east.id,
      permissions: ['yhgl', 'yhgl:add', 'yhgl:modify', 'yhgl:delete', 'yhgl:freeze', 'yhgl:batch'],
      scopeOrgIds: [east.id],
    });
    const s = await login(t.app, mgr.username, mgr.password);

    expect((await call(t.app, s, '/api/user/get', { id: inEast.id })).statusCode).toBe(200);
    expect((await call(t.app, s, '/api/user/get', { id: inWest.id })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');

    const ins = await call(t.app, s, '/api/user/insert', newUser({ orgId: west.id }));
    expect(ins.statusCode).toBe(403);
    expect(ins.json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', field: 'orgId', data: { beyond: [west.id] } });
    const ins2 = await call(t.app, s, '/api/user/insert', newUser({ orgId: east.id, scopeOrgIds: [east.id, west.id] }));
    expect(ins2.json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', data: { beyond: [west.id] } });

    const upd = await call(t.app, s, '/api/user/update', { id: inWest.id, realname: 'hacked' });
    expect(upd.json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await dbUser(inWest.id))!.realname).toBe('Test User');
    const move = await call(t.app, s, '/api/user/update', { id: inEast.id, orgId: west.id });
    expect(move.json().msg).toBe('NO_DATA_PERMISSION_ERROR');

    const batch = await call(t.app, s, '/api/user/batch-update-department', { ids: [inEast.id, inWest.id], orgId: east.id });
    expect(batch.json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', data: { beyond: [inWest.id] } });
    expect((await dbUser(inWest.id))!.orgId).toBe(west.id);

    for (const url of ['/api/user/delete', '/api/user/freeze', '/api/user/reset-password']) {
      const res = await call(t.app, s, url, { ids: [inEast.id, inWest.id] });
      expect(res.json().msg, url).toBe('NO_DATA_PERMISSION_ERROR');
    }
    // Nothing changed on refusal.
    expect(await dbUser(inEast.id)).toMatchObject({ status: 'normal' });
    expect(await dbUser(inWest.id)).toMatchObject({ status: 'normal' });

    const dp = await call(t.app, s, '/api/user/data-permission/update', { id: inEast.id, orgIds: [west.id] });
    expect(dp.json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', data: { beyond: [west.id] } });
    expect((await call(t.app, s, '/api/user/data-permission/get', { id: inWest.id })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
  });

  it('moves users between departments in batch and sets data permission', async () => {
    const a = await buildOrg(t.db);
    const b = await buildOrg(t.db);
    const u1 = await buildUser(t.db, { orgId: a.id });
    const u2 = await buildUser(t.db, { orgId: a.id });
    expect((await call(t.app, admin, '/api/user/batch-update-department', { ids: [u1.id, u2.id], orgId: b.id })).statusCode).toBe(200);
    const listed = (await call(t.app, admin, '/api/user/list', { orgId: b.id })).json().data.records.map((r: { id: number }) => r.id);
    expect(listed.sort()).toEqual([u1.id, u2.id].sort());

    expect((await call(t.app, admin, '/api/user/data-permission/update', { id: u1.id, orgIds: [a.id, b.id] })).statusCode).toBe(200);
    expect((await call(t.app, admin, '/api/user/data-permission/get', { id: u1.id })).json().data).toEqual({ orgIds: [a.id, b.id].sort((x, y) => x - y) });
  });
});

describe('delete, freeze, reset password', () => {
  it('deletes in batch, but never the caller or the seeded admin', async () => {
    const u1 = await buildUser(t.db);
    const u2 = await buildUser(t.db);
    expect((await call(t.app, admin, '/api/user/delete', { ids: [u1.id, u2.id] })).statusCode).toBe(200);
    expect(await dbUser(u1.id)).toBeUndefined();
    const self = admin.user.id;
    const u3 = await buildUser(t.db);
    const res = await call(t.app, admin, '/api/user/delete', { ids: [u3.id, self] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: 'STATE_TRANSITION_INVALID', data: { ids: [self] } });
    expect(await dbUser(u3.id)).toBeDefined();

    const mgr = await buildUser(t.db, { permissions: ['yhgl', 'yhgl:freeze', 'yhgl:delete'] });
    const s = await login(t.app, mgr.username, mgr.password);
    expect((await call(t.app, s, '/api/user/freeze', { ids: [self] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await call(t.app, s, '/api/user/delete', { ids: [mgr.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await call(t.app, s, '/api/user/delete', { ids: [999999] })).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', data: { ids: [999999] } });
  });

  it('freezing ends the user’s sessions; unfreezing lets them sign in again', async () => {
    const u = await buildUser(t.db, { permissions: ['yhgl'] });
    const s = await login(t.app, u.username, u.password);
    expect((await call(t.app, s, '/api/user/list', {})).statusCode).toBe(200);
    expect((await call(t.app, admin, '/api/user/freeze', { ids: [u.id] })).statusCode).toBe(200);
    const old = await call(t.app, s, '/api/user/list', {});
    expect(old.statusCode).toBe(401);
    expect(old.json().msg).toBe('TOKEN_INVALID');
    expect((await postLogin(t.app, u.username, u.password)).json().msg).toBe('LOGIN_ERROR_USER_FREEZED');
    const frozen = (await call(t.app, admin, '/api/user/list', { status: 'frozen', keyword: u.username })).json().data.records;
    expect(frozen.map((r: { id: number }) => r.id)).toEqual([u.id]);
    expect((await call(t.app, admin, '/api/user/unfreeze', { ids: [u.id] })).statusCode).toBe(200);
    expect((await postLogin(t.app, u.username, u.password)).statusCode).toBe(200);
  });

  it('reset password: user name + 123 works, the old one does not, first login is forced', async () => {
    const u = await buildUser(t.db, { username: `Reset-${uniq()}`, permissions: ['kc-pc'] });
    await t.db.update(users).set({ failedLogins: 3 }).where(eq(users.id, u.id));
    expect((await call(t.app, admin, '/api/user/reset-password', { ids: [u.id] })).statusCode).toBe(200);
    expect((await postLogin(t.app, u.username, u.password)).json().msg).toBe('LOGIN_ERROR_NOT_MATCH');
    await t.db.update(users).set({ failedLogins: 0 }).where(eq(users.id, u.id));
    const res = await postLogin(t.app, u.username, `${u.username}123`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.firstLogin).toBe(true);
  });
});

describe('batch reset password', () => {
  it('resets many users at once; their new passwords are hashed right after', async () => {
    const many = await Promise.all(Array.from({ length: 20 }, (_, i) => buildUser(t.db, { username: `bulk-${uniq()}-${i}`, permissions: i === 0 ? ['kc-pc'] : undefined })));
    expect((await call(t.app, admin, '/api/user/reset-password', { ids: many.map((u) => u.id) })).statusCode).toBe(200);
    // The request handed them to the background hasher; await it rather than polling the table.
    await t.app.initialPasswords.idle();
    const rows = await t.db
      .select({ h: users.passwordHash })
      .from(users)
      .where(
        inArray(
          users.id,
          many.map((u) => u.id),
        ),
      );
    expect(rows.filter((r) => r.h === PENDING_PASSWORD_HASH)).toEqual([]);
    const res = await postLogin(t.app, many[0]!.username, `${many[0]!.username}123`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.firstLogin).toBe(true);
  });
});

describe('own profile', () => {
  it('updates the caller’s own info and avatar, checking uniqueness', async () => {
    const taken = await buildUser(t.db);
    await t.db.update(users).set({ email: 'taken@example.com' }).where(eq(users.id, taken.id));
    const u = await buildUser(t.db, { permissions: ['kc-pc'] });
    const s = await login(t.app, u.username, u.password);
    const res = await call(t.app, s, '/api/user/info/update', { realname: 'Me', email: 'me@example.com', phone: '13700000000', sex: 'female', city: 'Macau' });
    expect(res.statusCode).toBe(200);
    expect(await dbUser(u.id)).toMatchObject({ realname: 'Me', email: 'me@example.com', phone: '13700000000', sex: 'female', city: 'Macau' });
    expect((await call(t.app, s, '/api/user/info/update', { realname: 'Me', email: 'TAKEN@example.com' })).json().msg).toBe('DUPLICATE_EMAIL');
    expect((await call(t.app, s, '/api/user/avatar', { avatar: '/api/file/download/abc.png' })).statusCode).toBe(200);
    expect((await dbUser(u.id))!.avatar).toBe('/api/file/download/abc.png');
    expect((await call(t.app, s, '/api/user/avatar', { avatar: `https://x.io/${'a'.repeat(500)}` })).json().msg).toBe('PARAMETER_INVALID');
    expect((await call(t.app, null, '/api/user/avatar', { avatar: '/a.png' })).statusCode).toBe(401);
  });
});

describe('initial password', () => {
  it("tells the administrator the new account's initial password once, and it logs in (first login asks for a change)", async () => {
    const body = newUser({ cardNumber: `S-${uniq()}` });
    const res = await call(t.app, admin, '/api/student-user/insert', body);
    expect(res.statusCode, res.body).toBe(200);
    const { id, initialPassword } = res.json().data;
    expect(initialPassword).toBe(`${body.username}123`);
    const first = await postLogin(t.app, body.username, initialPassword, { entry: 'student' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.user.firstLogin).toBe(true);
    // The detail never repeats it.
    expect(JSON.stringify((await call(t.app, admin, '/api/student-user/get', { id })).json().data)).not.toContain(initialPassword);
  });
});

describe('students', () => {
  it('keeps students and employees apart and checks the student number', async () => {
    const res = await call(t.app, admin, '/api/student-user/insert', newUser({ cardNumber: 'S-2024-001' }));
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id;
    expect((await call(t.app, admin, '/api/student-user/get', { id })).json().data.kind).toBe('student');
    // A student is not reachable through the employee page and vice versa.
    expect((await call(t.app, admin, '/api/user/get', { id })).statusCode).toBe(404);
    expect((await call(t.app, admin, '/api/user/freeze', { ids: [id] })).statusCode).toBe(404);
    const list = (await call(t.app, admin, '/api/student-user/list', { size: 100 })).json().data.records;
    expect(list.every((r: { kind: string }) => r.kind === 'student')).toBe(true);
    expect(list.map((r: { id: number }) => r.id)).toContain(id);
    expect((await call(t.app, admin, '/api/student-user/insert', newUser({ cardNumber: 'S123' }))).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'cardNumber' });
  });
});

describe('authorization matrix', () => {
  it('needs the page code to read and the action code to change', async () => {
    const target = await buildUser(t.db);
    const matrix: [string, unknown, string][] = [
      ['/api/user/get', { id: target.id }, 'yhgl'],
      ['/api/user/insert', newUser(), 'yhgl:add'],
      ['/api/user/update', { id: target.id, realname: 'x' }, 'yhgl:modify'],
      ['/api/user/delete', { ids: [target.id] }, 'yhgl:delete'],
      ['/api/user/freeze', { ids: [target.id] }, 'yhgl:freeze'],
      ['/api/user/unfreeze', { ids: [target.id] }, 'yhgl:freeze'],
      ['/api/user/reset-password', { ids: [target.id] }, 'yhgl:modify'],
      ['/api/user/check-name', { username: 'x' }, 'yhgl'],
      ['/api/user/batch-update-department', { ids: [target.id], orgId: rootId }, 'yhgl:batch'],
      ['/api/user/data-permission/get', { id: target.id }, 'yhgl'],
      ['/api/user/data-permission/update', { id: target.id, orgIds: [] }, 'yhgl:modify'],
      ['/api/user/export', {}, 'yhgl:export'],
      ['/api/user/template', {}, 'yhgl:import'],
      ['/api/student-user/get', { id: target.id }, 'xsgl'],
      ['/api/student-user/insert', newUser(), 'xsgl:add'],
      ['/api/student-user/freeze', { ids: [target.id] }, 'xsgl:freeze'],
    ];
    // Someone holding every other code of both pages, but not the one needed.
    const all = ['yhgl', 'yhgl:add', 'yhgl:modify', 'yhgl:delete', 'yhgl:freeze', 'yhgl:batch', 'yhgl:export', 'yhgl:import', 'xsgl', 'xsgl:add', 'xsgl:freeze'];
    for (const [url, body, needed] of matrix) {
      const u = await buildUser(t.db, { permissions: all.filter((c) => c !== needed && !(needed.includes(':') ? false : c.startsWith(`${needed}:`))) });
      const s = await login(t.app, u.username, u.password);
      const res = await call(t.app, s, url, body);
      expect(res.statusCode, `${url} without ${needed}`).toBe(403);
      expect(res.json().msg).toBe('NO_PERMISSION_ERROR');
    }
    const none = await call(t.app, null, '/api/user/get', { id: target.id });
    expect(none.statusCode).toBe(401);
  });
});

describe('malformed bodies', () => {
  it('answers 4xx, never 5xx, on every route of the user, student and lecturer pages', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
    const mine = Object.entries(doc.paths).filter(([url, ops]) => /^\/api\/(user|student-user|teacher|teacher-level)\//.test(url) && ops.post?.requestBody);
    expect(mine.length).toBeGreaterThan(30);
    const garbage: unknown[] = [[], 'text', 12, null, { page: -1, size: 'x', ids: 'y', id: {}, title: 5, name: ['a'] }, { page: 'a'.repeat(5000), id: 'a'.repeat(5000) }];
    for (const [url] of mine) {
      for (const body of garbage) {
        const res = await t.app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { ...admin.headers(), 'content-type': 'application/json' } });
        expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)} -> ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
      }
    }
  });
});

let drSeq = 0;
const rolelessPerson = () => {
  drSeq += 1;
  return { username: `dr-${Date.now().toString(36)}-${drSeq}`, realname: 'Role Less', cardNumber: `C${Date.now().toString(36)}${drSeq}`, orgId: rootId };
};
const roleIdsOf = async (userId: number) => (await t.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.id);

describe('saving a user with "Roles" left empty', () => {
  it('gives a student the built-in student role, and the student can log in', async () => {
    const body = { ...rolelessPerson(), roleIds: [] };
    const res = await call(t.app, admin, '/api/student-user/insert', body);
    expect(res.statusCode).toBe(200);
    const studentRole = await findBuiltinRoleId(t.db, BUILTIN_ROLE_KEYS.student);
    expect(await roleIdsOf(res.json().data.id)).toEqual([studentRole]);
    const signIn = await postLogin(t.app, body.username, `${body.username}123`, { entry: 'student' });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.user.operateAuth).toContain('kc-pc');
  });

  it('gives an employee the built-in employee role (not the student role)', async () => {
    const body = { ...rolelessPerson(), roleIds: [] };
    const res = await call(t.app, admin, '/api/user/insert', body);
    expect(res.statusCode).toBe(200);
    const employeeRole = await findBuiltinRoleId(t.db, BUILTIN_ROLE_KEYS.employee);
    expect(employeeRole).not.toBeNull();
    expect(await roleIdsOf(res.json().data.id)).toEqual([employeeRole]);
    expect((await postLogin(t.app, body.username, `${body.username}123`, { entry: 'student' })).statusCode).toBe(200);
  });

  it('an edit that empties the roles gives the default role back instead of locking the person out', async () => {
    const role = await buildRole(t.db, { permissions: ['kc-pc'] });
    const body = { ...rolelessPerson(), roleIds: [role.id] };
    const { id } = (await call(t.app, admin, '/api/student-user/insert', body)).json().data;
    expect((await call(t.app, admin, '/api/student-user/update', { id, roleIds: [] })).statusCode).toBe(200);
    expect(await roleIdsOf(id)).toEqual([await findBuiltinRoleId(t.db, BUILTIN_ROLE_KEYS.student)]);
    expect((await postLogin(t.app, body.username, `${body.username}123`, { entry: 'student' })).statusCode).toBe(200);
  });

  it('a caller without the student codes may still hand out the default role', async () => {
    const u = await buildUser(t.db, { permissions: ['xsgl', 'xsgl:add'], scopeOrgIds: [rootId] });
    const clerk = await login(t.app, u.username, u.password);
    const res = await call(t.app, clerk, '/api/student-user/insert', { ...rolelessPerson(), roleIds: [] });
    expect(res.statusCode).toBe(200);
  });
});
