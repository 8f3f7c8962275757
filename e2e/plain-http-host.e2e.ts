/**
 * Issue 8 point 14: the web app opened over plain HTTP by a host name other than localhost
 * (an intranet server) must work. There the browser is not in a secure context: no
 * `crypto.subtle`, and an https upgrade (HSTS, CSP upgrade-insecure-requests) has no server
 * to reach. `hanlin.test` is mapped to the test server inside Chromium only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { baseUrl } from './support/api';
import { CHROMIUM_ARGS, UI_TIMEOUT, visible, waitForPath } from './support/browser';
import { CHROMIUM, ADMIN_PASSWORD } from './support/paths';
import { submitLogin } from './support/flows';

describe('plain HTTP on an intranet host name', () => {
  let browser: Browser;
  const origin = () => `http://hanlin.test:${new URL(baseUrl()).port}`;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP hanlin.test 127.0.0.1'],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders the login page and an administrator signs in (password encrypted without crypto.subtle)', async () => {
    const context = await browser.newContext({ baseURL: origin(), viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(UI_TIMEOUT);
    const page = await context.newPage();
    const failed: string[] = [];
    page.on('requestfailed', (r) => {
      // Chromium itself cancels a favicon fetch when the page moves on (ERR_ABORTED): no server
      // was refused there. Any other failure, or a favicon refused for another reason, counts.
      const error = r.failure()?.errorText;
      if (error === 'net::ERR_ABORTED' && new URL(r.url()).pathname.startsWith('/favicon.')) return;
      failed.push(`${r.url()} ${error}`);
    });
    const https: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith('https:')) https.push(r.url());
    });
    const signed: { url: string; status: number }[] = [];
    page.on('response', (r) => {
      if (r.request().headers()['x-sign']) signed.push({ url: r.url(), status: r.status() });
    });
    try {
      await page.goto('/');
      expect(new URL(page.url()).origin).toBe(origin());
      // The conditions of the defect: no secure context, no Web Crypto.
      expect(await page.evaluate(() => ({ secure: window.isSecureContext, subtle: typeof crypto.subtle }))).toEqual({ secure: false, subtle: 'undefined' });

      await visible(page.getByTestId('login-form'));
      const login = page.waitForResponse((r) => r.url().endsWith('/api/auth/oauth/token'));
      await submitLogin(page, 'admin', ADMIN_PASSWORD);
      expect((await (await login).json()).code).toBe(200);
      await waitForPath(page, '/dashboard/manage-index');
      await visible(page.getByTestId('manage-index'));
      await expect(page.getByTestId('header-username').textContent()).resolves.toBe('系统管理员');
      // Signed requests pass too (their X-Sign hash comes from the same fallback).
      await page.waitForLoadState('networkidle');
      expect(signed.length).toBeGreaterThan(0);
      expect(signed.filter((r) => r.status !== 200)).toEqual([]);
      expect(https).toEqual([]);
      expect(failed).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
