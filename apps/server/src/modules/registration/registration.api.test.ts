import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp, encrypt, login, call, postLogin, type Session } from '../../test/harness.js';
import { buildOrg, buildUser, rootOrg } from '../../test/factories.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { registrations } from './registration.schema.js';

const t = useTestApp();
let admin: Session;
let ipSeq = 0;
beforeAll(async () => {
  admin = await login(t.app);
});
/** A fresh captcha and its answer, read from the store as a person reads the picture. */
async function captcha() {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/captcha', remoteAddress: `10.9.${ipSeq % 250}.${(ipSeq++ % 250) + 1}` });
  const { captchaKey } = res.json().data;
  return { captchaKey, captcha: (await t.kv.get(`captcha:${captchaKey}`))! };
}

/** POST /api/auth/register from its own address (the route is rate limited per IP). */
async function register(body: Record<string, unknown>, opts: { ip?: string; captcha?: { captchaKey: string; captcha: string } } = {}) {
  const { password = 'Regist3r!', ...rest } = body;
  const payload = { realname: '张三', kind: 'student', ...(opts.captcha ?? (await captcha())), ...rest, password: await encrypt(t.app, String(password)) };
  const ip = opts.ip ?? `10.1.${Math.floor(ipSeq / 250) % 250}.${(ipSeq++ % 250) + 1}`;
  return t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: ip });
}

let seq = 0;
const person = (extra: Record<string, unknown> = {}) => {
  seq += 1;
  return { username: `reg-${seq}`, email: `reg-${seq}@example.com`, phone: `1390000${String(seq).padStart(4, '0')}`, ...extra };
};
const rowByName = async (username: string) => (await t.db.select().from(registrations).where(eq(registrations.username, username)))[0];

describe('GET /api/auth/departments', () => {
  it('lists the normal second-level organizations only, without signing in', async () => {
    const a = await buildOrg(t.db, { name: 'Dept-A' });
    const b = await buildOrg(t.db, { name: 'Dept-B' });
    const frozen = await buildOrg(t.db, { name: 'Dept-Frozen' });
    await t.db.update(organizations).set({ status: 'frozen' }).where(eq(organizations.id, frozen.id));
    await buildOrg(t.db, { name: 'Dept-A-1', parentId: a.id });
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/departments' });
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((d: { name: string }) => d.name);
    expect(names).toEqual(expect.arrayContaining(['Dept-A', 'Dept-B']));
    expect(names).not.toContain('Dept-Frozen');
    expect(names).not.toContain('Dept-A-1');
    expect(res.json().data.find((d: { name: string }) => d.name === 'Dept-B')).toEqual({ id: b.id, name: 'Dept-B' });
  });
});

