import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { LICENCE_ENV, testLicence } from '../../test/licence.js';
import { useTestApp, createTestApp, login, postLogin, call, signHeaders, encrypt, TEST_ADMIN_PASSWORD } from '../../test/harness.js';
import { buildRole, buildUser } from '../../test/factories.js';
import { writeSetting } from '../../platform/settings.js';
import { PENDING_PASSWORD_HASH } from '../../platform/auth/password.js';
import { users } from '../users/index.js';
import { loginLogs, operationLogs } from '../audit/index.js';

const t = useTestApp(LICENCE_ENV);

describe('login', () => {
  it('gives the public key as SPKI PEM', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/public-key' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('signs the seeded administrator in with every management code', async () => {
    const res = await postLogin(t.app, 'admin', TEST_ADMIN_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, msg: 'OK' });
    expect(body.data.access_token).toEqual(expect.any(String));
    expect(body.data.signNumber).toEqual(expect.any(String));
    expect(body.data.user).toMatchObject({ username: 'admin', firstLogin: false, avatar: null });
    expect(body.data.user.operateAuth).toEqual(expect.arrayContaining(['yhgl', 'rygl', 'xtgl', 'yhgl:add']));
    expect(body.data.user.authorities).toEqual(['系统管理员']);
  });

  it('refuses a plain-text password that is not RSA ciphertext', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/token',
      payload: { username: 'admin', password: TEST_ADMIN_PASSWORD, grant_type: 'password', scope: 'server' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('PASSWORD_DECRYPT_ERROR');
  });

  it('asks for a captcha after two failures and freezes the account at the fifth', async () => {
    const u = await buildUser(t.db, { permissions: ['yhgl'] });
    const first = await postLogin(t.app, u.username, 'wrong-1');
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ code: 2001, msg: 'LOGIN_ERROR_NOT_MATCH', data: { captchaRequired: false, remaining: 4 } });
    const second = await postLogin(t.app, u.username, 'wrong-2');
    expect(second.json().data).toMatchObject({ captchaRequired: true, remaining: 3 });

    // Even the right password needs the captcha now.
    const noCaptcha = await postLogin(t.app, u.username, u.password);
    expect(noCaptcha.json().msg).toBe('CAPTCHA_REQUIRED');
    const cap = (await t.app.inject({ method: 'GET', url: '/api/auth/captcha' })).json().data;
    expect(cap.svg).toContain('<svg');
    const wrongCaptcha = await postLogin(t.app, u.username, u.password, { captchaKey: cap.captchaKey, captcha: 'zzzz' });
    expect(wrongCaptcha.json().msg).toBe('CAPTCHA_NOT_MATCH');

    for (let i = 3; i <= 5; i++) {
      const c = (await t.app.inject({ method: 'GET', url: '/api/auth/captcha' })).json().data;
      const text = await t.kv.get(`captcha:${c.captchaKey}`);
      const res = await postLogin(t.app, u.username, `wrong-${i}`, { captchaKey: c.captchaKey, captcha: text });
      expect(res.json().msg).toBe(i < 5 ? 'LOGIN_ERROR_NOT_MATCH' : 'LOGIN_ERROR_OVER_MAX');
    }
    // Locked now: even the right password (with a captcha) is refused.
    const locked = await loginWithCaptcha(t.app, u.username, u.password);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().msg).toBe('LOGIN_ERROR_OVER_MAX');
  });

  it('lets a correct captcha through and resets the failure count', async () => {
    const u = await buildUser(t.db, { permissions: ['yhgl'] });
    await postLogin(t.app, u.username, 'x1');
    await postLogin(t.app, u.username, 'x2');
    const c = (await t.app.inject({ method: 'GET', url: '/api/auth/captcha' })).json().data;
    const text = await t.kv.get(`captcha:${c.captchaKey}`);
    const res = await postLogin(t.app, u.username, u.password, { captchaKey: c.captchaKey, captcha: text });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select({ n: users.failedLogins }).from(users).where(eq(users.id, u.id));
    expect(row!.n).toBe(0);
    // A captcha is single use.
    const reuse = await postLogin(t.app, u.username, 'x3', { captchaKey: c.captchaKey, captcha: text });
    expect(reuse.json().msg).toBe('LOGIN_ERROR_NOT_MATCH');
  });

  it('refuses frozen roles and roles that may not log in, each with its own code', async () => {
    const frozenRole = await buildRole(t.db, { permissions: ['yhgl'], status: 'frozen' });
    const a = await buildUser(t.db, { roleIds: [frozenRole.id] });
    expect((await postLogin(t.app, a.username, a.password)).json().msg).toBe('LOGIN_ERROR_ROLE_FREEZED');

    const noLogin = await buildRole(t.db, { permissions: ['yhgl'], canLogin: false });
    const b = await buildUser(t.db, { roleIds: [noLogin.id] });
    const res = await postLogin(t.app, b.username, b.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('NO_LOGIN_PERMISSION');

    const student = await buildUser(t.db, { permissions: ['kc-pc'] });
    expect((await postLogin(t.app, student.username, student.password, { entry: 'manage' })).json().msg).toBe('NO_LOGIN_PERMISSION');
    expect((await postLogin(t.app, student.username, student.password, { entry: 'student' })).statusCode).toBe(200);
  });

  it('writes a login log row for successes and failures', async () => {
    const u = await buildUser(t.db, { permissions: ['yhgl'] });
    await postLogin(t.app, u.username, 'nope');
    await login(t.app, u.username, u.password);
    const rows = await t.db.select().from(loginLogs).where(eq(loginLogs.username, u.username)).orderBy(loginLogs.id);
    expect(rows.map((r) => r.result)).toEqual(['LOGIN_ERROR_NOT_MATCH', 'OK']);
    expect(rows[1]!.ip).toBeTruthy();
  });

  it('answers LOGIN_FAILED (not a bare server error) when signing in fails for a reason no other code covers, and logs it', async () => {
    const u = await buildUser(t.db, { permissions: ['yhgl'] });
    // The password is right, but the session cannot be written (a broken database object, say).
    await t.db.execute(
      sql.raw(`create function fail_session() returns trigger language plpgsql as $$ begin raise exception 'broken'; end $$;
      create trigger fail_session before insert on user_sessions for each row when (new.user_id = ${u.id}) execute function fail_session();`),
    );
    try {
      const res = await postLogin(t.app, u.username, u.password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'LOGIN_FAILED' });
      expect(res.body).not.toContain('broken');
    } finally {
      await t.db.execute(sql.raw('drop trigger fail_session on user_sessions; drop function fail_session();'));
    }
    const rows = await t.db.select().from(loginLogs).where(eq(loginLogs.username, u.username));
    expect(rows.map((r) => r.result)).toEqual(['LOGIN_FAILED']);
    expect((await postLogin(t.app, u.username, u.password)).statusCode).toBe(200);
  });
});

