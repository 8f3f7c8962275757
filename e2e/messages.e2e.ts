/**
 * Issue 11 points 5 and 6, browser tier: the header bell's message panel (latest messages,
 * unread count, open one, mark all read, see all) and the daily check-in (button, streak text,
 * experience ring).
 */
import { describe, expect, it } from 'vitest';
import { activate, createActiveStudent, createEmployee, createRole, loginAdmin, releaseNotice, uniq } from './support/api';
import { confirmDialog } from './support/browser';
import { gone, toast, useBrowser, visible, waitForPath } from './support/browser';
import { loginUI } from './support/flows';

const PASSWORD = 'Passw0rd-e2e';

describe('message center and daily check-in in the header', () => {
  const b = useBrowser();

  it('the bell shows the unread count; its panel opens a message, marks all read and leads to my messages', async () => {
    const admin = await loginAdmin();
    const student = await createActiveStudent(admin, PASSWORD);
    // Two notices released to everyone: two messages for the student.
    const titles = [uniq('消息公告A'), uniq('消息公告B')];
    for (const title of titles) await releaseNotice(admin, title);

    const { page } = b;
    await loginUI(page, student.username, student.password, 'student');
    const badge = page.getByTestId('unread-badge').locator('.ant-badge-count');
    await visible(badge);
    await expect(badge.getAttribute('title')).resolves.toBe('2');

    // The panel: newest first, titles in the reader's language.
    await page.getByTestId('message-bell').click();
    const panel = page.getByTestId('message-panel');
    await visible(panel.getByText('2 条未读'));
    const items = panel.getByTestId('message-panel-item');
    await visible(items.filter({ hasText: `新公告：${titles[1]}` }));
    expect(await items.count()).toBe(2);
    await items.filter({ hasText: titles[1]! }).click();
    await visible(page.getByTestId('message-content').filter({ hasText: `公告“${titles[1]}”已发布。` }));
    await page.locator('.ant-modal-close').click();
    await expect(badge.getAttribute('title')).resolves.toBe('1');
    await gone(page.getByTestId('message-content'));

    await page.getByTestId('message-bell').click();
    await visible(panel.getByText('1 条未读'));
    await panel.getByTestId('message-read-all').click();
    await gone(badge);
    await visible(panel.getByText('0 条未读'));

    await panel.getByTestId('message-see-all').click();
    await waitForPath(page, '/student-center/messages');
    const rows = page.getByTestId('my-messages-page').getByTestId('message-item');
    await visible(rows.filter({ hasText: titles[0]! }));
    expect(await rows.count()).toBe(2);
    expect(await rows.first().getAttribute('data-read')).toBe('true');
  });

  it('daily check-in: the button gives the experience the parameters set and the streak text follows', async () => {
    const admin = await loginAdmin();
    const student = await createActiveStudent(admin, PASSWORD);

    const { page } = b;
    await loginUI(page, student.username, student.password, 'student');
    const area = page.getByTestId('sign-in-area');
    await visible(area.getByTestId('sign-in-button'));
    await expect(area.getByTestId('sign-in-streak').textContent()).resolves.toBe('每日签到，累积连续天数');
    await expect(area.getByTestId('sign-in-exp').getAttribute('data-percent')).resolves.toBe('0');

    await area.getByTestId('sign-in-button').click();
    // The parameter page's default is 10 experience per check-in; the next level is at 100.
    await visible(toast(page).filter({ hasText: '签到成功：经验 +10' }));
    await visible(area.getByTestId('sign-in-done'));
    await expect(area.getByTestId('sign-in-streak').textContent()).resolves.toBe('已连续签到 1 天');
    await expect(area.getByTestId('sign-in-exp').getAttribute('data-percent')).resolves.toBe('10');
    expect(await area.getByTestId('sign-in-button').count()).toBe(0);

    // The server remembers it: after a reload the day is still checked in.
    await page.reload();
    await visible(page.getByTestId('sign-in-area').getByTestId('sign-in-done'));
  });

  it('my messages in the back office: filters, mark read, delete and the message settings', async () => {
    const admin = await loginAdmin();
    const roleId = await createRole(admin, { name: uniq('公告管理'), permissions: ['xtgl', 'gggl'] });
    const user = await createEmployee(admin, { roleIds: [roleId] });
    await activate(user, PASSWORD, 'manage');
    const title = uniq('后台消息');
    await releaseNotice(admin, title);

    const { page } = b;
    await loginUI(page, user.username, user.password);
    await page.getByTestId('message-bell').click();
    await page.getByTestId('message-panel').getByTestId('message-see-all').click();
    await waitForPath(page, '/dashboard/my-messages');
    const list = page.getByTestId('my-messages-page');
    const rows = list.getByTestId('message-item');
    await visible(rows.filter({ hasText: title }));

    // Unread only, then mark the page read: the unread filter empties.
    await list.getByTestId('message-filter-read').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '未读' }).click();
    await visible(rows.filter({ hasText: title }));
    await list.getByTestId('message-select-page').click();
    await list.getByTestId('message-mark-read').click();
    await visible(list.getByText('暂无消息'));

    // Every message again, by type "公告": select it and delete it.
    await list.getByTestId('message-filter-read').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '全部' }).click();
    await list.getByTestId('message-filter-kind').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '公告' }).click();
    await visible(rows.filter({ hasText: title }));
    await list.getByTestId('message-select-page').click();
    await list.getByTestId('message-delete').click();
    await visible(confirmDialog(page).filter({ hasText: '删除选中的 1 条消息？' }));
    await page.getByTestId('message-delete-ok').click();
    await visible(list.getByText('暂无消息'));

    // Settings: stop receiving notices; the next released notice does not arrive.
    await list.getByTestId('message-config').click();
    await expect(page.getByTestId('message-config-account').isDisabled()).resolves.toBe(true);
    await page.getByTestId('message-config-notice').click();
    await page.getByTestId('message-config-save').click();
    await visible(toast(page).filter({ hasText: '保存成功' }));
    await releaseNotice(admin, uniq('静音公告'));
    await page.reload();
    await visible(page.getByTestId('my-messages-page'));
    await visible(list.getByText('暂无消息'));
  });
});