describe('POST /api/auth/register', () => {
  it('creates a pending registration the new person cannot use yet', async () => {
    const dept = await buildOrg(t.db, { name: 'Reg-Dept' });
    const p = person({ orgId: dept.id });
    const res = await register(p);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'pending' });
    const row = await rowByName(p.username);
    expect(row).toMatchObject({ email: p.email, phone: p.phone, orgId: dept.id, kind: 'student', status: 'pending', userId: null });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await postLogin(t.app, p.username, 'Regist3r!')).json().msg).toBe('LOGIN_ERROR_NOT_MATCH');
  });

  it('checks the captcha once', async () => {
    const c = await captcha();
    const wrong = await register(person(), { captcha: { ...c, captcha: 'zzzz' } });
    expect(wrong.json()).toMatchObject({ msg: 'CAPTCHA_NOT_MATCH', field: 'captcha' });
    // The failed try used the captcha up: the right answer no longer works either.
    expect((await register(person(), { captcha: c })).json().msg).toBe('CAPTCHA_NOT_MATCH');
    expect((await register(person(), { captcha: { captchaKey: 'unknown', captcha: 'abcd' } })).json().msg).toBe('CAPTCHA_NOT_MATCH');
  });

  it('refuses weak passwords and bad fields', async () => {
    const weak = await register(person({ password: 'abcdefgh' }));
    expect(weak.json()).toMatchObject({ msg: 'PASSWORD_FORMAT_ERROR', field: 'password' });
    const third = await buildOrg(t.db, { parentId: (await buildOrg(t.db)).id });
    const cases: [Record<string, unknown>, string][] = [
      [person({ username: 'x' }), 'username'],
      [person({ username: 'u'.repeat(201) }), 'username'],
      [person({ realname: '' }), 'realname'],
      [person({ email: 'not-an-email' }), 'email'],
      [person({ email: `${'e'.repeat(195)}@x.com` }), 'email'],
      [person({ phone: '139000000001' }), 'phone'],
      [person({ phone: '139-0000' }), 'phone'],
      [person({ kind: 'visitor' }), 'kind'],
      [person({ orgId: 'abc' }), 'orgId'],
    ];
    for (const [body, field] of cases) {
      const res = await register(body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
    const deep = await register(person({ orgId: third.id }));
    expect(deep.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'orgId' });
    expect((await register(person({ orgId: 999999 }))).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'orgId' });
    expect(
      (
        await t.db
          .select()
          .from(registrations)
          .where(sql`username like 'reg-%' and status = 'pending'`)
      ).length,
    ).toBe(1);
  });

  it('refuses names, e-mails and phones an account already holds as duplicates', async () => {
    const user = await buildUser(t.db, { username: 'Taken-User' });
    await t.db.update(users).set({ email: 'taken@example.com', phone: '13811112222' }).where(eq(users.id, user.id));
    const cases: [Record<string, unknown>, string, string][] = [
      [person({ username: 'taken-user' }), 'DUPLICATE_USER_NAME', 'username'],
      [person({ email: 'TAKEN@example.com' }), 'DUPLICATE_EMAIL', 'email'],
      [person({ phone: '13811112222' }), 'DUPLICATE_PHONE', 'phone'],
    ];
    for (const [body, msg, field] of cases) {
      const res = await register(body);
      expect(res.statusCode, msg).toBe(409);
      expect(res.json()).toMatchObject({ msg, field });
    }
  });

  it('cannot submit a second registration while one with the same name, e-mail or phone awaits review', async () => {
    const first = person();
    expect((await register(first)).statusCode).toBe(200);
    for (const [body, field] of [
      [person({ username: first.username.toUpperCase() }), 'username'],
      [person({ email: first.email.toUpperCase() }), 'email'],
      [person({ phone: first.phone }), 'phone'],
    ] as const) {
      const res = await register(body);
      expect(res.statusCode, field).toBe(409);
      expect(res.json(), field).toMatchObject({ code: 3105, msg: 'REGISTRATION_SUBMIT_ERROR', field, data: { reason: 'pending' } });
    }
    // Once refused, the same person may register again.
    const { id } = (await register(person({ username: `${first.username}-again` }))).json().data;
    expect((await call(t.app, admin, '/api/registration/refuse', { ids: [id], reason: 'no' })).statusCode).toBe(200);
    expect((await register(person({ username: `${first.username}-again` }))).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous registrations of the same name through', async () => {
    const p = person();
    const results = await Promise.all([register(p), register({ ...p, email: 'other-race@example.com', phone: undefined })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({ msg: 'REGISTRATION_SUBMIT_ERROR', field: 'username', data: { reason: 'pending' } });
    expect((await t.db.select().from(registrations).where(eq(registrations.username, p.username))).length).toBe(1);
  });

  it('is rate limited per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await register({ username: 'x' }, { ip: '10.200.0.1' })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('approval', () => {
  it('approve creates a student who can sign in; a second approval is refused', async () => {
    const dept = await buildOrg(t.db, { name: 'Approve-Dept' });
    const p = person({ orgId: dept.id, realname: '李四' });
    const { id } = (await register(p)).json().data;
    const listed = (await call(t.app, admin, '/api/registration/list', { status: 'pending', keyword: p.username })).json().data;
    expect(listed.records).toEqual([expect.objectContaining({ id, username: p.username, realname: '李四', orgName: 'Approve-Dept', status: 'pending' })]);
    expect(JSON.stringify(listed)).not.toContain('argon2');

    const res = await call(t.app, admin, '/api/registration/approve', { ids: [id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.approved).toBe(1);
    const [u] = await t.db.select().from(users).where(eq(users.username, p.username));
    expect(u).toMatchObject({ realname: '李四', email: p.email, phone: p.phone, orgId: dept.id, kind: 'student', firstLogin: false, status: 'normal' });

    const signedIn = await postLogin(t.app, p.username, 'Regist3r!', { entry: 'student' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.user).toMatchObject({ username: p.username, authorities: ['学员'], firstLogin: false });
    expect(signedIn.json().data.user.operateAuth).toContain('kc-pc');
    // A student cannot use the management entry.
    expect((await postLogin(t.app, p.username, 'Regist3r!', { entry: 'manage' })).json().msg).toBe('NO_LOGIN_PERMISSION');

    const detail = (await call(t.app, admin, '/api/registration/get', { id })).json().data;
    expect(detail).toMatchObject({ status: 'approved', userId: u!.id, reviewedBy: admin.user.id, reviewerName: admin.user.realname });
    expect(detail.reviewedAt).not.toBeNull();

    const again = await call(t.app, admin, '/api/registration/approve', { ids: [id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('REPEAT_APPROVAL');
    expect((await t.db.select().from(users).where(eq(users.username, p.username))).length).toBe(1);
  });

  it('two administrators approving at once create one user', async () => {
    const p = person();
    const { id } = (await register(p)).json().data;
    const results = await Promise.all([1, 2, 3].map(() => call(t.app, admin, '/api/registration/approve', { ids: [id] })));
    expect(results.map((r) => r.json().msg).sort()).toEqual(['OK', 'REPEAT_APPROVAL', 'REPEAT_APPROVAL']);
    expect((await t.db.select().from(users).where(eq(users.username, p.username))).length).toBe(1);
  });

  it('a name taken meanwhile fails the whole batch and writes nothing', async () => {
    const good = person();
    const late = person();
    const goodId = (await register(good)).json().data.id;
    const lateId = (await register(late)).json().data.id;
    await buildUser(t.db, { username: late.username.toUpperCase() });
    const res = await call(t.app, admin, '/api/registration/approve', { ids: [goodId, lateId] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: 'DUPLICATE_USER_NAME', field: 'username' });
    expect((await t.db.select().from(users).where(eq(users.username, good.username))).length).toBe(0);
    expect((await rowByName(good.username))!.status).toBe('pending');
    expect((await rowByName(late.username))!.status).toBe('pending');
  });

  it('refuse keeps the reason; the person may register again', async () => {
    const p = person();
    const { id } = (await register(p)).json().data;
    for (const reason of ['', 'r'.repeat(201)]) {
      const bad = await call(t.app, admin, '/api/registration/refuse', { ids: [id], reason });
      expect(bad.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'reason' });
    }
    const res = await call(t.app, admin, '/api/registration/refuse', { ids: [id], reason: '信息不完整' });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, admin, '/api/registration/get', { id })).json().data).toMatchObject({ status: 'refused', reason: '信息不完整', userId: null });
    expect((await t.db.select().from(users).where(eq(users.username, p.username))).length).toBe(0);
    expect((await call(t.app, admin, '/api/registration/refuse', { ids: [id], reason: 'again' })).json().msg).toBe('REPEAT_APPROVAL');
    expect((await call(t.app, admin, '/api/registration/approve', { ids: [id] })).json().msg).toBe('REPEAT_APPROVAL');
    const refused = (await call(t.app, admin, '/api/registration/list', { status: 'refused', keyword: p.username })).json().data;
    expect(refused.total).toBe(1);
    expect((await register(p)).statusCode).toBe(200);
  });

  it('answers NOT_FOUND_ERROR for unknown ids and refuses bad input', async () => {
    expect((await call(t.app, admin, '/api/registration/get', { id: 987654 })).json().msg).toBe('NOT_FOUND_ERROR');
    expect((await call(t.app, admin, '/api/registration/approve', { ids: [987654] })).json().msg).toBe('NOT_FOUND_ERROR');
    for (const [url, body, field] of [
      ['/api/registration/list', { status: 'done' }, 'status'],
      ['/api/registration/list', { kind: 'guest' }, 'kind'],
      ['/api/registration/approve', { ids: [] }, 'ids'],
      ['/api/registration/get', { id: -1 }, 'id'],
    ] as const) {
      const res = await call(t.app, admin, url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
  });

  it('lists filter by kind and sort', async () => {
    const e = person({ kind: 'employee', cardNumber: `EMP-L-${seq}` });
    await register(e);
    const employees = (await call(t.app, admin, '/api/registration/list', { kind: 'employee', size: 100 })).json().data.records;
    expect(employees.map((r: { username: string }) => r.username)).toContain(e.username);
    expect(employees.every((r: { kind: string }) => r.kind === 'employee')).toBe(true);
    const asc = (await call(t.app, admin, '/api/registration/list', { sort: 'id', size: 500 })).json().data.records.map((r: { id: number }) => r.id);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
  });
});

describe('authorization and data scope', () => {
  it('needs zcyh to read and zcyh:approve to decide', async () => {
    const { id } = (await register(person())).json().data;
    const none = await buildUser(t.db, { permissions: ['yhgl'] });
    const reader = await buildUser(t.db, { permissions: ['zcyh'] });
    const [sNone, sReader] = await Promise.all([none, reader].map((u) => login(t.app, u.username, u.password)));
    const matrix: [string, unknown, Session | null, number][] = [
      ['/api/registration/list', {}, null, 401],
      ['/api/registration/list', {}, sNone, 403],
      ['/api/registration/get', { id }, sNone, 403],
      ['/api/registration/approve', { ids: [id] }, sNone, 403],
      ['/api/registration/list', {}, sReader, 200],
      ['/api/registration/get', { id }, sReader, 200],
      ['/api/registration/approve', { ids: [id] }, sReader, 403],
      ['/api/registration/refuse', { ids: [id], reason: 'no' }, sReader, 403],
    ];
    for (const [url, body, s, expected] of matrix) expect((await call(t.app, s, url, body)).statusCode, `${url} ${s?.user.username ?? 'anonymous'}`).toBe(expected);
    expect((await call(t.app, admin, '/api/registration/get', { id })).json().data.status).toBe('pending');
  });

  it("limits registrations to the administrator's organizations", async () => {
    const east = await buildOrg(t.db, { name: 'Scope-East' });
    const west = await buildOrg(t.db, { name: 'Scope-West' });
    const inEast = person({ orgId: east.id });
    const inWest = person({ orgId: west.id });
    const noOrg = person();
    const eastId = (await register(inEast)).json().data.id;
    const westId = (await register(inWest)).json().data.id;
    const noneId = (await register(noOrg)).json().data.id;

    const mgr = await buildUser(t.db, { orgId: east.id, permissions: ['zcyh', 'zcyh:approve'] });
    const s = await login(t.app, mgr.username, mgr.password);
    const seen = (await call(t.app, s, '/api/registration/list', { size: 500 })).json().data.records.map((r: { id: number }) => r.id);
    expect(seen).toContain(eastId);
    expect(seen).not.toContain(westId);
    expect(seen).not.toContain(noneId);
    expect((await call(t.app, s, '/api/registration/get', { id: westId })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await call(t.app, s, '/api/registration/get', { id: noneId })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    const outside = await call(t.app, s, '/api/registration/approve', { ids: [eastId, westId] });
    expect(outside.json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await call(t.app, s, '/api/registration/refuse', { ids: [noneId], reason: 'x' })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await rowByName(inEast.username))!.status).toBe('pending');
    expect((await call(t.app, s, '/api/registration/approve', { ids: [eastId] })).json().msg).toBe('OK');

    // An administrator whose scope holds the root sees registrations without an organization;
    // approving puts that person in the root organization.
    const rootMgr = await buildUser(t.db, { permissions: ['zcyh', 'zcyh:approve'], scopeOrgIds: [(await rootOrg(t.db)).id] });
    const sr = await login(t.app, rootMgr.username, rootMgr.password);
    const all = (await call(t.app, sr, '/api/registration/list', { size: 500 })).json().data.records.map((r: { id: number }) => r.id);
    expect(all).toEqual(expect.arrayContaining([westId, noneId]));
    expect((await call(t.app, sr, '/api/registration/approve', { ids: [noneId] })).json().msg).toBe('OK');
    const [u] = await t.db.select().from(users).where(eq(users.username, noOrg.username));
    expect(u!.orgId).toBe((await rootOrg(t.db)).id);
  });
});