describe('signed calls and sessions', () => {
  it('needs the bearer token and a valid X-Sign within five minutes', async () => {
    const s = await login(t.app);
    expect((await call(t.app, s, '/api/user/list', {})).statusCode).toBe(200);
    expect((await call(t.app, null, '/api/user/list', {})).json().msg).toBe('UNAUTHENTICATED');

    const h = s.headers();
    const noSign = await t.app.inject({ method: 'POST', url: '/api/user/list', payload: {}, headers: { authorization: h.authorization } });
    expect(noSign.statusCode).toBe(401);
    expect(noSign.json().msg).toBe('UNAUTHENTICATED');

    const badSign = await t.app.inject({ method: 'POST', url: '/api/user/list', payload: {}, headers: { ...h, 'x-sign': 'a'.repeat(64) } });
    expect(badSign.statusCode).toBe(401);

    const old = signHeaders(s.user.id, s.signNumber, s.access_token, 'hanlin', Date.now() - 6 * 60_000);
    const late = await t.app.inject({ method: 'POST', url: '/api/user/list', payload: {}, headers: old });
    expect(late.statusCode).toBe(401);
    // A well-signed call from a clock that is off is told the server's time (the client corrects and retries).
    expect(late.json()).toMatchObject({ msg: 'UNAUTHENTICATED', field: 'X-Timestamp' });
    expect(Math.abs(late.json().data.serverTime - Date.now())).toBeLessThan(5_000);
    const ahead = signHeaders(s.user.id, s.signNumber, s.access_token, 'hanlin', Date.now() + 10 * 60_000);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/list', payload: {}, headers: ahead })).json()).toMatchObject({ field: 'X-Timestamp' });
    // A bad sign learns nothing about the time.
    expect((await t.app.inject({ method: 'POST', url: '/api/user/list', payload: {}, headers: { ...old, 'x-sign': 'a'.repeat(64) } })).json().data).toBeNull();

    const forged = await t.app.inject({ method: 'POST', url: '/api/user/list', payload: {}, headers: { ...h, authorization: 'Bearer not-a-token' } });
    expect(forged.json().msg).toBe('TOKEN_INVALID');
  });

  it('tells its time in milliseconds on every API answer (X-Server-Time), refusals included', async () => {
    const before = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const refused = await call(t.app, null, '/api/user/list', {});
    for (const r of [res, refused]) {
      const at = Number(r.headers['x-server-time']);
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(Date.now());
    }
  });

  it('revokes the token at logout and logs the operation', async () => {
    const s = await login(t.app);
    const wrongId = await call(t.app, s, '/api/auth/logout', { id: s.user.id + 999, platformType: 1 });
    expect(wrongId.statusCode).toBe(403);
    const out = await call(t.app, s, '/api/auth/logout', { id: s.user.id, platformType: 1 });
    expect(out.json()).toMatchObject({ code: 200, msg: 'OK' });
    const after = await call(t.app, s, '/api/user/list', {});
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('TOKEN_INVALID');
    const logs = await t.db.select().from(operationLogs).where(eq(operationLogs.operation, 'auth.logout'));
    expect(logs.some((l) => l.userId === s.user.id && l.status === 200)).toBe(true);
  });

  it('answers 2095 to the older session when the same user signs in again', async () => {
    const u = await buildUser(t.db, { permissions: ['yhgl'] });
    const first = await login(t.app, u.username, u.password);
    const second = await login(t.app, u.username, u.password);
    const old = await call(t.app, first, '/api/user/list', {});
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ code: 2095, msg: 'REPEAT_LOGIN_ERROR' });
    expect((await call(t.app, second, '/api/user/list', {})).statusCode).toBe(200);
  });

  it('keeps both sessions when single sign-on is switched off', async () => {
    await writeSetting(t.db, 'login', { singleSignOn: false });
    try {
      // The settings cache lives 5 s; a fresh app reads the new value at once.
      const other = await createTestAppSharingDb();
      const u = await buildUser(t.db, { permissions: ['yhgl'] });
      const first = await login(other, u.username, u.password);
      await login(other, u.username, u.password);
      expect((await call(other, first, '/api/user/list', {})).statusCode).toBe(200);
      await other.close();
    } finally {
      await writeSetting(t.db, 'login', {});
    }
  });

  it('records a session as seen by a call more than a minute after the last, once a minute at most', async () => {
    const u = await buildUser(t.db, { permissions: ['yhgl'] });
    const s = await login(t.app, u.username, u.password);
    const seenAgo = async () => {
      const { rows } = await t.db.execute<{ s: number }>(sql`select extract(epoch from now() - last_seen_at)::float8 as s from user_sessions where user_id = ${u.id}`);
      return rows[0]!.s;
    };
    await t.db.execute(sql`update user_sessions set last_seen_at = now() - interval '5 minutes' where user_id = ${u.id}`);
    const fresh = await createTestAppSharingDb();
    try {
      expect((await call(fresh, s, '/api/user/list', {})).statusCode).toBe(200);
      expect(await seenAgo()).toBeLessThan(30);
      // Within the minute the node writes nothing more (its cached session still tells the older time).
      await t.db.execute(sql`update user_sessions set last_seen_at = now() - interval '5 minutes' where user_id = ${u.id}`);
      expect((await call(fresh, s, '/api/user/list', {})).statusCode).toBe(200);
      expect(await seenAgo()).toBeGreaterThan(240);
    } finally {
      await fresh.close();
    }
  });

  it('expires a session idle longer than the configured hours', async () => {
    const u = await buildUser(t.db, { permissions: ['yhgl'] });
    const s = await login(t.app, u.username, u.password);
    await t.db.execute(sql`update user_sessions set last_seen_at = now() - interval '13 hours' where user_id = ${u.id}`);
    // Principals are cached for seconds per node; a node without the cache entry sees the expiry.
    const fresh = await createTestAppSharingDb();
    const res = await call(fresh, s, '/api/user/list', {});
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('TOKEN_INVALID');
    await fresh.close();
  });
});

