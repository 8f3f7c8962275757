import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PLATFORM_PARAMS_DEFAULTS } from '@hanlin/shared';
import { useTestApp, login, postLogin, call, newUserSession, type Session } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { users } from '../users/index.js';
import { operationLogs } from '../audit/index.js';
import { readPlatformParams } from './settings.service.js';
import { LICENCE_ENV, testLicence } from '../../test/licence.js';
import { uploadFile } from '../../test/excel.js';

const t = useTestApp(LICENCE_ENV);
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});
const LOGIN_OK = { maxWrongPasswords: 5, captchaEnabled: true, captchaAfterFailures: 2, singleSignOn: true, firstLoginChange: true, tokenIdleHours: 12, lockMinutes: 30 };
const UNLIMITED = { licence: testLicence() };

const sessionWith = (permissions: string[]) => newUserSession(t, { permissions });

describe('authorization matrix', () => {
  const matrix: { url: string; body?: unknown; read: string; needs: string }[] = [
    { url: '/api/settings/login/get', read: 'dlsz', needs: 'dlsz' },
    { url: '/api/settings/login/save', body: LOGIN_OK, read: 'dlsz', needs: 'dlsz:modify' },
    { url: '/api/settings/params/get', read: 'cspz', needs: 'cspz' },
    { url: '/api/settings/params/save', body: PLATFORM_PARAMS_DEFAULTS, read: 'cspz', needs: 'cspz:modify' },
    { url: '/api/settings/licence/get', read: 'xkz', needs: 'xkz' },
    { url: '/api/settings/licence/save', body: UNLIMITED, read: 'xkz', needs: 'xkz:modify' },
  ];

  it('refuses anonymous callers with 401', async () => {
    for (const m of matrix) {
      const res = await call(t.app, null, m.url, m.body ?? {});
      expect(res.statusCode, m.url).toBe(401);
    }
  });

  it('refuses users without the code with 403 and admits those holding it', async () => {
    const outsider = await sessionWith(['yhgl']);
    for (const m of matrix) {
      const denied = await call(t.app, outsider, m.url, m.body ?? {});
      expect(denied.statusCode, m.url).toBe(403);
      expect(denied.json().msg).toBe('NO_PERMISSION_ERROR');

      const reader = await sessionWith([m.read]);
      const asReader = await call(t.app, reader, m.url, m.body ?? {});
      expect(asReader.statusCode, `${m.url} as ${m.read}`).toBe(m.needs === m.read ? 200 : 403);

      const holder = await sessionWith([m.needs]);
      const allowed = await call(t.app, holder, m.url, m.body ?? {});
      expect(allowed.statusCode, `${m.url} as ${m.needs}`).toBe(200);
    }
  });

  it('answers the public login config without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ captchaEnabled: true });
  });
});

