/**
 * Issue 3 (web shell), browser tier: login, permission-filtered menu and 403 page, language
 * switch, management tabs, a notice from the back office to the student portal, logout.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from './support/paths';
import { activate, createEmployee, createRole, createStudent, loginAdmin, orgTree, postRaw, uniq } from './support/api';
import { confirmDialog, gone, toast, useBrowser, visible, waitForPath } from './support/browser';
import { changeFirstLoginPassword, fillNow, loginAdminUI, loginUI, openMenu, openPortalNotice, pickAudienceOrg, sessionOf, storedAuth, submitLogin } from './support/flows';

const NEW_PASSWORD = 'Passw0rd-e2e';

describe('web shell', () => {
  const b = useBrowser();

  it('admin login: an empty form and a wrong password are refused, the right password opens the dashboard', async () => {
    const { page } = b;
    await page.goto('/');
    await page.waitForFunction(() => document.title === '登录 - 翰林学习平台');

    // Empty name and password never reach the server.
    await page.getByTestId('login-submit').click();
    await visible(page.getByText('请输入用户名'));
    await visible(page.getByText('请输入密码'));

    await submitLogin(page, 'admin', 'Wrong-pass-1');
    await visible(toast(page).filter({ hasText: '账号或密码错误' }));
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await storedAuth(page)).toBeNull();

    await submitLogin(page, 'admin', ADMIN_PASSWORD);
    await waitForPath(page, '/dashboard/manage-index');
    await visible(page.getByTestId('manage-index'));
    await expect(page.getByTestId('header-username').textContent()).resolves.toBe('系统管理员');
  });

  it('the menu shows only what the role holds and a route without its code shows the 403 page', async () => {
    const admin = await loginAdmin();
    // `xtgl` opens the system menu group (spec section 6); inside it only notices and dictionary.
    const roleId = await createRole(admin, { name: uniq('公告字典'), permissions: ['xtgl', 'gggl', 'zdgl'] });
    const user = await createEmployee(admin, { roleIds: [roleId] });
    await activate(user, NEW_PASSWORD, 'manage');

    const { page } = b;
    await loginUI(page, user.username, user.password);
    const menu = page.getByTestId('manage-menu');
    await openMenu(page, 'xtgl', 'gggl');
    await visible(menu.getByTestId('menu-zdgl'));
    for (const hidden of ['menu-rygl', 'menu-yhgl', 'menu-tggl', 'menu-dlsz', 'menu-group-course', 'menu-group-exam']) {
      expect(await menu.getByTestId(hidden).count(), hidden).toBe(0);
    }
    await waitForPath(page, '/dashboard/manage-notice');
    await visible(page.getByTestId('notice-page'));

    // A deep link the role does not open: a real 403 page inside the layout, not a blank one.
    await page.goto('/dashboard/manage-user');
    await visible(page.getByTestId('page-403'));
    await visible(page.getByTestId('manage-menu'));
    expect(await page.getByTestId('user-page').count()).toBe(0);
  });

  it('the language switches to en-US and then pt, and each choice survives a reload', async () => {
    const { page } = b;
    await loginAdminUI(page);
    const logout = page.getByTestId('logout-button');
    await expect(logout.textContent()).resolves.toContain('退出');

    for (const [lang, text, title] of [
      ['en-US', 'Sign out', 'Home - Hanlin Learning Platform'],
      ['pt', 'Sair', null],
    ] as const) {
      await page.getByTestId('lang-switch').click();
      await page.getByTestId(`lang-${lang}`).click();
      await visible(logout.filter({ hasText: text }));
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe(lang);

      await page.reload();
      await visible(page.getByTestId('manage-index'));
      await visible(logout.filter({ hasText: text }));
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe(lang);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      if (title) await page.waitForFunction((want) => document.title === want, title);
    }
  });

  it('tabs: every opened page becomes a tab; close current, close others, close all', async () => {
    const { page } = b;
    await loginAdminUI(page);
    const tabs = page.getByTestId('manage-tabs');
    const tab = (path: string) => tabs.getByTestId(`tab-${path}`);
    const tabAction = async (action: 'current' | 'others' | 'all') => {
      await page.getByTestId('tabs-actions').click();
      const item = page.getByTestId(`tabs-close-${action}`);
      await visible(item);
      await item.click();
    };

    // Each page is waited for before the next click, as a person would see it before moving on.
    for (const [group, item, path, root] of [
      ['xtgl', 'gggl', 'manage-notice', 'notice-page'],
      ['xtgl', 'zdgl', 'manage-dict', 'dict-page'],
      ['rygl', 'yhgl', 'manage-user', 'user-page'],
    ] as const) {
      await openMenu(page, group, item);
      await waitForPath(page, `/dashboard/${path}`);
      await visible(page.getByTestId(root));
      await visible(tab(path));
    }
    for (const p of ['manage-index', 'manage-notice', 'manage-dict', 'manage-user']) await visible(tab(p));

    // Close current: the user tab goes, the last remaining tab opens.
    await tabAction('current');
    await gone(tab('manage-user'));
    await waitForPath(page, '/dashboard/manage-dict');
    await visible(tab('manage-notice'));

    // Close others: only home and the active tab stay.
    await openMenu(page, 'rygl', 'yhgl');
    await waitForPath(page, '/dashboard/manage-user');
    await visible(tab('manage-user'));
    await tab('manage-notice').click();
    await waitForPath(page, '/dashboard/manage-notice');
    await tabAction('others');
    await gone(tab('manage-dict'));
    await gone(tab('manage-user'));
    await visible(tab('manage-notice'));
    expect(new URL(page.url()).pathname).toBe('/dashboard/manage-notice');

    // Close all: back to home, which cannot be closed.
    await tabAction('all');
    await waitForPath(page, '/dashboard/manage-index');
    await gone(tab('manage-notice'));
    await visible(tab('manage-index'));
    expect(await tabs.getByRole('listitem').count()).toBe(1);
  });

  it('a notice created and released in manage-notice shows in the student portal', async () => {
    const admin = await loginAdmin();
    const student = await createStudent(admin);
    // Audience: the whole company (the root organization; the student is in it). Read before the
    // browser signs in as admin, which ends this API session (single sign-on).
    const [root] = await orgTree(admin);
    const title = uniq('E2E公告');
    const content = `浏览器测试的公告正文 ${title}`;

    // Administrator: manage-notice -> add-notice -> save and release.
    const { page } = b;
    await loginAdminUI(page);
    await openMenu(page, 'xtgl', 'gggl');
    await visible(page.getByTestId('notice-page'));
    await page.getByTestId('crud-add').click();
    await waitForPath(page, '/dashboard/add-notice');
    await visible(page.getByTestId('notice-form'));
    await page.getByTestId('notice-title').fill(title);
    await page.getByTestId('notice-type').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '培训通知' }).click();
    await (await visible(page.getByTestId('notice-content-content'))).fill(content);
    // Display time: "now" as the browser formats it; the form never sends a moment already past.
    const now = await fillNow(page, 'notice-display-time');
    await expect(page.getByTestId('notice-display-time').inputValue()).resolves.toBe(now);
    await pickAudienceOrg(page, 'notice-audience', root!);
    await page.getByTestId('notice-submit-release').click();
    await visible(toast(page).filter({ hasText: '发布成功' }));
    await waitForPath(page, '/dashboard/manage-notice');
    const row = page.locator('tr', { has: page.getByTestId('notice-row-title').filter({ hasText: title }) });
    await visible(row.getByTestId('notice-status-released'));

    // Student: student entry, forced first-login password change, then the portal lists the notice.
    const sp = await b.newUserPage();
    await submitLogin(sp, student.username, student.password, 'student');
    await waitForPath(sp, '/portal');
    await changeFirstLoginPassword(sp, student.password, NEW_PASSWORD);
    await visible(toast(sp).filter({ hasText: '密码修改成功' }));
    await gone(sp.getByTestId('first-login-modal'));
    await visible(sp.getByTestId('portal-notices'));
    await openPortalNotice(sp, title);
    await visible(sp.getByTestId('portal-notice-detail').filter({ hasText: content }));
  });

  it('logout asks for confirmation, returns to the login page, and the old token is refused', async () => {
    const { page } = b;
    await loginAdminUI(page);
    const old = await sessionOf(page);
    expect((await postRaw(old, 'notice/my', { page: 1, size: 10 })).status).toBe(200);

    // Cancel keeps the session.
    await page.getByTestId('logout-button').click();
    await visible(confirmDialog(page).filter({ hasText: '确定要退出登录吗？' }));
    await page.getByTestId('logout-cancel').click();
    await gone(confirmDialog(page));
    expect(new URL(page.url()).pathname).toBe('/dashboard/manage-index');

    await page.getByTestId('logout-button').click();
    await page.getByTestId('logout-confirm').click();
    await visible(toast(page).filter({ hasText: '退出成功' }));
    await waitForPath(page, '/');
    await visible(page.getByTestId('login-form'));
    // Cleanup runs 500 ms after the redirect: token, user and public key leave the storage.
    await page.waitForFunction(() => localStorage.getItem('hanlin.auth') === null, undefined, { timeout: 5000 });

    const refused = await postRaw(old, 'notice/my', { page: 1, size: 10 });
    expect(refused.status).toBe(401);
    expect(refused.body?.msg).toBe('TOKEN_INVALID');

    // The management end is closed without a session.
    await page.goto('/dashboard/manage-notice');
    await waitForPath(page, '/');
    await visible(page.getByTestId('login-form'));
  });
});