describe('licence', () => {
  it('refuses logins past the online-user limit and after expiry with HTTP 460', async () => {
    const fresh = await createTestAppSharingDb();
    try {
      await t.db.execute(sql`update user_sessions set ended_at = now(), end_reason = 'logout' where ended_at is null`);
      const a = await buildUser(t.db, { permissions: ['yhgl'] });
      const b = await buildUser(t.db, { permissions: ['yhgl'] });
      await writeSetting(t.db, 'licence', { document: testLicence({ maxOnline: 1 }) });
      await login(fresh, a.username, a.password);
      const res = await postLogin(fresh, b.username, b.password);
      expect(res.statusCode).toBe(460);
      expect(res.json().msg).toBe('LICENSE_ONLINE_COUNT_ERROR');
      // The user already online may sign in again.
      expect((await postLogin(fresh, a.username, a.password)).statusCode).toBe(200);

      await writeSetting(t.db, 'licence', { document: testLicence({ expiresAt: '2020-01-01T00:00:00Z' }) });
      const fresh2 = await createTestAppSharingDb();
      const expired = await postLogin(fresh2, b.username, b.password);
      expect(expired.statusCode).toBe(460);
      expect(expired.json().msg).toBe('LICENSE_EXPIRE_ERROR');
      await fresh2.close();

      // A document altered after signing (a limit raised in the database) does not verify: LICENSE_ERROR.
      const [body, sig] = testLicence({ maxOnline: 1 }).split('.');
      const raised = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), maxOnline: 1000 })).toString('base64url');
      await writeSetting(t.db, 'licence', { document: `${raised}.${sig}` });
      const fresh3 = await createTestAppSharingDb();
      const tampered = await postLogin(fresh3, b.username, b.password);
      expect(tampered.statusCode).toBe(460);
      expect(tampered.json().msg).toBe('LICENSE_ERROR');
      // Whoever installs licences still gets in to renew it.
      const keeper = await buildUser(t.db, { permissions: ['xkz', 'xkz:modify'] });
      expect((await postLogin(fresh3, keeper.username, keeper.password)).statusCode).toBe(200);
      await fresh3.close();
    } finally {
      await writeSetting(t.db, 'licence', {});
      await fresh.close();
    }
  });
});

