/**
 * Issue 3, "done when": the student portal's first load fetches no management code. Every
 * JavaScript file the browser requests is recorded while a student signs in and the portal
 * renders, and again on a fresh reload of /portal; none may be the `manage-*.js` chunk of the
 * back office.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createActiveStudent, loginAdmin } from './support/api';
import { useBrowser, visible } from './support/browser';
import { loginAdminUI, loginUI } from './support/flows';

const MANAGE_CHUNK = /\/assets\/manage-[^/]*\.js$/;

function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('.js')) urls.push(url.pathname);
  });
  return urls;
}

describe('code splitting', () => {
  const b = useBrowser();

  it('a student loading the portal downloads no management chunk', async () => {
    const admin = await loginAdmin();
    const student = await createActiveStudent(admin, 'Passw0rd-e2e');

    const { page } = b;
    const scripts = recordScripts(page);
    await loginUI(page, student.username, student.password, 'student');
    await page.waitForLoadState('networkidle');
    // The recording works: the portal's own chunks are there.
    expect(
      scripts.some((s) => /\/assets\/PortalLayout-[^/]*\.js$/.test(s)),
      scripts.join('\n'),
    ).toBe(true);
    expect(
      scripts.some((s) => /\/assets\/PortalHomePage-[^/]*\.js$/.test(s)),
      scripts.join('\n'),
    ).toBe(true);
    expect(scripts.filter((s) => MANAGE_CHUNK.test(s))).toEqual([]);

    // A cold load of /portal with the session already stored.
    scripts.length = 0;
    await page.reload();
    await visible(page.getByTestId('portal-notices'));
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => MANAGE_CHUNK.test(s))).toEqual([]);
  });

  // React Router resolves the lazy code of every matched route before a guard element renders;
  // the router therefore checks the codes before importing (see `guarded` in app/router.tsx).
  it('a student opening a management deep link gets the 403 page without downloading the back office', async () => {
    const admin = await loginAdmin();
    const student = await createActiveStudent(admin, 'Passw0rd-e2e');
    const { page } = b;
    await loginUI(page, student.username, student.password, 'student');
    await page.waitForLoadState('networkidle');
    const scripts = recordScripts(page);
    await page.goto('/dashboard/manage-notice');
    await visible(page.getByTestId('page-403'));
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => MANAGE_CHUNK.test(s))).toEqual([]);
  });

  it('control: the management end does load the manage chunk, so the check above can fail', async () => {
    const { page } = b;
    const scripts = recordScripts(page);
    await loginAdminUI(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => MANAGE_CHUNK.test(s)).length, scripts.join('\n')).toBeGreaterThan(0);
  });
});
