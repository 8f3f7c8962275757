import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { useTestApp, call, encrypt, login, postLogin } from '../../test/harness.js';
import { buildRole, buildUser } from '../../test/factories.js';
import { BUILTIN_ROLE_KEYS, findBuiltinRoleId } from '../roles/index.js';
import { users } from '../users/index.js';
import { smsOutbox } from '../../platform/sms.schema.js';

const t = useTestApp();
const builtin = (key: (typeof BUILTIN_ROLE_KEYS)[keyof typeof BUILTIN_ROLE_KEYS]) => findBuiltinRoleId(t.db, key).then((id) => id!);

describe('which entry lets whom in', () => {
  it('refuses a lecturer at the administrator entry, pointing to the student entry, and lets them in there with the lecturer end', async () => {
    const lecturer = await buildUser(t.db, { roleIds: [await builtin(BUILTIN_ROLE_KEYS.lecturer)] });
    const manage = await postLogin(t.app, lecturer.username, lecturer.password, { entry: 'manage' });
    expect(manage.statusCode).toBe(403);
    expect(manage.json()).toMatchObject({ msg: 'NO_LOGIN_PERMISSION', data: { entry: 'student' } });
    const student = await postLogin(t.app, lecturer.username, lecturer.password, { entry: 'student' });
    expect(student.statusCode).toBe(200);
    expect(student.json().data.user.operateAuth).toEqual(expect.arrayContaining(['pxgl-js', 'kc-pc']));
  });

  it('does the same for a class teacher', async () => {
    const ct = await buildUser(t.db, { roleIds: [await builtin(BUILTIN_ROLE_KEYS.classTeacher)] });
    expect((await postLogin(t.app, ct.username, ct.password, { entry: 'manage' })).json()).toMatchObject({ msg: 'NO_LOGIN_PERMISSION', data: { entry: 'student' } });
    expect((await postLogin(t.app, ct.username, ct.password, { entry: 'student' })).json().data.user.operateAuth).toContain('pxgl-bzr');
  });
});

describe('LOGIN_ERROR_ROLE_FREEZED names a frozen role as the reason', () => {
  it('when the frozen role is the only one that could log in (a non-login role beside it)', async () => {
    const frozen = await buildRole(t.db, { permissions: ['kc-pc'], status: 'frozen' });
    const noLogin = await buildRole(t.db, { permissions: ['kc-pc'], canLogin: false });
    const u = await buildUser(t.db, { roleIds: [frozen.id, noLogin.id] });
    expect((await postLogin(t.app, u.username, u.password)).json().msg).toBe('LOGIN_ERROR_ROLE_FREEZED');
  });

  it('when the administrator entry is refused because the management role is frozen (the student role still works)', async () => {
    const frozenAdmin = await buildRole(t.db, { permissions: ['yhgl'], status: 'frozen' });
    const u = await buildUser(t.db, { roleIds: [frozenAdmin.id, await builtin(BUILTIN_ROLE_KEYS.student)] });
    expect((await postLogin(t.app, u.username, u.password, { entry: 'manage' })).json().msg).toBe('LOGIN_ERROR_ROLE_FREEZED');
    expect((await postLogin(t.app, u.username, u.password, { entry: 'student' })).statusCode).toBe(200);
  });

  it('not when no role could have let the user in anyway', async () => {
    const noLogin = await buildRole(t.db, { permissions: ['kc-pc'], canLogin: false });
    const u = await buildUser(t.db, { roleIds: [noLogin.id] });
    expect((await postLogin(t.app, u.username, u.password)).json().msg).toBe('NO_LOGIN_PERMISSION');
  });
});

describe('form-encoded calls', () => {
  it('accepts the OAuth login form-encoded', async () => {
    const u = await buildUser(t.db, { permissions: ['yhgl'] });
    const form = new URLSearchParams({ username: u.username, password: await encrypt(t.app, u.password), grant_type: 'password', scope: 'server' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.username).toBe(u.username);
  });

  it('downloads a file by its id sent form-encoded', async () => {
    const u = await buildUser(t.db, { permissions: ['kc-pc'] });
    const s = await login(t.app, u.username, u.password);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(64)]);
    const up = await call(t.app, s, '/api/upload/base64', { name: 'a.png', data: png.toString('base64'), purpose: 'avatar' });
    expect(up.statusCode, up.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/download',
      headers: { ...s.headers(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ id: up.json().data.id }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a form-encoded body on a call the spec sends as JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset/check',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=admin',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('PARAMETER_INVALID');
  });
});

describe('signing in with a texted code', () => {
  const lastCode = async (phone: string) => (await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1))[0];

  it('texts a code (logged without a provider) that signs the phone’s owner in once', async () => {
    const u = await buildUser(t.db, { permissions: ['kc-pc'] });
    const phone = `139${String(u.id).padStart(8, '0')}`;
    await t.db.update(users).set({ phone }).where(eq(users.id, u.id));
    const sent = await t.app.inject({ method: 'POST', url: '/api/auth/phone-code', payload: { phone, purpose: 'login' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const row = await lastCode(phone);
    expect(row).toMatchObject({ purpose: 'login', provider: 'log', status: 'logged', userId: u.id });

    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/phone-login', payload: { phone, phoneCode: row!.code === '000000' ? '111111' : '000000' } });
    expect(wrong.json()).toMatchObject({ msg: 'VERIFY_CODE_ERROR', data: { remaining: 4 } });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/phone-login', payload: { phone, phoneCode: row!.code, entry: 'student' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.id).toBe(u.id);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/phone-login', payload: { phone, phoneCode: row!.code } });
    expect(again.json().msg).toBe('VERIFY_CODE_ERROR');
  });

  it('answers ACCOUNT_NOT_FOUND for a login code to a phone nobody has', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/phone-code', payload: { phone: '13012345678', purpose: 'login' } });
    expect(res.json().msg).toBe('ACCOUNT_NOT_FOUND');
  });
});