describe('passwords', () => {
  it('forces the first-login change and enforces the password rules', async () => {
    const u = await buildUser(t.db, { permissions: ['yhgl'], firstLogin: true, password: 'Start-123' });
    const s = await login(t.app, u.username, u.password);
    expect(s.user.firstLogin).toBe(true);
    const blocked = await call(t.app, s, '/api/user/list', {});
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().msg).toBe('FIRST_LOGIN_CHANGE_PASSWORD');

    const change = async (oldPw: string, newPw: string) =>
      call(t.app, s, '/api/auth/password/modify', { oldPassword: await encrypt(t.app, oldPw), newPassword: await encrypt(t.app, newPw) });
    expect((await change('bad-old', 'Good-pass1')).json().msg).toBe('OLD_PASSWORD_ERROR');
    expect((await change('Start-123', 'short')).json().msg).toBe('PASSWORD_FORMAT_ERROR');
    expect((await change('Start-123', 'onlyletters')).json().msg).toBe('PASSWORD_FORMAT_ERROR');
    expect((await change('Start-123', 'a1'.repeat(11))).json().msg).toBe('PASSWORD_FORMAT_ERROR');
    expect((await change('Start-123', 'Start-123')).json().msg).toBe('PASSWORD_SAME_AS_OLD');
    expect((await change('Start-123', 'New-pass1')).statusCode).toBe(200);
    expect((await call(t.app, s, '/api/user/list', {})).statusCode).toBe(200);
    expect((await postLogin(t.app, u.username, 'Start-123')).statusCode).toBe(400);
    expect((await postLogin(t.app, u.username, 'New-pass1')).json().data.user.firstLogin).toBe(false);
  });
});

