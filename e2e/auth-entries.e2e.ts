/**
 * Issue 11 points 1 and 3, browser tier: a student saved with "Roles" left empty can sign in
 * (the server gives the default role); a lecturer at the administrator entry is sent to the
 * student entry, lands on the student portal and switches to the lecturer end in the header.
 */
import { describe, expect, it } from 'vitest';
import { activate, loginAdmin, post, rootOrgId, uniq } from './support/api';
import { gone, useBrowser, visible, waitForPath } from './support/browser';
import { changeFirstLoginPassword, fillNewPerson, loginAdminUI, openMenu, submitLogin, takeInitialPassword } from './support/flows';

const NEW_PASSWORD = 'Passw0rd-e2e';

describe('who gets in where', () => {
  const b = useBrowser();

  it('a student saved with the roles left empty gets the student role and signs in to the portal', async () => {
    const { page } = b;
    const username = uniq('noroles')
      .replace(/[^A-Za-z0-9]/g, '')
      .toLowerCase();
    await loginAdminUI(page);
    await openMenu(page, 'rygl', 'xsgl');
    await visible(page.getByTestId('student-page'));
    await fillNewPerson(page, 'student', { cardNumber: `S${username}`, username, realname: `学员${username.slice(-4)}`, org: '总部' });
    // "Roles" stays empty.
    await page.getByTestId('student-submit').click();
    const initial = await takeInitialPassword(page, 'student');
    expect(initial).toBe(`${username}123`);
    await waitForPath(page, '/dashboard/manage-student');

    const admin = await loginAdmin();
    const list = await post<{ records: { username: string; roles: string[] }[] }>(admin, 'student-user/list', { page: 1, size: 20, keyword: username });
    expect(list.records.find((r) => r.username === username)?.roles).toEqual(['学员']);

    const sp = await b.newUserPage();
    await submitLogin(sp, username, initial, 'student');
    await changeFirstLoginPassword(sp, initial, NEW_PASSWORD);
    await gone(sp.getByTestId('first-login-modal'));
    await waitForPath(sp, '/portal');
    await visible(sp.getByTestId('portal-notices'));
  });

  it('a lecturer at the administrator entry is told to use the student entry, then reaches the lecturer end through the role switcher', async () => {
    const { page } = b;
    const admin = await loginAdmin();
    const roles = await post<{ records: { id: number; name: string }[] }>(admin, 'role/list', { page: 1, size: 50, keyword: '讲师' });
    const lecturerRole = roles.records.find((r) => r.name === '讲师')!;
    const username = uniq('lect')
      .replace(/[^A-Za-z0-9]/g, '')
      .toLowerCase();
    const { id } = await post<{ id: number }>(admin, 'user/insert', {
      username,
      realname: `讲师${username.slice(-4)}`,
      cardNumber: `E${username}`,
      orgId: await rootOrgId(admin),
      roleIds: [lecturerRole.id],
    });
    await activate({ id, username, password: `${username}123` }, NEW_PASSWORD);

    await submitLogin(page, username, NEW_PASSWORD, 'manage');
    await visible(page.locator('.login-use-student-entry'));
    // The page switched to the student entry; signing in again lands on the portal.
    await expect.poll(() => page.getByTestId('login-tab-student').locator('xpath=ancestor::div[@role="tab"]').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('login-submit').click();
    await waitForPath(page, '/portal');
    await visible(page.getByTestId('portal-notices'));
    await page.getByTestId('role-switch').click();
    await visible(page.getByTestId('role-option-lecturer'));
    expect(await page.getByTestId('role-option-manage').count()).toBe(0);
    await page.getByTestId('role-option-lecturer').click();
    await waitForPath(page, /^\/lecturer/);
    // Each item of the lecturer's menu opens its page.
    await page.getByTestId('lecturer-menu-evaluation').click();
    await waitForPath(page, '/lecturer/evaluation');
    await page.getByTestId('lecturer-menu-training').click();
    await waitForPath(page, '/lecturer/training');
  });
});
