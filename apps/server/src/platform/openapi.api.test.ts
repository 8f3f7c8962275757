import { beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { defineRoute, isPermissionCode } from '@hanlin/shared';
import { useTestApp, login, type Session } from '../test/harness.js';
import { installGuard } from './auth/guard.js';
import { installErrorHandling } from './http.js';
import { registerRoute } from './route.js';

const t = useTestApp();
let admin: Session;
interface Op {
  'x-permission'?: unknown;
  responses?: Record<string, { content?: Record<string, { schema?: { type?: string; properties?: Record<string, unknown>; required?: string[] } }> }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }> };
}
let doc: { paths: Record<string, Record<string, Op>> };

beforeAll(async () => {
  admin = await login(t.app);
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
describe('OpenAPI document', () => {
  it('lists every API route with its x-permission', () => {
    const ops = Object.entries(doc.paths).flatMap(([url, o]) => Object.entries(o).map(([m, op]) => ({ url, m, op })));
    expect(ops.length).toBeGreaterThan(3);
    for (const { url, m, op } of ops) {
      const p = op['x-permission'];
      expect(p, `${m} ${url}`).toBeDefined();
      if (Array.isArray(p)) for (const code of p) expect(isPermissionCode(code), `${url}: ${code}`).toBe(true);
      else expect(['public', 'authenticated']).toContain(p);
    }
  });

  it('documents the success answer of every operation, and its error answers', () => {
    const ops = Object.entries(doc.paths).flatMap(([url, o]) => Object.entries(o).map(([m, op]) => ({ url, m, op })));
    for (const { url, m, op } of ops) {
      const content = op.responses?.['200']?.content ?? {};
      const ok = content['application/json']?.schema;
      // JSON answers are the envelope with a declared `data`; downloads are the file itself.
      if (ok) {
        expect(Object.keys(ok.properties ?? {}).sort(), `${m} ${url}`).toEqual(['code', 'data', 'msg']);
        expect(ok.required, `${m} ${url}`).toContain('data');
      } else {
        expect(content['application/octet-stream']?.schema?.type, `${m} ${url}: no success schema`).toBe('string');
      }
      const failure = op.responses?.['4XX']?.content?.['application/json']?.schema;
      expect(Object.keys(failure?.properties ?? {}), `${m} ${url}: error answer`).toEqual(expect.arrayContaining(['code', 'msg', 'data']));
    }
  });

  it('sends only the fields the response schema names', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandling(app);
    const route = defineRoute({
      method: 'POST',
      path: '/api/probe/get',
      permission: 'public',
      response: z.object({ id: z.number(), rows: z.array(z.object({ name: z.string() })) }),
    });
    // The service hands back more than the route declares (a hash, an internal flag, a nested secret).
    const row = { id: 7, passwordHash: 'x', rows: [{ name: 'a', internalNote: 'y' }] };
    registerRoute(app, route, async () => row);
    const res = await app.inject({ method: 'POST', url: '/api/probe/get' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: 'OK', data: { id: 7, rows: [{ name: 'a' }] } });
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('internalNote');
    await app.close();
  });

  it('answers SERVER_ERROR, not a half-right answer, when a handler breaks its response schema', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    installErrorHandling(app);
    const route = defineRoute({ method: 'POST', path: '/api/probe/broken', permission: 'public', response: z.object({ id: z.number() }) });
    registerRoute(app, route, async () => ({ id: 'seven' }) as never);
    const res = await app.inject({ method: 'POST', url: '/api/probe/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ msg: 'SERVER_ERROR', data: null });
    expect(res.body).not.toContain('seven');
    await app.close();
  });

  it('refuses to start with a route that declares no permission', async () => {
    const app = Fastify();
    installGuard(app, {} as never);
    expect(() => app.post('/api/forgotten/route', async () => 'x')).toThrow(/declares no permission/);
    await app.close();
  });

  it('keeps the route permissions of each app to itself (two apps in one process)', async () => {
    const a = Fastify();
    const b = Fastify();
    installGuard(a, {} as never);
    installGuard(b, {} as never);
    a.post('/api/only-in-a', { config: { permission: 'public' } }, async () => 'a');
    b.post('/api/only-in-b', { config: { permission: ['zzjg'] } }, async () => 'b');
    expect([...a.routePermissions]).toEqual([['POST /api/only-in-a', 'public']]);
    expect([...b.routePermissions]).toEqual([['POST /api/only-in-b', ['zzjg']]]);
    expect(t.app.routePermissions.has('POST /api/only-in-a')).toBe(false);
    expect(t.app.routePermissions.get('POST /api/org/insert')).toEqual(['zzjg:add']);
    await Promise.all([a.close(), b.close()]);
  });

  it('answers every operation that takes a body with 4xx, never 5xx, for malformed bodies', async () => {
    const garbage: unknown[] = [[], 'text', 12, null, { page: -1, size: 'x', ids: 'y', id: {}, title: 5, name: ['a'] }, { page: 'a'.repeat(5000), id: 'a'.repeat(5000) }];
    for (const [url, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (method !== 'post' || !op.requestBody) continue;
        if (url === '/api/auth/logout') continue; // a valid logout would end the admin session
        for (const body of garbage) {
          const res = await t.app.inject({
            method: 'POST',
            url: url.replace(/\{\w+\}/g, '1'),
            payload: JSON.stringify(body),
            headers: { ...admin.headers(), 'content-type': 'application/json' },
          });
          expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)} -> ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 60)}`).toBeLessThan(500);
          expect(res.json().msg).toMatch(/^[A-Z_0-9]+$/);
        }
      }
    }
  }, 180_000); // six bodies for each of several hundred operations: slow on a loaded machine

  it('reports health when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ code: 200, data: { database: 'up' } });
  });

  it('sends security headers and no CORS grant by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
