/**
 * Issue 11 points 18, 20 and 22 (web shell), browser tier: add pages and their tabs, document
 * titles, leaving a half-filled form, deep links after login, confirmations naming the record,
 * the dashboard home, labelled login inputs, keyboard-reachable header menus, the favicon, the
 * organization tree's context menu on the whole row, the permission tree opening collapsed.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from './support/paths';
import { baseUrl, loginAdmin, rootOrgId, uniq } from './support/api';
import { confirmDialog, eventually, gone, useBrowser, visible, waitForPath } from './support/browser';
import { loginAdminUI, openMenu, submitLogin } from './support/flows';

describe('web shell usability', () => {
  const b = useBrowser();

  it('a deep link opened while signed out returns there after login, and every page names the document', async () => {
    const { page } = b;
    await page.goto('/dashboard/manage-role?keyword=x');
    await waitForPath(page, '/');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard/manage-role?keyword=x');
    await page.waitForFunction(() => document.title === '登录 - 翰林学习平台');

    await submitLogin(page, 'admin', ADMIN_PASSWORD);
    await waitForPath(page, '/dashboard/manage-role');
    await visible(page.getByTestId('role-page'));
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('x');
    await page.waitForFunction(() => document.title === '角色管理 - 翰林学习平台');
  });

  it('an add page opens a tab "Add …", keeps a half-filled form through a tab switch, closes its tab once saved (an edit page too); a delete names the record', async () => {
    const { page } = b;
    await loginAdminUI(page);
    const tabs = page.getByTestId('manage-tabs');
    await openMenu(page, 'rygl', 'rzjs');
    await visible(page.getByTestId('role-page'));
    await page.getByTestId('crud-add').click();
    await waitForPath(page, '/dashboard/add-role');
    await visible(tabs.getByTestId('tab-add-role').filter({ hasText: '新增角色' }));
    await page.waitForFunction(() => document.title === '新增角色 - 翰林学习平台');

    // The permission tree opens collapsed; one button opens it all.
    const perms = page.getByTestId('role-perm-tree');
    await visible(perms.getByTestId('perm-node-xtgl'));
    expect(await perms.getByTestId('perm-node-gggl').count()).toBe(0);
    await perms.getByTestId('perm-expand-manage').click();
    await visible(perms.getByTestId('perm-node-gggl'));

    // Half-filled: another menu page opens without asking; the add tab keeps what was typed (issue 18 point 18).
    const name = uniq('课程管理员');
    await page.getByTestId('role-name').fill(name);
    await openMenu(page, 'xtgl', 'gggl');
    await waitForPath(page, '/dashboard/manage-notice');
    expect(await confirmDialog(page).count()).toBe(0);
    await tabs.getByTestId('tab-add-role').click();
    await waitForPath(page, '/dashboard/add-role');
    await eventually(async () => expect(await page.getByTestId('role-name').inputValue()).toBe(name));

    // Saved: back to the list without asking, the add tab closed.
    if (!(await perms.getByTestId('perm-node-gggl').isVisible())) await perms.getByTestId('perm-expand-manage').click();
    await perms.getByTestId('perm-node-gggl').click();
    await page.getByTestId('role-submit').click();
    await waitForPath(page, '/dashboard/manage-role');
    await gone(tabs.getByTestId('tab-add-role'));
    expect(await confirmDialog(page).count()).toBe(0);

    // An edit page, once saved, closes its tab too: no stray "Edit …" tab is left beside the list.
    const row = page.locator('tr', { has: page.getByTestId('role-row-name').filter({ hasText: name }) });
    await row.getByTestId('crud-row-edit').click();
    await waitForPath(page, '/dashboard/add-role');
    await visible(tabs.getByTestId('tab-add-role'));
    await page.getByTestId('role-description').fill('Edited once');
    await page.getByTestId('role-submit').click();
    await waitForPath(page, '/dashboard/manage-role');
    await gone(tabs.getByTestId('tab-add-role'));
    await visible(tabs.getByTestId('tab-manage-role').locator('xpath=..').and(page.locator('[aria-current=page]')));

    // The delete confirmation names the role (delete sits in the row's "more" menu, which asks in a dialog).
    await row.getByTestId('crud-row-more').click();
    await page.locator('.ant-dropdown:visible').getByTestId('crud-row-delete').click();
    await visible(page.locator('.ant-modal-confirm').filter({ hasText: `确定要删除角色「${name}」吗？` }));
  });

  it('the home is a dashboard of counts, recent sign-ins and shortcuts', async () => {
    const { page } = b;
    await loginAdminUI(page);
    const home = page.getByTestId('manage-index');
    for (const card of ['employees', 'students', 'organizations', 'pendingRegistrations', 'onlineUsers', 'recentLogins'])
      await visible(home.getByTestId(`dashboard-card-${card}`));
    // The administrator is online and just signed in; built-in names read in the interface language.
    await expect(home.getByTestId('dashboard-card-onlineUsers').locator('.ant-statistic-content-value').textContent()).resolves.not.toBe('0');
    await visible(home.getByTestId('dashboard-card-recentLogins').filter({ hasText: '系统管理员' }));
    // A sign-in's address and its time stay apart: side by side with a gap, or the time on a line of its own.
    const login = home.getByTestId('dashboard-card-recentLogins').getByTestId('dashboard-list-item').first();
    const who = await login.locator(':scope > span').first().boundingBox();
    const when = await login.locator(':scope > span').last().boundingBox();
    expect(who && when).toBeTruthy();
    expect(when!.x >= who!.x + who!.width + 8 || when!.y >= who!.y + who!.height).toBe(true);
    await home.getByTestId('dashboard-card-organizations').click();
    await waitForPath(page, '/dashboard/manage-affiliation');
    await page.goBack();
    await home.getByTestId('dashboard-shortcuts').getByTestId('shortcut-rzjs').click();
    await waitForPath(page, '/dashboard/manage-role');
  });

  it('the back office header fits a 1440 px screen in every language (a long platform name is cut, whole in its title)', async () => {
    for (const lang of ['pt', 'en-US', 'zh-CN']) {
      const page = lang === 'pt' ? b.page : await b.newUserPage();
      await page.goto('/');
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await loginAdminUI(page);
      await visible(page.getByTestId('sign-in-area'));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `the ${lang} back office is ${width}px wide`).toBeLessThanOrEqual(1440);
    }
  });

  it('login inputs are labelled, a favicon is served, the header menus open from the keyboard', async () => {
    const { page } = b;
    await page.goto('/');
    await visible(page.getByLabel('用户名'));
    await visible(page.getByLabel('密码'));
    for (const file of ['/favicon.ico', '/favicon.svg']) {
      const res = await fetch(new URL(file, baseUrl()));
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(/^image\//);
    }
    expect(await page.locator('link[rel="icon"]').count()).toBeGreaterThan(0);

    await page.getByLabel('用户名').fill('admin');
    await page.getByLabel('密码').fill(ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await waitForPath(page, '/dashboard/manage-index');

    // The user menu: focused and opened with the keyboard.
    await page.getByTestId('header-user').focus();
    await page.keyboard.press('Enter');
    await visible(page.getByTestId('menu-person-center'));
    await page.keyboard.press('Escape');
    // The bell: focused and opened with the keyboard.
    await page.getByTestId('message-bell').focus();
    await page.keyboard.press('Enter');
    await visible(page.getByTestId('message-panel'));
  });

  it('the organization tree opens its context menu anywhere on the row', async () => {
    const rootId = await rootOrgId(await loginAdmin());
    const { page } = b;
    await loginAdminUI(page);
    await openMenu(page, 'rygl', 'zzjg');
    const node = page.getByTestId(`tree-node-${rootId}`);
    await visible(node);
    // Right-click near the right end of the row, well past the name.
    const row = page.locator('.ant-tree-treenode', { has: node });
    const box = (await row.boundingBox())!;
    const nameBox = (await node.locator('span').first().boundingBox())!;
    expect(box.x + box.width - 12).toBeGreaterThan(nameBox.x + nameBox.width);
    await page.mouse.click(box.x + box.width - 12, box.y + box.height / 2, { button: 'right' });
    await visible(page.getByTestId('tree-action-addOrg').filter({ visible: true }));
  });
});
