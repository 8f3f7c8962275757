import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { createContentOrigin } from './content-origin.js';

const req = (host: string, more: Record<string, string> = {}) => ({ headers: { host, ...more } });

describe('the content origin', () => {
  it('is the host the browser used with CONTENT_PORT, or CONTENT_URL; the app origins alone may frame it', async () => {
    const local = createContentOrigin(loadConfig({ PORT: '8080' }));
    expect(local.originFor(req('192.168.1.5:8080'))).toBe('http://192.168.1.5:8081');
    expect(local.appOriginsFor(req('192.168.1.5:8081'))).toEqual(['http://192.168.1.5:8080']);
    expect(local.originFor(req('[::1]:8080'))).toBe('http://[::1]:8081');
    // Forwarded scheme and host count only behind a trusted proxy.
    expect(local.originFor(req('a:8080', { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil' }))).toBe('http://a:8081');
    const proxied = createContentOrigin(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://learn.example.com', CONTENT_URL: 'https://content.example.com' }));
    expect(proxied.originFor(req('learn.example.com'))).toBe('https://content.example.com');
    expect(proxied.appOriginsFor(req('content.example.com'))).toEqual(['https://learn.example.com']);
    await Promise.all([local.app.close(), proxied.app.close()]);
  });

  it('lets a package’s pages share the content origin unless CONTENT_SANDBOX=page, never the app’s', async () => {
    const shared = createContentOrigin(loadConfig({}));
    const strict = createContentOrigin(loadConfig({ CONTENT_SANDBOX: 'page' }));
    expect(shared.sandbox).toBe('allow-scripts allow-forms allow-popups allow-modals allow-same-origin');
    expect(strict.sandbox).toBe('allow-scripts allow-forms allow-popups allow-modals');
    await Promise.all([shared.app.close(), strict.app.close()]);
  });

  it('answers a service worker’s script request with not found, and sets no cookie', async () => {
    const content = createContentOrigin(loadConfig({}));
    content.app.get('/x.js', (_req, reply) => reply.header('set-cookie', 'a=b').type('text/javascript').send('1'));
    expect((await content.app.inject({ url: '/x.js', headers: { 'service-worker': 'script' } })).statusCode).toBe(404);
    const ok = await content.app.inject({ url: '/x.js' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['set-cookie']).toBeUndefined();
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    await content.app.close();
  });
});