describe('bad input', () => {
  const base = { username: 'admin', password: 'x', grant_type: 'password', scope: 'server' };
  it.each([
    ['missing username', { ...base, username: undefined }, 'username'],
    ['wrong type', { ...base, username: 42 }, 'username'],
    ['over-long name', { ...base, username: 'a'.repeat(201) }, 'username'],
    ['unknown grant type', { ...base, grant_type: 'client_credentials' }, 'grant_type'],
    ['unknown scope', { ...base, scope: 'all' }, 'scope'],
  ])('refuses a login body with %s and names the field', async (_n, payload, field) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/oauth/token', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1001, msg: 'PARAMETER_INVALID', field });
    expect(res.json().requestId).toEqual(expect.any(String));
  });

  it('refuses bodies over 1 MiB, broken JSON and wrong list parameters without changing anything', async () => {
    const big = await t.app.inject({ method: 'POST', url: '/api/auth/oauth/token', payload: { ...base, username: 'a'.repeat(1_100_000) } });
    expect(big.statusCode).toBe(413);
    expect(big.json().msg).toBe('REQUEST_TOO_LARGE');
    const broken = await t.app.inject({ method: 'POST', url: '/api/auth/oauth/token', payload: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().msg).toBe('PARAMETER_INVALID');
    const s = await login(t.app);
    for (const body of [{ page: 0 }, { size: 10_000 }, { sort: 'drop table' }, { status: 'deleted' }, { keyword: 'k'.repeat(300) }, { page: 'one' }]) {
      const res = await call(t.app, s, '/api/user/list', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toBe('PARAMETER_INVALID');
    }
  });

  it('answers unknown paths with NOT_FOUND_ERROR and never leaks internals', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nothing/here', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 1005, msg: 'NOT_FOUND_ERROR' });
    expect(res.headers['x-request-id']).toBeTruthy();
  });
});

async function createTestAppSharingDb() {
  // A second app instance on the same database, as a second node would be.
  const { buildApp } = await import('../../app.js');
  const { createMemoryKv } = await import('../../platform/kv.js');
  const { createLocalStorage } = await import('../../platform/storage.js');
  const app = await buildApp({ config: t.config, db: t.db, kv: createMemoryKv(), storage: createLocalStorage(t.config.dataDir), logger: false });
  await app.ready();
  return app;
}

describe('rate limits', () => {
  it('answers 429 TOO_MANY_REQUESTS past the login limit per IP and minute', async () => {
    const limited = await createTestApp({ LOGIN_RATE_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await postLogin(limited.app, 'admin', 'wrong-password')).statusCode);
      expect(codes).toEqual([400, 400, 400, 429]);
      const res = await postLogin(limited.app, 'admin', TEST_ADMIN_PASSWORD);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 1009, msg: 'TOO_MANY_REQUESTS' });
    } finally {
      await limited.close();
    }
  });
});

describe('login answer', () => {
  it('gives the avatar as a signed link an <img> can load', async () => {
    const u = await buildUser(t.db, { permissions: ['yhgl'] });
    // A reference stored before files had public ids (serial id) still gives a link by public id.
    const { rows } = await t.db.execute<{ id: number; public_id: string }>(
      sql`insert into files (key, original_name, mime, size) values ('files/a.png', 'a.png', 'image/png', 1) returning id, public_id`,
    );
    await t.db
      .update(users)
      .set({ avatar: `/api/upload/file/${rows[0]!.id}` })
      .where(eq(users.id, u.id));
    const s = await login(t.app, u.username, u.password);
    expect(s.user.avatar).toMatch(new RegExp(`^/api/upload/public/${rows[0]!.public_id}\\?exp=\\d+&sig=[0-9a-f]{64}$`));
  });
});

describe('accounts created in bulk', () => {
  it('accept the initial password while their hash is pending, and store a real hash at that login', async () => {
    const u = await buildUser(t.db, { permissions: ['yhgl'] });
    await t.db.update(users).set({ passwordHash: PENDING_PASSWORD_HASH, firstLogin: true }).where(eq(users.id, u.id));
    expect((await postLogin(t.app, u.username, 'guess-123')).json().msg).toBe('LOGIN_ERROR_NOT_MATCH');
    const res = await postLogin(t.app, u.username, `${u.username}123`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.firstLogin).toBe(true);
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, u.id));
    expect(row!.hash).toMatch(/^\$argon2id\$/);
  });
});

/** A login with a valid captcha written straight into kv (the captcha route is rate limited). */
let captchaSeq = 0;
async function loginWithCaptcha(app: typeof t.app, username: string, password: string) {
  const key = `test-${captchaSeq++}`;
  await t.kv.set(`captcha:${key}`, 'abcd', 60_000);
  return postLogin(app, username, password, { captchaKey: key, captcha: 'abcd' });
}
const answerOf = (res: { statusCode: number; json(): any }) => {
  const { requestId: _r, ...rest } = res.json();
  return { status: res.statusCode, ...rest };
};

