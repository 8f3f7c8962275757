/**
 * Issue 11 point 14, browser tier at 1440 × 900: the Users list fits the screen (low-priority
 * columns give way, the actions column is compact and covers nothing), every listed column is
 * reachable through the column chooser, which remembers the choice; the login log cuts the user
 * agent so the login time stays on screen. Screenshots land in e2e/artifacts/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ARTIFACTS_DIR } from './support/paths';
import { createEmployee, loginAdmin, post, rootOrgId, uniq } from './support/api';
import { eventually, useBrowser, visible, waitForPath } from './support/browser';
import { loginAdminUI } from './support/flows';

/** The Users list's columns (user.json), as the chooser lists them. */
const USER_COLUMNS = ['cardNumber', 'username', 'realname', 'orgName', 'positionName', 'phone', 'email', 'roles', 'status', 'createdAt'];

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
}

async function headerTexts(page: Page): Promise<string[]> {
  return (await page.locator('.ant-table-thead th').allTextContents()).map((s) => s.trim()).filter(Boolean);
}

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, name), fullPage: true });
}

describe('tables at 1440 px', () => {
  const b = useBrowser();

  it('the Users list fits the screen, its actions cover nothing, and every column is reachable through the chooser', async () => {
    await createEmployee(await loginAdmin(), { roleIds: [] });
    const { page } = b;
    expect(page.viewportSize()?.width).toBe(1440);
    await loginAdminUI(page);
    await page.goto('/dashboard/manage-user');
    await visible(page.getByTestId('user-page'));
    await visible(page.getByTestId('user-row-username').first());

    // Nothing scrolls sideways at this width: the table's content fits its box.
    const overflow = await page
      .locator('.ant-table-content')
      .first()
      .evaluate((e) => e.scrollWidth - e.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);

    // The status column is wholly left of the (fixed) actions column, which keeps one link and "more".
    const heads = page.locator('.ant-table-thead th');
    const status = heads.filter({ hasText: /^状态$/ });
    const actions = heads.filter({ hasText: /^操作$/ });
    const s = await box(status);
    const a = await box(actions);
    expect(s.x + s.width).toBeLessThanOrEqual(a.x + 1);
    expect(a.x + a.width).toBeLessThanOrEqual(1440);
    await screenshot(page, 'tables-users-1440.png');

    // The chooser lists every column; each is shown, or shown once ticked.
    await page.getByTestId('crud-columns').click();
    const panel = await visible(page.getByTestId('crud-columns-panel'));
    for (const key of USER_COLUMNS) await visible(panel.getByTestId(`crud-column-${key}`));
    const hidden: string[] = [];
    for (const key of USER_COLUMNS) {
      const box = panel.getByTestId(`crud-column-${key}`);
      const label = (await box.textContent())!.trim();
      if (await box.locator('input').isChecked()) expect(await headerTexts(page)).toContain(label);
      else hidden.push(key);
    }
    expect(hidden.length).toBeGreaterThan(0); // some gave way at this width
    const rolesLabel = (await panel.getByTestId('crud-column-roles').textContent())!.trim();
    for (const key of hidden) await panel.getByTestId(`crud-column-${key}`).locator('input').check();
    for (const key of USER_COLUMNS) {
      const label = (await panel.getByTestId(`crud-column-${key}`).textContent())!.trim();
      await eventually(async () => expect(await headerTexts(page)).toContain(label));
    }
    await screenshot(page, 'tables-users-1440-all-columns.png');

    // The choice is remembered for this list.
    await page.reload();
    await visible(page.getByTestId('user-row-username').first());
    await eventually(async () => expect(await headerTexts(page)).toContain(rolesLabel));
    await page.getByTestId('crud-columns').click();
    const rolesBox = (await visible(page.getByTestId('crud-columns-panel'))).getByTestId('crud-column-roles').locator('input');
    expect(await rolesBox.isChecked()).toBe(true);
    await page.getByTestId('crud-columns-reset').click();
    // The chooser first (did the reset take?), then the table.
    await expect.poll(() => rolesBox.isChecked(), { timeout: 10_000 }).toBe(false);
    await eventually(async () => expect(await headerTexts(page)).not.toContain(rolesLabel));
  });

  // Issue 18 point 18: phone and e-mail are default columns, cut with the whole text on hover, in every language.
  for (const lang of ['zh-CN', 'en-US', 'pt'] as const) {
    it(`the Users list shows phone and e-mail without sideways scrolling (${lang})`, async () => {
      const admin = await loginAdmin();
      const username = uniq('mail');
      const phone = `139${String(Date.now()).slice(-8)}`;
      const email = `${username}.with.a.rather.long.mailbox.name@training-department.example.com`;
      await post(admin, 'user/insert', {
        username,
        realname: `Mail ${username.slice(-4)}`,
        cardNumber: `M${username.replace(/[^A-Za-z0-9]/g, '')}`,
        orgId: await rootOrgId(admin),
        roleIds: [],
        phone,
        email,
      });
      const { page } = b;
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      await loginAdminUI(page);
      await page.goto(`/dashboard/manage-user`);
      await visible(page.getByTestId('user-page'));
      await page.getByTestId('filter-keyword').fill(username);
      await page.getByTestId('crud-search').click();
      await eventually(async () => expect(await page.getByTestId('user-row-username').allTextContents()).toEqual([username]));
      await screenshot(page, `tables-users-1440-${lang}.png`);

      const overflow = await page
        .locator('.ant-table-content')
        .first()
        .evaluate((e) => e.scrollWidth - e.clientWidth);
      expect(overflow, `${lang}: the table scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(1);
      const phoneCell = await visible(page.getByTestId('cell-ellipsis-phone').first());
      const mail = await visible(page.getByTestId('cell-ellipsis-email').first());
      // Phone, e-mail and the status (the header left of the fixed actions) all end before the actions column.
      const heads = page.locator('.ant-table-thead th');
      const actions = await box(heads.last());
      for (const [what, cell] of [
        ['phone', phoneCell],
        ['e-mail', mail],
        ['status', heads.nth((await heads.count()) - 2)],
      ] as const) {
        const c = await box(cell);
        expect(c.x + c.width, `${lang}: the ${what} column reaches under the actions column`).toBeLessThanOrEqual(actions.x + 1);
      }
      // A phone number is shown whole; the long address is cut, and shows whole on hover.
      expect(await phoneCell.textContent()).toBe(phone);
      expect(await phoneCell.evaluate((e) => e.scrollWidth <= e.clientWidth), `${lang}: the phone number is cut`).toBe(true);
      expect(await mail.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
      await mail.hover();
      await visible(page.locator('.ant-tooltip').filter({ hasText: email }));
    });
  }

  it('the login log cuts the user agent and keeps the login time on screen', async () => {
    const { page } = b;
    await loginAdminUI(page);
    await page.goto('/dashboard/manage-loginlog-report');
    await waitForPath(page, '/dashboard/manage-loginlog-report');
    await visible(page.getByTestId('audit-login-page'));
    const agent = await visible(page.getByTestId('cell-ellipsis-userAgent').first());
    const ab = await box(agent);
    expect(ab.width).toBeLessThanOrEqual(280);
    const time = page.locator('.ant-table-thead th').filter({ hasText: /^登录时间$/ });
    const tb = await box(time);
    expect(tb.x + tb.width).toBeLessThanOrEqual(1440);
    await agent.hover();
    const tip = await visible(page.locator('.ant-tooltip').filter({ hasText: 'Mozilla' }));
    expect((await tip.textContent())!.length).toBeGreaterThan(40);
    await screenshot(page, 'tables-login-log-1440.png');
  });
});