describe('login settings', () => {
  it('reads the defaults without exposing the signing salt', async () => {
    const res = await call(t.app, admin, '/api/settings/login/get');
    expect(res.json().data).toEqual(LOGIN_OK);
  });

  it('saves, keeps the signing salt even when one is sent, and writes the operation log', async () => {
    const body = { ...LOGIN_OK, captchaEnabled: false, tokenIdleHours: 24, signSalt: 'changed-by-attacker' };
    const res = await call(t.app, admin, '/api/settings/login/save', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...LOGIN_OK, captchaEnabled: false, tokenIdleHours: 24 });
    // Signed calls with the default salt still pass: the salt did not change.
    const again = await call(t.app, admin, '/api/settings/login/get');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.tokenIdleHours).toBe(24);
    const pub = await t.app.inject({ method: 'GET', url: '/api/auth/public-key' });
    expect(pub.json().data.signSalt).toBe('hanlin');
    const cfg = await t.app.inject({ method: 'POST', url: '/api/auth/login-config' });
    expect(cfg.json().data).toMatchObject({ captchaEnabled: false });
    // The operation log row is written before the answer leaves.
    const logs = await t.db.select().from(operationLogs).where(eq(operationLogs.operation, 'settings.login.save'));
    expect(logs.some((l) => l.username === 'admin' && l.resultCode === 200)).toBe(true);
    await call(t.app, admin, '/api/settings/login/save', LOGIN_OK);
  });

  it('applies the wrong-password limit to the next logins', async () => {
    await call(t.app, admin, '/api/settings/login/save', { ...LOGIN_OK, maxWrongPasswords: 2, captchaEnabled: false });
    const u = await buildUser(t.db, { permissions: ['kc-pc'] });
    expect((await postLogin(t.app, u.username, 'nope-1')).json().msg).toBe('LOGIN_ERROR_NOT_MATCH');
    expect((await postLogin(t.app, u.username, 'nope-2')).json().msg).toBe('LOGIN_ERROR_OVER_MAX');
    // Locked for lockMinutes: the right password is refused too.
    expect((await postLogin(t.app, u.username, u.password)).json().msg).toBe('LOGIN_ERROR_OVER_MAX');
    const [row] = await t.db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, u.id));
    expect(row!.lockedUntil).not.toBeNull();
    await call(t.app, admin, '/api/settings/login/save', LOGIN_OK);
  });

  it('refuses out-of-range and wrongly typed values and changes nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ ...LOGIN_OK, maxWrongPasswords: 0 }, 'maxWrongPasswords'],
      [{ ...LOGIN_OK, maxWrongPasswords: 100 }, 'maxWrongPasswords'],
      [{ ...LOGIN_OK, maxWrongPasswords: 2.5 }, 'maxWrongPasswords'],
      [{ ...LOGIN_OK, captchaAfterFailures: -1 }, 'captchaAfterFailures'],
      [{ ...LOGIN_OK, tokenIdleHours: 721 }, 'tokenIdleHours'],
      [{ ...LOGIN_OK, lockMinutes: -1 }, 'lockMinutes'],
      [{ ...LOGIN_OK, lockMinutes: 1441 }, 'lockMinutes'],
      [{ ...LOGIN_OK, lockMinutes: undefined }, 'lockMinutes'],
      [{ ...LOGIN_OK, tokenIdleHours: '12' }, 'tokenIdleHours'],
      [{ ...LOGIN_OK, captchaEnabled: 'yes' }, 'captchaEnabled'],
      [{ ...LOGIN_OK, singleSignOn: undefined }, 'singleSignOn'],
    ];
    for (const [body, field] of bad) {
      const res = await call(t.app, admin, '/api/settings/login/save', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
    expect((await call(t.app, admin, '/api/settings/login/get')).json().data).toEqual(LOGIN_OK);
  });
});

