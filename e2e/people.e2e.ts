/**
 * Issue 4 (people, organizations and access), browser tier: an administrator builds a
 * three-level organization tree with the right-click menu, creates a role with part of the
 * permission tree and a user holding that role; the user then sees only the allowed menus.
 * An administrator whose data scope is one department runs a batch action on people who have
 * left it meanwhile: the replace prompt goes on with the others, or only deselects them.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { activate, createEmployee, createOrg, createRole, findOrg, loginAdmin, orgTree, post, rootOrgId, uniq, type OrgNode, type Session } from './support/api';
import { confirmDialog, eventually, gone, useBrowser, visible, waitForPath } from './support/browser';
import { changeFirstLoginPassword, fillNewPerson, loginAdminUI, loginUI, openMenu, pickOption, sessionOf, submitLogin, takeInitialPassword } from './support/flows';

const NEW_PASSWORD = 'Passw0rd-e2e';

/** Right-click an organization, "add organization", name it, save; returns the new node. */
async function addChildOrg(page: Page, admin: Session, parentId: number, name: string): Promise<OrgNode> {
  const add = page.getByTestId('tree-action-addOrg').filter({ visible: true });
  // The menu of the previous right-click may still be fading out: open this one alone (two at once failed CI).
  await gone(add);
  await page.getByTestId(`tree-node-${parentId}`).click({ button: 'right' });
  await visible(add);
  await add.click();
  await visible(page.getByTestId('org-form'));
  await page.getByTestId('org-form-name').fill(name);
  await page.getByTestId('org-form-submit').click();
  const created = await eventually(async () => {
    const node = findOrg(await orgTree(admin), (n) => n.name === name);
    if (!node) throw new Error(`organization ${name} not created yet`);
    return node;
  });
  expect(created.parentId).toBe(parentId);
  // The tree refreshes and opens the parent, so the new node is there to right-click next.
  await visible(page.getByTestId(`tree-node-${created.id}`).filter({ hasText: name }));
  return created;
}

/** A row of the user list, found by its user name. */
function userRow(page: Page, username: string) {
  const name = page.getByTestId('user-row-username').filter({ hasText: new RegExp(`^${username}$`) });
  return page.locator('tr.ant-table-row').filter({ has: name });
}

/** Ticks the rows of these users, then runs the batch freeze through its confirmation. */
async function freezeSelection(page: Page, usernames: string[], beforeRun: () => Promise<unknown>): Promise<void> {
  for (const u of usernames) {
    const row = userRow(page, u);
    await visible(row);
    await row.locator('.ant-table-selection-column input[type="checkbox"]').check();
  }
  await beforeRun();
  await page.getByTestId('crud-batch-freeze').click();
  await page.getByTestId('crud-confirm-ok').click();
}

