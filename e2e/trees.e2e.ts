/**
 * The tree page kernel on the professional tree: add a top-level node and a child through the
 * dialog, insert a sibling above through the right-click menu, delete through its confirmation,
 * and the server's refusal of a duplicate name shown on the field.
 */
import { describe, expect, it } from 'vitest';
import { eventually, gone, useBrowser, visible, waitForPath } from './support/browser';
import { loginAdminUI, openMenu, sessionOf } from './support/flows';
import { post, uniq } from './support/api';

type Node = { id: number; name: string; parentId: number | null; children: Node[] };
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

describe('tree page (professional tree)', () => {
  const b = useBrowser();

  it('adds, inserts above, refuses a duplicate sibling name and deletes through the right-click menu', async () => {
    const { page } = b;
    const names = { top: uniq('专业'), child: uniq('子专业'), above: uniq('上方') };
    await loginAdminUI(page);
    const admin = await sessionOf(page);
    const tree = async () => flat(await post<Node[]>(admin, 'professional/tree'));
    const named = (name: string) =>
      eventually(async () => {
        const n = (await tree()).find((x) => x.name === name);
        if (!n) throw new Error(`${name} not there yet`);
        return n;
      });

    await openMenu(page, 'rygl', 'zygl');
    await waitForPath(page, '/dashboard/manage-professional');
    await visible(page.getByTestId('professionals-page'));

    const addThroughDialog = async (name: string) => {
      await visible(page.getByTestId('professionals-name'));
      await page.getByTestId('professionals-name').fill(name);
      await page.getByTestId('professionals-submit').click();
    };
    const menu = async (nodeId: number, action: string) => {
      await page.getByTestId(`tree-node-${nodeId}`).click({ button: 'right' });
      const item = page.getByTestId(`tree-action-${action}`).filter({ visible: true });
      await visible(item);
      await item.click();
    };

    await page.getByTestId('professionals-add-root').click();
    await addThroughDialog(names.top);
    const top = await named(names.top);
    await visible(page.getByTestId(`tree-node-${top.id}`));

    await menu(top.id, 'add');
    await addThroughDialog(names.child);
    const child = await named(names.child);
    expect(child.parentId).toBe(top.id);
    await visible(page.getByTestId(`tree-node-${child.id}`));

    // A sibling with the same name is refused by the server; the dialog stays open showing why.
    await menu(child.id, 'insertAbove');
    await addThroughDialog(names.child);
    await visible(page.locator('.ant-form-item-explain-error').filter({ visible: true }));
    await page.getByTestId('professionals-name').fill(names.above);
    await page.getByTestId('professionals-submit').click();
    const above = await named(names.above);
    await eventually(async () => {
      const parent = (await tree()).find((n) => n.id === top.id)!;
      expect(parent.children.map((n) => n.id)).toEqual([above.id, child.id]);
    });

    await menu(above.id, 'delete');
    await page.getByTestId('professionals-delete-ok').click();
    await gone(page.getByTestId(`tree-node-${above.id}`));
    expect((await tree()).some((n) => n.id === above.id)).toBe(false);
  });
});