describe('parameter configuration', () => {
  it('starts from the defaults', async () => {
    const res = await call(t.app, admin, '/api/settings/params/get');
    expect(res.json().data).toEqual(PLATFORM_PARAMS_DEFAULTS);
  });

  it('saves the whole object and other modules read it', async () => {
    const next = { ...PLATFORM_PARAMS_DEFAULTS, siteNameZh: '翰林测试', dailyLiveLimit: 3, pinnedQaLimit: 9, experiencePerSignIn: 999999999 };
    const res = await call(t.app, admin, '/api/settings/params/save', next);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(next);
    expect((await call(t.app, admin, '/api/settings/params/get')).json().data).toEqual(next);
    expect(await readPlatformParams(t.db)).toEqual(next);
  });

  it('refuses values outside the spec limits and keeps the saved ones', async () => {
    const before = (await call(t.app, admin, '/api/settings/params/get')).json().data;
    const bad: [Record<string, unknown>, string][] = [
      [{ ...before, pinnedQaLimit: 10 }, 'pinnedQaLimit'],
      [{ ...before, pinnedQaLimit: 0 }, 'pinnedQaLimit'],
      [{ ...before, dailyLiveLimit: 100 }, 'dailyLiveLimit'],
      [{ ...before, hotWordCount: 0 }, 'hotWordCount'],
      [{ ...before, searchCount: 'ten' }, 'searchCount'],
      [{ ...before, uploadLimitMb: 501 }, 'uploadLimitMb'],
      [{ ...before, experiencePerSignIn: 1000000000 }, 'experiencePerSignIn'],
      [{ ...before, experiencePerSignIn: -1 }, 'experiencePerSignIn'],
      [{ ...before, siteNameZh: '' }, 'siteNameZh'],
      [{ ...before, siteNameZh: '名'.repeat(51) }, 'siteNameZh'],
      [{ ...before, siteNameEn: undefined }, 'siteNameEn'],
    ];
    for (const [body, field] of bad) {
      const res = await call(t.app, admin, '/api/settings/params/save', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
    expect((await call(t.app, admin, '/api/settings/params/get')).json().data).toEqual(before);
  });
});

describe('licence', () => {
  it('shows the limits and counts distinct online users', async () => {
    const first = (await call(t.app, admin, '/api/settings/licence/get')).json().data;
    expect(first.onlineNow).toBeGreaterThan(0);
    // A second login of the same user replaces the session: still one person online.
    const adminAgain = await login(t.app);
    const same = (await call(t.app, adminAgain, '/api/settings/licence/get')).json().data;
    expect(same.onlineNow).toBe(first.onlineNow);
    const other = await buildUser(t.db, { permissions: ['kc-pc'] });
    await login(t.app, other.username, other.password);
    const more = (await call(t.app, adminAgain, '/api/settings/licence/get')).json().data;
    expect(more.onlineNow).toBe(first.onlineNow + 1);
    admin = adminAgain;
  });

  it('installs a signed licence and enforces its online limit and expiry at login', async () => {
    const { onlineNow } = (await call(t.app, admin, '/api/settings/licence/get')).json().data;
    const saved = await call(t.app, admin, '/api/settings/licence/save', { licence: testLicence({ maxOnline: onlineNow, serialNumber: 'HL-2025-0001', customer: 'ACME' }) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ state: 'valid', maxOnline: onlineNow, expiresAt: null, serialNumber: 'HL-2025-0001', customer: 'ACME', onlineNow });
    const u = await buildUser(t.db, { permissions: ['kc-pc'] });
    const refused = await postLogin(t.app, u.username, u.password);
    expect(refused.statusCode).toBe(460);
    expect(refused.json().msg).toBe('LICENSE_ONLINE_COUNT_ERROR');

    const expired = await call(t.app, admin, '/api/settings/licence/save', { licence: testLicence({ expiresAt: '2020-01-01T00:00:00+08:00' }) });
    // Expired on the server's clock: the page is told so, and logins are refused.
    expect(expired.json().data).toMatchObject({ expiresAt: '2019-12-31T16:00:00.000Z', expired: true });
    const refused2 = await postLogin(t.app, u.username, u.password);
    expect(refused2.json().msg).toBe('LICENSE_EXPIRE_ERROR');

    const future = new Date(Date.now() + 86400_000 * 365).toISOString();
    expect((await call(t.app, admin, '/api/settings/licence/save', { licence: testLicence({ expiresAt: future }) })).json().data.expired).toBe(false);
    expect((await postLogin(t.app, u.username, u.password)).statusCode).toBe(200);
    await call(t.app, admin, '/api/settings/licence/save', UNLIMITED);
  });

  it('refuses a licence that does not verify (LICENSE_ERROR) and keeps the installed one; the limits are not editable', async () => {
    await call(t.app, admin, '/api/settings/licence/save', { licence: testLicence({ maxOnline: 50, serialNumber: 'KEEP' }) });
    const good = testLicence({ maxOnline: 50 });
    const [body, sig] = good.split('.');
    const raised = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), maxOnline: 5000 })).toString('base64url');
    // Signed by another key (a customer's own "vendor"): does not verify with the platform's key.
    const { signLicence } = await import('../../platform/licence.js');
    const crypto = await import('node:crypto');
    const foreign = signLicence(
      { serialNumber: 'X', customer: 'Me', maxOnline: null, expiresAt: null, issuedAt: new Date().toISOString() },
      crypto.generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    );
    for (const licence of [`${raised}.${sig}`, foreign, 'HL-2025-0001', `${body}.`, `${body}.${sig}.x`]) {
      const res = await call(t.app, admin, '/api/settings/licence/save', { licence });
      expect(res.statusCode, licence).toBe(460);
      expect(res.json()).toMatchObject({ msg: 'LICENSE_ERROR', field: 'licence' });
    }
    // The old form's fields are not a licence.
    const typed = await call(t.app, admin, '/api/settings/licence/save', { maxOnline: 5000, expiresAt: null, serialNumber: 'MINE' });
    expect(typed.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'licence' });
    expect((await call(t.app, admin, '/api/settings/licence/get')).json().data).toMatchObject({ state: 'valid', maxOnline: 50, serialNumber: 'KEEP' });
    await call(t.app, admin, '/api/settings/licence/save', UNLIMITED);
  });
});

