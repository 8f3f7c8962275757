/**
 * Issue 11 point 7 (and 19), browser tier: a notice written in the rich-text editor and released
 * to one organization reaches a member of it as formatted text, and not a user elsewhere; a
 * released banner shows in the portal home carousel on a 390 px phone.
 */
import { describe, expect, it } from 'vitest';
import { createActiveStudent, createOrg, loginAdmin, post, releaseBanner, rootOrgId, uniq } from './support/api';
import { toast, useBrowser, visible, waitForPath } from './support/browser';
import { fillNow, loginAdminUI, loginUI, openPortalNotice, pickAudienceOrg, sessionOf } from './support/flows';

const NEW_PASSWORD = 'Passw0rd-e2e';
// The smallest PNG: one transparent pixel.

describe('notices and banners', () => {
  const b = useBrowser();

  it('a notice released to one organization reaches its member as formatted text, not another user; a banner shows on the portal', async () => {
    const admin = await loginAdmin();
    const root = await rootOrgId(admin);
    const orgName = uniq('E2E部门');
    const orgId = await createOrg(admin, { parentId: root, name: orgName });
    const otherOrg = await createOrg(admin, { parentId: root, name: uniq('E2E其他') });
    const member = await createActiveStudent(admin, NEW_PASSWORD, { orgId });
    const outsider = await createActiveStudent(admin, NEW_PASSWORD, { orgId: otherOrg });

    // A released banner (through the API: the carousel is what is tested here).
    const bannerTitle = uniq('E2E横幅').slice(0, 30);
    const banner = { id: await releaseBanner(admin, bannerTitle) };

    // Administrator: add-notice with bold text and an audience of one organization, save and release.
    const title = uniq('E2E定向公告');
    const { page } = b;
    await loginAdminUI(page);
    await page.goto('/dashboard/add-notice');
    await visible(page.getByTestId('notice-form'));
    await page.getByTestId('notice-title').fill(title);
    const editor = await visible(page.getByTestId('notice-content-content'));
    await editor.click();
    await page.keyboard.type('只给本部门的通知 ');
    await page.getByTestId('notice-content-bold').click();
    await page.keyboard.type('重要内容');
    await fillNow(page, 'notice-display-time');
    await pickAudienceOrg(page, 'notice-audience', { id: orgId, name: orgName });
    await page.getByTestId('notice-submit-release').click();
    await visible(toast(page).filter({ hasText: '发布成功' }));
    await waitForPath(page, '/dashboard/manage-notice');

    // The member, on a phone: the carousel shows the banner, the notice is listed and reads as formatted text.
    const mp = await b.newUserPage();
    await mp.setViewportSize({ width: 390, height: 844 });
    await loginUI(mp, member.username, NEW_PASSWORD, 'student');
    await waitForPath(mp, '/portal');
    const slide = mp.locator(`[data-testid="portal-banner"][data-banner-id="${banner.id}"]`).first();
    await visible(slide);
    const box = await slide.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(await slide.locator('img').getAttribute('alt')).toBe(bannerTitle);
    await openPortalNotice(mp, title);
    const content = await visible(mp.getByTestId('portal-notice-content'));
    await visible(content.locator('strong').filter({ hasText: '重要内容' }));

    // A user outside the audience: the portal has loaded its notices, and this one is not among them.
    const op = await b.newUserPage();
    await loginUI(op, outsider.username, NEW_PASSWORD, 'student');
    await waitForPath(op, '/portal');
    await visible(op.getByTestId('portal-notices'));
    const mine = await post<{ records: { title: string }[] }>(await sessionOf(op), 'notice/my', { page: 1, size: 100 });
    expect(mine.records.map((r) => r.title)).not.toContain(title);
    await visible(op.locator(`[data-testid="portal-banner"][data-banner-id="${banner.id}"]`).first());
    expect(await op.getByTestId('portal-notice-title').filter({ hasText: title }).count()).toBe(0);
  });
});