describe('self-service password change', () => {
  it('ends the other sessions of the user and keeps the one that changed it', async () => {
    await writeSetting(t.db, 'login', { singleSignOn: false });
    const other = await createTestAppSharingDb();
    try {
      const u = await buildUser(t.db, { permissions: ['yhgl'], password: 'Start-123' });
      const here = await login(other, u.username, 'Start-123');
      const elsewhere = await login(other, u.username, 'Start-123');
      expect((await call(other, elsewhere, '/api/user/list', {})).statusCode).toBe(200);
      const res = await call(other, here, '/api/auth/password/modify', {
        oldPassword: await encrypt(other, 'Start-123'),
        newPassword: await encrypt(other, 'New-pass1'),
      });
      expect(res.statusCode).toBe(200);
      expect((await call(other, here, '/api/user/list', {})).statusCode).toBe(200);
      const stale = await call(other, elsewhere, '/api/user/list', {});
      expect(stale.statusCode).toBe(401);
      expect(stale.json().msg).toBe('TOKEN_INVALID');
    } finally {
      await other.close();
      await writeSetting(t.db, 'login', {});
    }
  });
});

describe('login does not reveal account state', () => {
  it('answers an unknown name exactly like a wrong password of a real account, up to the limit', async () => {
    const u = await buildUser(t.db, { permissions: ['yhgl'] });
    const unknown = `nobody-${u.id}`;
    const real: unknown[] = [];
    const ghost: unknown[] = [];
    // Two attempts without captcha, then three wrong passwords with one, then the right one.
    for (const [i, pw] of ['w1', 'w2', 'w3', 'w4', 'w5'].entries()) {
      const send = i < 2 ? postLogin : (app: typeof t.app, n: string, p: string) => loginWithCaptcha(app, n, p);
      real.push(answerOf(await send(t.app, u.username, pw)));
      ghost.push(answerOf(await send(t.app, unknown, pw)));
    }
    real.push(answerOf(await postLogin(t.app, u.username, u.password)));
    ghost.push(answerOf(await postLogin(t.app, unknown, u.password)));
    real.push(answerOf(await loginWithCaptcha(t.app, u.username, u.password)));
    ghost.push(answerOf(await loginWithCaptcha(t.app, unknown, u.password)));
    expect(ghost).toEqual(real);
    expect(real.map((a: any) => a.msg)).toEqual([
      'LOGIN_ERROR_NOT_MATCH',
      'LOGIN_ERROR_NOT_MATCH',
      'LOGIN_ERROR_NOT_MATCH',
      'LOGIN_ERROR_NOT_MATCH',
      'LOGIN_ERROR_OVER_MAX',
      'CAPTCHA_REQUIRED',
      'LOGIN_ERROR_OVER_MAX',
    ]);
    expect((real[0] as any).data).toEqual({ captchaRequired: false, remaining: 4 });
  });

  it('tells a frozen or expired account only to whoever knows its password', async () => {
    const frozen = await buildUser(t.db, { permissions: ['yhgl'], status: 'frozen' });
    const plain = await buildUser(t.db, { permissions: ['yhgl'] });
    const wrongFrozen = await postLogin(t.app, frozen.username, 'not-it-1');
    expect(answerOf(wrongFrozen)).toEqual(answerOf(await postLogin(t.app, plain.username, 'not-it-1')));
    expect(wrongFrozen.json().msg).toBe('LOGIN_ERROR_NOT_MATCH');
    const right = await postLogin(t.app, frozen.username, frozen.password);
    expect(right.statusCode).toBe(403);
    expect(right.json().msg).toBe('LOGIN_ERROR_USER_FREEZED');

    const expired = await buildUser(t.db, { permissions: ['yhgl'] });
    await t.db
      .update(users)
      .set({ validUntil: new Date('2020-01-01T00:00:00Z') })
      .where(eq(users.id, expired.id));
    expect((await postLogin(t.app, expired.username, 'not-it-1')).json().msg).toBe('LOGIN_ERROR_NOT_MATCH');
    expect((await postLogin(t.app, expired.username, expired.password)).json().msg).toBe('ACCOUNT_EXPIRED');
  });
});

