/**
 * Debian Chromium through playwright-core: one browser per test file, a fresh context (own
 * cookies, localStorage, sessionStorage) per test, and a screenshot of every open page in
 * e2e/artifacts/<test name>.png when the test fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { baseUrl } from './api';
import { ARTIFACTS_DIR, CHROMIUM } from './paths';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** How long a single wait for an element or a navigation may take (slow CI, cold chunks). */
export const UI_TIMEOUT = 20_000;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export interface BrowserFixture {
  readonly browser: Browser;
  /** The test's first context and page. */
  readonly context: BrowserContext;
  readonly page: Page;
  /** Another isolated context (a second user) with its page; closed and screenshotted like the first. */
  newUserPage(): Promise<Page>;
}

function fileNameOf(testName: string): string {
  return testName.replace(/[^\p{L}\p{N}._-]+/gu, '_').slice(0, 150);
}

async function openContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1440, height: 900 },
    // Keep dates and times stable between the runner, the browser and the server.
    timezoneId: Intl.DateTimeFormat().resolvedOptions().timeZone,
    // The app honours a system's reduced motion (no opening or closing animation of dialogs, menus, popovers): a
    // click then never meets a half-open overlay. Three runs lost one such click each (a menu item, a popover's
    // button, a confirmation's OK) under load before this.
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(UI_TIMEOUT);
  context.setDefaultNavigationTimeout(UI_TIMEOUT * 2);
  const page = await context.newPage();
  return { context, page };
}

/** Registers the hooks of a browser test file and returns the per-test handles. */
export function useBrowser(): BrowserFixture {
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let first: { context: BrowserContext; page: Page } | undefined;
  const errors: string[] = [];

  const watch = (page: Page) => {
    page.on('pageerror', (e) => errors.push(`[pageerror] ${page.url()} ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`[console] ${page.url()} ${m.text()}`);
    });
  };

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    errors.length = 0;
    first = await openContext(browser!);
    contexts = [first.context];
    watch(first.page);
  });
  afterEach(async (ctx) => {
    try {
      // (An `it.fails` test is expected to throw: no screenshot for that.)
      if (ctx.task.result?.state === 'fail' && !ctx.task.fails) {
        fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
        const base = fileNameOf(ctx.task.name);
        let n = 0;
        for (const c of contexts) {
          for (const p of c.pages()) {
            n += 1;
            const file = path.join(ARTIFACTS_DIR, `${base}${n > 1 ? `-${n}` : ''}.png`);
            await p.screenshot({ path: file, fullPage: true, timeout: 10_000 }).catch(() => undefined);
          }
        }
        if (errors.length) fs.writeFileSync(path.join(ARTIFACTS_DIR, `${base}.console.log`), `${errors.join('\n')}\n`);
      }
    } finally {
      for (const c of contexts) await c.close().catch(() => undefined);
      contexts = [];
      first = undefined;
    }
  });

  return {
    get browser() {
      return browser!;
    },
    get context() {
      return first!.context;
    },
    get page() {
      return first!.page;
    },
    async newUserPage() {
      const c = await openContext(browser!);
      contexts.push(c.context);
      watch(c.page);
      return c.page;
    },
  };
}

// ---- waiting without fixed sleeps ----

/** A wait that timed out says where the page was (CI keeps only the log): its address and its open dialogs. */
async function withWhere<T>(locator: Locator, wait: Promise<T>): Promise<T> {
  try {
    return await wait;
  } catch (e) {
    const page = locator.page();
    const dialogs = await page
      .locator('.ant-modal-title, .ant-modal-confirm-title')
      .allInnerTexts()
      .catch(() => []);
    if (e instanceof Error) e.message += `\n  at ${page.url()}${dialogs.length ? `; dialogs open: ${dialogs.join(' | ')}` : ''}`;
    throw e;
  }
}

export async function visible(locator: Locator, timeout = UI_TIMEOUT): Promise<Locator> {
  await withWhere(locator, locator.first().waitFor({ state: 'visible', timeout }));
  return locator;
}

/** Detached or hidden (a closed dropdown stays in the DOM). */
export async function gone(locator: Locator, timeout = UI_TIMEOUT): Promise<void> {
  await withWhere(locator, locator.first().waitFor({ state: 'hidden', timeout }));
}

export async function waitForPath(page: Page, pathname: string | RegExp, timeout = UI_TIMEOUT): Promise<void> {
  await page.waitForURL((u) => (typeof pathname === 'string' ? u.pathname === pathname : pathname.test(u.pathname + u.search)), {
    timeout,
  });
}

/**
 * Repeats `check` until it passes or `timeout` ms pass (for server-side state such as a display
 * time that has to be reached); bounded, with a short pause between attempts.
 */
export async function eventually<T>(check: () => Promise<T>, timeout = UI_TIMEOUT, pauseMs = 500): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (e) {
      if (Date.now() > end) throw e;
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  }
}

/** Texts of the visible Ant Design toast messages. */
export function toast(page: Page): Locator {
  return page.locator('.ant-message-notice');
}

/** The confirm dialog Ant Design renders for `modal.confirm`. */
export function confirmDialog(page: Page): Locator {
  return page.locator('.ant-modal-confirm');
}
