/**
 * Training resources: an administrator edits a training organization in the back office and the
 * new name is what the server keeps (component tests in happy-dom could not show a typed edit
 * reaching the request, so the browser says it).
 */
import { describe, expect, it } from 'vitest';
import { useBrowser, visible, waitForPath } from './support/browser';
import { loginAdminUI } from './support/flows';
import { loginAdmin, post, uniq } from './support/api';

describe('training resources', () => {
  const b = useBrowser();

  it('an edited training organization keeps the name typed in the form', async () => {
    const { page } = b;
    const admin = await loginAdmin();
    const before = uniq('培训机构');
    const created = await post<{ id: number }>(admin, 'institution/insert', { name: before, contact: '张老师' });
    const after = uniq('更名机构');

    await loginAdminUI(page);
    await page.goto(`/dashboard/add-institution?id=${created.id}`);
    const name = page.getByTestId('institution-name');
    await visible(name);
    await expect.poll(() => name.inputValue()).toBe(before);
    await name.fill(after);
    await page.getByTestId('institution-submit').click();
    await waitForPath(page, '/dashboard/manage-institution');
    await visible(page.getByTestId('institution-row-name').filter({ hasText: after }));

    const kept = await post<{ name: string; contact: string }>(await loginAdmin(), 'institution/get', { id: created.id });
    expect(kept).toMatchObject({ name: after, contact: '张老师' });
  });
});