describe('lockout after wrong passwords', () => {
  async function lockOut(username: string) {
    for (let i = 1; i <= 5; i++) {
      const res = await loginWithCaptcha(t.app, username, `wrong-${i}`);
      expect(res.json().msg).toBe(i < 5 ? 'LOGIN_ERROR_NOT_MATCH' : 'LOGIN_ERROR_OVER_MAX');
    }
  }
  const expireLock = (id: number) => t.db.execute(sql`update users set locked_until = now() - interval '1 second' where id = ${id}`);

  it('locks for the configured minutes without ending open sessions, then lets the right password in', async () => {
    const u = await buildUser(t.db, { permissions: ['yhgl'] });
    const open = await login(t.app, u.username, u.password);
    await lockOut(u.username);
    // Even the right password is refused while the lock runs; the open session goes on.
    expect((await loginWithCaptcha(t.app, u.username, u.password)).json().msg).toBe('LOGIN_ERROR_OVER_MAX');
    expect((await call(t.app, open, '/api/user/list', {})).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.status).toBe('normal');
    expect(row!.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(row!.lockedUntil!.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);

    await expireLock(u.id);
    const after = await postLogin(t.app, u.username, u.password);
    expect(after.statusCode).toBe(200);
    // A fresh start: the next wrong password has the whole allowance again.
    expect((await postLogin(t.app, u.username, 'again-wrong')).json().data).toEqual({ captchaRequired: false, remaining: 4 });
  });

  it('never lifts an administrator freeze, and an administrator unfreeze lifts a lock early', async () => {
    const admin = await login(t.app);
    const u = await buildUser(t.db, { permissions: ['yhgl'] });
    await lockOut(u.username);
    expect((await call(t.app, admin, '/api/user/freeze', { ids: [u.id] })).statusCode).toBe(200);
    await expireLock(u.id);
    expect((await loginWithCaptcha(t.app, u.username, u.password)).json().msg).toBe('LOGIN_ERROR_USER_FREEZED');
    expect((await call(t.app, admin, '/api/user/unfreeze', { ids: [u.id] })).statusCode).toBe(200);
    expect((await postLogin(t.app, u.username, u.password)).statusCode).toBe(200);

    const v = await buildUser(t.db, { permissions: ['yhgl'] });
    await lockOut(v.username);
    expect((await call(t.app, admin, '/api/user/unfreeze', { ids: [v.id] })).statusCode).toBe(200);
    expect((await postLogin(t.app, v.username, v.password)).statusCode).toBe(200);
  });

  it('with lockMinutes 0 freezes the account until an administrator unfreezes it', async () => {
    const admin = await login(t.app);
    const current = (await call(t.app, admin, '/api/settings/login/get')).json().data;
    expect(current.lockMinutes).toBe(30);
    expect((await call(t.app, admin, '/api/settings/login/save', { ...current, lockMinutes: 0 })).statusCode).toBe(200);
    try {
      const u = await buildUser(t.db, { permissions: ['yhgl'] });
      await lockOut(u.username);
      const [row] = await t.db.select().from(users).where(eq(users.id, u.id));
      expect(row!.status).toBe('frozen');
      expect((await loginWithCaptcha(t.app, u.username, u.password)).json().msg).toBe('LOGIN_ERROR_USER_FREEZED');
      expect((await call(t.app, admin, '/api/user/unfreeze', { ids: [u.id] })).statusCode).toBe(200);
      expect((await postLogin(t.app, u.username, u.password)).statusCode).toBe(200);
    } finally {
      await call(t.app, admin, '/api/settings/login/save', current);
    }
  });

  it('tells the user administrators about a lock by in-site message, not other users', async () => {
    const u = await buildUser(t.db, { permissions: ['kc-pc'] });
    const bystander = await buildUser(t.db, { permissions: ['kc-pc'] });
    const admin = await login(t.app);
    await lockOut(u.username);
    // The notice is sent after the answer.
    const note = await vi.waitFor(async () => {
      const mine = (await call(t.app, admin, '/api/message/my', { page: 1, size: 50 })).json().data;
      const found = mine.records.find((m: { kind: string; content: string }) => m.kind === 'account' && m.content.includes(u.username));
      expect(found).toBeDefined();
      return found;
    });
    expect(note.title).toContain(u.username);
    const b = await login(t.app, bystander.username, bystander.password);
    expect((await call(t.app, b, '/api/message/unread-count')).json().data).toBe(0);
  });
});