describe('people, organizations and access', () => {
  const b = useBrowser();

  it('an administrator builds a 3-level organization tree, a role with a partial permission tree and a user; the user sees only the allowed menus', async () => {
    const names = { l1: uniq('一级'), l2: uniq('二级'), l3: uniq('三级'), role: uniq('公告字典角色') };
    const username = uniq('e2eu');
    const { page } = b;
    await loginAdminUI(page);
    // API checks ride on the browser's own session (single sign-on would end a second one).
    const admin = await sessionOf(page);
    const rootId = await rootOrgId(admin);

    // Organizations: root > L1 > L2 > L3, each through the context menu.
    await openMenu(page, 'rygl', 'zzjg');
    await waitForPath(page, '/dashboard/manage-affiliation');
    await visible(page.getByTestId('org-tree'));
    await visible(page.getByTestId(`tree-node-${rootId}`));
    const l1 = await addChildOrg(page, admin, rootId, names.l1);
    const l2 = await addChildOrg(page, admin, l1.id, names.l2);
    const l3 = await addChildOrg(page, admin, l2.id, names.l3);

    // Role: notices and dictionary only (checking a menu grants its actions and its group, xtgl).
    await openMenu(page, 'rygl', 'rzjs');
    await visible(page.getByTestId('role-page'));
    await page.getByTestId('crud-add').click();
    await waitForPath(page, '/dashboard/add-role');
    await page.getByTestId('role-name').fill(names.role);
    const perms = page.getByTestId('role-perm-tree');
    await visible(perms);
    await perms.getByTestId('perm-expand-manage').click();
    await perms.getByTestId('perm-node-gggl').click();
    await perms.getByTestId('perm-node-zdgl').click();
    await page.getByTestId('role-submit').click();
    await waitForPath(page, '/dashboard/manage-role');
    await visible(page.getByTestId('role-row-name').filter({ hasText: names.role }));
    const roles = await post<{ records: { id: number; name: string }[] }>(admin, 'role/list', { page: 1, size: 20, keyword: names.role });
    const roleId = roles.records.find((r) => r.name === names.role)!.id;
    const role = await post<{ permissions: string[] }>(admin, 'role/get', { id: roleId });
    expect(role.permissions).toEqual(expect.arrayContaining(['xtgl', 'gggl', 'gggl:add', 'zdgl', 'zdgl:add']));
    expect(role.permissions.filter((c) => !/^(xtgl|gggl|zdgl)(:|$)/.test(c))).toEqual([]);

    // User in the third-level organization holding that role.
    await openMenu(page, 'rygl', 'yhgl');
    await visible(page.getByTestId('user-page'));
    await fillNewPerson(page, 'user', { cardNumber: `E${username}`, username, realname: `测试${username.slice(-4)}`, org: names.l3 });
    await page.getByTestId('user-roles').click();
    // Other walks of the run add roles too: the list is virtual, so the new role is found by typing its name.
    await page.keyboard.type(names.role);
    await pickOption(page, names.role);
    await page.keyboard.press('Escape');
    await page.getByTestId('user-submit').click();
    expect(await takeInitialPassword(page, 'user')).toBe(`${username}123`);
    await waitForPath(page, '/dashboard/manage-user');
    await visible(page.getByTestId('user-row-username').filter({ hasText: username }));
    const users = await post<{ records: { username: string; orgId: number; roles: string[] }[] }>(admin, 'user/list', {
      page: 1,
      size: 20,
      keyword: username,
    });
    const row = users.records.find((u) => u.username === username);
    expect(row?.orgId).toBe(l3.id);
    expect(row?.roles).toEqual([names.role]);

    // The user: first login changes the password, then only the granted menus show.
    const up = await b.newUserPage();
    await submitLogin(up, username, `${username}123`);
    await changeFirstLoginPassword(up, `${username}123`, NEW_PASSWORD);
    await gone(up.getByTestId('first-login-modal'));
    await waitForPath(up, '/dashboard/manage-index');
    const menu = up.getByTestId('manage-menu');
    await openMenu(up, 'xtgl', 'gggl');
    await waitForPath(up, '/dashboard/manage-notice');
    await visible(up.getByTestId('notice-page'));
    await visible(menu.getByTestId('menu-zdgl'));
    for (const hidden of ['menu-rygl', 'menu-zzjg', 'menu-yhgl', 'menu-rzjs', 'menu-tggl', 'menu-dlsz', 'menu-group-course', 'menu-group-report']) {
      expect(await menu.getByTestId(hidden).count(), hidden).toBe(0);
    }
    await up.goto('/dashboard/manage-affiliation');
    await visible(up.getByTestId('page-403'));
  });

  it("a batch freeze naming users moved beyond the administrator's data scope prompts to go on with the others, or only deselects them", async () => {
    const { page } = b;
    const admin = await loginAdmin();
    const rootId = await rootOrgId(admin);
    const deptA = await createOrg(admin, { parentId: rootId, name: uniq('部门A') });
    const deptB = await createOrg(admin, { parentId: rootId, name: uniq('部门B') });
    const roleId = await createRole(admin, { name: uniq('用户冻结'), permissions: ['rygl', 'yhgl', 'yhgl:freeze'] });
    // Outside A himself, so his list holds exactly the people of A.
    const manager = await createEmployee(admin, { roleIds: [roleId], scopeOrgIds: [deptA] });
    const [moved, kept, left1, left2] = await Promise.all(
      ['moved', 'kept', 'leftA', 'leftB'].map(async (tag) => {
        const username = uniq(`e2e${tag}`);
        return { ...(await createEmployee(admin, { username, realname: username, orgId: deptA, roleIds: [] })), realname: username };
      }),
    );
    const detail = (id: number) => post<{ status: string; orgId: number }>(admin, 'user/get', { id });
    const moveToB = (ids: number[]) => post(admin, 'user/batch-update-department', { ids, orgId: deptB });
    const prompt = confirmDialog(page).filter({ has: page.getByTestId('user-replace-ok') });

    await activate(manager, NEW_PASSWORD, 'manage');
    await loginUI(page, manager.username, NEW_PASSWORD);
    await openMenu(page, 'rygl', 'yhgl');
    await visible(page.getByTestId('user-page'));

    // One of the two selected leaves A behind the browser's back: the prompt names only them.
    await freezeSelection(page, [moved.username, kept.username], () => moveToB([moved.id]));
    await visible(prompt);
    expect(await prompt.textContent()).toContain(moved.realname);
    expect(await prompt.textContent()).not.toContain(kept.realname);
    await prompt.getByTestId('user-replace-ok').click();
    await visible(userRow(page, kept.username).getByTestId('user-status-frozen'));
    await gone(userRow(page, moved.username));
    expect(await detail(kept.id)).toMatchObject({ status: 'frozen', orgId: deptA });
    expect(await detail(moved.id)).toMatchObject({ status: 'normal', orgId: deptB });

    // Every selected person has left: nothing to go on with, the prompt only deselects them.
    await freezeSelection(page, [left1.username, left2.username], () => moveToB([left1.id, left2.id]));
    await visible(prompt);
    expect(await prompt.textContent()).toContain(left1.realname);
    expect(await prompt.textContent()).toContain(left2.realname);
    await prompt.getByTestId('user-replace-ok').click();
    await gone(prompt);
    await eventually(async () => expect(await page.getByTestId('crud-batch-freeze').isDisabled()).toBe(true));
    for (const p of [left1, left2]) {
      expect(await userRow(page, p.username).locator('input[type="checkbox"]').isChecked()).toBe(false);
      expect(await detail(p.id)).toMatchObject({ status: 'normal', orgId: deptB });
    }
  });
});
