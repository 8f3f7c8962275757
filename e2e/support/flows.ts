/** User flows several tests share, driven through the UI exactly as a person would. */
import type { Page } from 'playwright-core';
import { baseUrl, type Session } from './api';
import { eventually, visible, waitForPath } from './browser';
import { ADMIN_PASSWORD } from './paths';

export type Entry = 'manage' | 'student';

/** Fills and submits the login form on `/` (administrator or student entry). */
export async function submitLogin(page: Page, username: string, password: string, entry: Entry = 'manage'): Promise<void> {
  if (!page.url().startsWith(baseUrl()) || new URL(page.url()).pathname !== '/') await page.goto('/');
  await visible(page.getByTestId('login-form'));
  if (entry === 'student') await page.getByTestId('login-tab-student').click();
  else await page.getByTestId('login-tab-manage').click();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs in and waits for the landing page of the entry (management home or student portal). */
export async function loginUI(page: Page, username: string, password: string, entry: Entry = 'manage'): Promise<void> {
  await submitLogin(page, username, password, entry);
  if (entry === 'manage') {
    await waitForPath(page, '/dashboard/manage-index');
    await visible(page.getByTestId('manage-index'));
  } else {
    await waitForPath(page, '/portal');
    await visible(page.getByTestId('portal-notices'));
  }
}

/** Signs the built-in administrator in through the form and waits for the management home. */
export const loginAdminUI = (page: Page): Promise<void> => loginUI(page, 'admin', ADMIN_PASSWORD);

/** Opens a management menu item, expanding its group first when it is collapsed. */
export async function openMenu(page: Page, group: string, item: string): Promise<void> {
  const target = page.getByTestId(`menu-${item}`);
  if (!(await target.isVisible())) await page.getByTestId(`menu-${group}`).click();
  await visible(target);
  await target.click();
}

/**
 * From the users or students list (`kind`): opens the add page and fills the new person's card number, user name,
 * real name and organization (picked by its name); the page's other fields and its submit are the caller's.
 */
export async function fillNewPerson(page: Page, kind: 'user' | 'student', person: { cardNumber: string; username: string; realname: string; org: string }): Promise<void> {
  await page.getByTestId('crud-add').click();
  await waitForPath(page, `/dashboard/add-${kind}`);
  await page.getByTestId(`${kind}-cardNumber`).fill(person.cardNumber);
  await page.getByTestId(`${kind}-username`).fill(person.username);
  await page.getByTestId(`${kind}-realname`).fill(person.realname);
  await page.getByTestId(`${kind}-org`).click();
  await pickOption(page, person.org);
}

/** After creating a person: the dialog showing their initial password once; returns it after closing the dialog. */
export async function takeInitialPassword(page: Page, kind: 'user' | 'student'): Promise<string> {
  const shown = page.getByTestId(`${kind}-initial-password`);
  await visible(shown);
  const password = (await shown.locator('code').innerText()).trim();
  await page.locator('.ant-modal-confirm-btns button').click();
  return password;
}

/** The first-login dialog: old password, new password twice. */
export async function changeFirstLoginPassword(page: Page, oldPassword: string, newPassword: string): Promise<void> {
  const dialog = page.getByTestId('first-login-modal');
  await visible(dialog);
  await dialog.getByTestId('pwd-old').fill(oldPassword);
  await dialog.getByTestId('pwd-new').fill(newPassword);
  await dialog.getByTestId('pwd-confirm').fill(newPassword);
  await dialog.getByTestId('pwd-submit').click();
}

/** What the signed-in session keeps in localStorage (platform/session.ts). */
export async function storedAuth(page: Page): Promise<{ token: string; signNumber: string; user: { id: number } } | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('hanlin.auth');
    return raw ? JSON.parse(raw) : null;
  });
}

/**
 * The page's own signed-in session, for API checks next to the UI. Single sign-on is on by
 * default, so a separate API login of the same user would end the browser's session.
 */
export async function sessionOf(page: Page): Promise<Session> {
  const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('hanlin.auth') ?? 'null'));
  if (!auth?.token) throw new Error('the page has no signed-in session');
  return {
    userId: auth.user.id,
    username: auth.user.username,
    token: auth.token,
    signNumber: auth.signNumber,
    operateAuth: auth.operateAuth,
    firstLogin: !!auth.user.firstLogin,
  };
}

/** Picks an option in an open Ant Design select / tree-select dropdown. */
export async function pickOption(page: Page, text: string): Promise<void> {
  const option = page.locator('.ant-select-dropdown:visible').locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper').filter({ hasText: text });
  await visible(option);
  // The dropdown takes a click once its opening motion has ended (on a loaded machine it is caught mid-motion).
  await page.waitForFunction(() => !document.querySelector('.ant-select-dropdown[class*="-appear"], .ant-select-dropdown[class*="-enter"]'));
  await option.first().click();
}

/** Sets a date-time field to "now" as the browser formats it (`YYYY-MM-DD HH:mm:ss`); answers the text. */
export async function fillNow(page: Page, testId: string): Promise<string> {
  const now = await page.evaluate(() => {
    const d = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  });
  const time = page.getByTestId(testId);
  await time.click();
  await time.fill(now);
  await time.press('Enter');
  return now;
}

/** Adds an organization to an audience picker (`<testId>-search`) by searching its name. */
export async function pickAudienceOrg(page: Page, testId: string, org: { id: number; name: string }): Promise<void> {
  const exact = new RegExp(`^${org.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const tag = page.getByTestId(`${testId}-tag-org-${org.id}`);
  // The list is searched as one types (debounced): an option clicked while it re-renders can be lost, so pick until the tag shows.
  await eventually(async () => {
    await page.getByTestId(`${testId}-search`).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(org.name);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: exact }).first().click({ timeout: 5000 });
    await tag.first().waitFor({ state: 'visible', timeout: 3000 });
  });
}

/**
 * Opens a notice from the portal home by its title. Its display time was "now" when saved (at
 * most a second ahead), so the page is reloaded until the notice is listed.
 */
export async function openPortalNotice(page: Page, title: string): Promise<void> {
  const link = page.getByTestId('portal-notice-title').filter({ hasText: title });
  await eventually(async () => {
    if (!(await link.isVisible())) {
      await page.reload();
      await visible(link, 3000);
    }
  }, 15_000);
  await link.click();
  await waitForPath(page, /^\/portal\/notice\/\d+$/);
}
