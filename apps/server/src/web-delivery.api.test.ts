/**
 * Issue 8 points 14 and 15: how the built web app reaches the browser. Over plain HTTP nothing
 * may push the browser to https (HSTS, upgrade-insecure-requests) unless the server is set up
 * behind TLS; hashed assets go out compressed and cached for a year, the page itself is
 * revalidated on every visit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from './test/harness.js';

// A built web app as `npm run build` leaves it: hashed assets with .br and .gz beside them.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-web-'));
const JS = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i % 97}`))};\n`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/index-AbC123xy.js"></script></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(dist, 'assets/index-AbC123xy.js'), JS);
fs.writeFileSync(path.join(dist, 'assets/index-AbC123xy.js.br'), zlib.brotliCompressSync(JS));
fs.writeFileSync(path.join(dist, 'assets/index-AbC123xy.js.gz'), zlib.gzipSync(JS));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const t = useTestApp({ WEB_DIST: dist });

const csp = (h: Record<string, unknown>) => String(h['content-security-policy'] ?? '');

describe('security headers over plain HTTP', () => {
  it('by default send no HSTS and no upgrade-insecure-requests, so the app works on http://any-host', async () => {
    for (const url of ['/', '/dashboard/manage-user', '/assets/index-AbC123xy.js', '/api/auth/public-key']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: 'hanlin.intranet:8080' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(csp(res.headers), url).toContain("default-src 'self'");
      expect(csp(res.headers), url).not.toContain('upgrade-insecure-requests');
    }
  });

  it.each<Record<string, string>>([{ TLS: 'true' }, { PUBLIC_URL: 'https://learn.example.com' }])('send both when the server is behind TLS (%o)', async (env) => {
    const tls = await createTestApp({ WEB_DIST: dist, ...env });
    try {
      const res = await tls.app.inject({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{6,}/);
      expect(csp(res.headers)).toContain('upgrade-insecure-requests');
    } finally {
      await tls.close();
    }
  });

  it('TLS=false wins over an https PUBLIC_URL (TLS ends at a proxy that also serves plain HTTP)', async () => {
    const plain = await createTestApp({ WEB_DIST: dist, PUBLIC_URL: 'https://learn.example.com', TLS: 'false' });
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(csp(res.headers)).not.toContain('upgrade-insecure-requests');
    } finally {
      await plain.close();
    }
  });
});

describe('compression and caching of the web app', () => {
  const asset = (encoding?: string) =>
    t.app.inject({ method: 'GET', url: '/assets/index-AbC123xy.js', headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

  it('a hashed asset goes out as brotli or gzip, whichever the browser accepts, and decodes to the file', async () => {
    const br = await asset('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(JS.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(JS);

    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(JS);

    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
  });

  it('hashed assets are cached for a year and immutable; the page and deep links are revalidated', async () => {
    for (const enc of ['br', 'gzip', undefined]) {
      const cc = String((await asset(enc)).headers['cache-control']);
      expect(cc, String(enc)).toContain('max-age=31536000');
      expect(cc, String(enc)).toContain('immutable');
    }
    for (const url of ['/', '/dashboard/manage-user', '/portal']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('a missing asset is still a 404, never the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-Gone0000.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('API JSON above the threshold is compressed when the client accepts it; small answers are not', async () => {
    const big = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(big.rawPayload).toString()).paths).toBeDefined();

    const small = await t.app.inject({ method: 'GET', url: '/api/auth/public-key', headers: { 'accept-encoding': 'gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe(200);

    const identity = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json().paths).toBeDefined();
  });
});