describe('parameters take effect where they belong', () => {
  const save = (p: Partial<typeof PLATFORM_PARAMS_DEFAULTS>) => call(t.app, admin, '/api/settings/params/save', { ...PLATFORM_PARAMS_DEFAULTS, ...p });
  const MB = 1024 * 1024;

  it('the attachment and courseware upload limits follow the parameters page', async () => {
    const file = Buffer.alloc(2 * MB + 1, 'a');
    const up = () => uploadFile(t.app, admin, '/api/upload/file?purpose=attachment', 'notes.txt', file);
    expect((await up()).statusCode).toBe(200);
    expect((await save({ uploadLimitMb: 2 })).statusCode).toBe(200);
    const refused = await up();
    expect(refused.statusCode).toBe(413);
    expect(refused.json().msg).toBe('FILE_TOO_LARGE');
    expect((await save({ uploadLimitMb: 3 })).statusCode).toBe(200);
    expect((await up()).statusCode).toBe(200);

    // Chunked uploads (courseware, video) check the announced size against coursewareLimitMb.
    const init = (size: number) => call(t.app, admin, '/api/upload/chunked', { name: 'talk.mp4', size, sha256: 'a'.repeat(64), kind: 'video', purpose: 'courseware' });
    expect((await init(100 * MB)).statusCode).toBe(200);
    await save({ coursewareLimitMb: 50 });
    expect((await init(100 * MB + 7)).json().msg).toBe('FILE_TOO_LARGE');
    await save({});
  });

  it('the course file limit follows the parameters page', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MB + 1, ' '), Buffer.from('\n%%EOF\n')]);
    const up = () => uploadFile(t.app, admin, '/api/upload/file?kind=document&purpose=courseware', 'handout.pdf', pdf);
    expect((await up()).statusCode).toBe(200);
    expect((await save({ courseFileLimitMb: 1 })).statusCode).toBe(200);
    try {
      const refused = await up();
      expect(refused.statusCode).toBe(413);
      expect(refused.json().msg).toBe('FILE_TOO_LARGE');
    } finally {
      await save({});
    }
    expect((await up()).statusCode).toBe(200);
  });

  it('the platform name is what the login page and the header show', async () => {
    const config = async () => (await call(t.app, null, '/api/auth/login-config', {})).json().data;
    expect(await config()).toMatchObject({ siteNameZh: PLATFORM_PARAMS_DEFAULTS.siteNameZh, siteNameEn: PLATFORM_PARAMS_DEFAULTS.siteNameEn });
    await save({ siteNameZh: '星火学院', siteNameEn: 'Spark Academy' });
    expect(await config()).toMatchObject({ siteNameZh: '星火学院', siteNameEn: 'Spark Academy' });
    await save({});
  });
});
