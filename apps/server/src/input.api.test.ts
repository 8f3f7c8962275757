import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp, login, call, postLogin } from './test/harness.js';
import { rootOrg } from './test/factories.js';

const t = useTestApp();

// PostgreSQL refuses a NUL character in text: it must be a 400 naming the field, never a 500.
describe('NUL characters in input', () => {
  it('refuses a NUL in the login user name before anyone signs in', async () => {
    const res = await postLogin(t.app, 'ad\u0000min', 'whatever');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1001, msg: 'PARAMETER_INVALID', field: 'username' });
  });

  it('refuses a NUL in a user field, nested ones included, and creates nothing', async () => {
    const admin = await login(t.app);
    const orgId = (await rootOrg(t.db)).id;
    const stamp = Date.now().toString(36);
    const name = `nul-${stamp}`;
    const res = await call(t.app, admin, '/api/user/insert', { username: name, realname: 'Zhang\u0000San', cardNumber: `E${stamp}`, orgId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'realname' });
    const nested = await call(t.app, admin, '/api/user/insert', { username: name, realname: 'Zhang San', cardNumber: `E${stamp}`, orgId, labels: ['ok', 'b\u0000d'] });
    expect(nested.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'labels.1' });
    expect((await t.db.execute(sql`select id from users where username = ${name}`)).rows).toEqual([]);
  });

  it('refuses a NUL in a query parameter', async () => {
    const admin = await login(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/dict/by-type?type=a%00b', headers: admin.headers() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'type' });
  });
});

describe('error log lines', () => {
  it('name the code, route and request id but never the values a caller sent', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { buildApp } = await import('./app.js');
    const { createMemoryKv } = await import('./platform/kv.js');
    const { createLocalStorage } = await import('./platform/storage.js');
    const app = await buildApp({ config: t.config, db: t.db, kv: createMemoryKv(), storage: createLocalStorage(t.config.dataDir), logger: { level: 'info', stream } });
    // A route that fails with the caller's value in the error, as a driver error would carry it.
    app.post('/api/test/boom', { config: { permission: 'public' } }, async (req) => {
      throw new Error(`boom with ${(req.body as { secret: string }).secret}`);
    });
    // A value that reaches PostgreSQL with a NUL despite the input check (decoded server-side).
    app.post('/api/test/nul', { config: { permission: 'public' } }, async (req) => {
      const v = Buffer.from((req.body as { b64: string }).b64, 'base64').toString();
      return t.db.execute(sql`select ${v}::text as v`);
    });
    await app.ready();
    try {
      const boom = await app.inject({ method: 'POST', url: '/api/test/boom', payload: { secret: 'TOP-SECRET-VALUE' } });
      expect(boom.statusCode).toBe(500);
      expect(boom.json().msg).toBe('SERVER_ERROR');
      const nul = await app.inject({ method: 'POST', url: '/api/test/nul', payload: { b64: Buffer.from('SECRET\u0000TAIL').toString('base64') } });
      expect(nul.statusCode).toBe(400);
      expect(nul.json().msg).toBe('PARAMETER_INVALID');
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).not.toContain('TOP-SECRET-VALUE');
    expect(log).not.toContain('SECRET');
    const errorLine = lines.map((l) => JSON.parse(l)).find((l) => l.level >= 50);
    expect(errorLine).toMatchObject({ route: '/api/test/boom', reqId: expect.any(String) });
  });
});

describe('request methods', () => {
  it('answers REQUEST_METHOD_ERROR (405, with Allow) for a known path called with another method, and NOT_FOUND_ERROR for an unknown one', async () => {
    const wrong = await t.app.inject({ method: 'GET', url: '/api/audience/search' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.json().msg).toBe('REQUEST_METHOD_ERROR');
    expect(wrong.headers.allow).toBe('POST');
    // Parametric paths too.
    const param = await t.app.inject({ method: 'DELETE', url: '/api/media/play/abc/1.x/index.m3u8' });
    expect(param.statusCode).toBe(405);
    expect(param.headers.allow).toContain('GET');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('NOT_FOUND_ERROR');
  });
});
