import type { ReactNode } from 'react';
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { MENU_LINKS, PERMISSION_TREE, getKnown, walkPermissionTree } from '@hanlin/shared';
import { can } from '../../platform/permission';

type Item = NonNullable<MenuProps['items']>[number];

const label = (code: string, t: TFunction): ReactNode => <span data-testid={`menu-${code.replace(':', '-')}`}>{t(`perm.${code}`)}</span>;
/** A `MENU_LINKS` entry: its page's title (the code is another menu's). */
const linkLabel = (path: string, t: TFunction): ReactNode => <span data-testid={`menu-${path}`}>{t(`page.${path}`)}</span>;

/**
 * The admin menu from PERMISSION_TREE.manage (each page node carries its route) filtered by operateAuth. A group with its own
 * code (rygl personnel, xtgl system) needs that code; `group:*` groups appear when any child does. A group's
 * `MENU_LINKS` (pages another menu's code opens) follow its own pages.
 */
export function buildManageMenu(granted: readonly string[], t: TFunction): { items: Item[]; groupOf: Record<string, string> } {
  const groupOf: Record<string, string> = {};
  const items: Item[] = [];
  const groups = new Map<string, Item[]>();
  const pending = new Map<string, { group: string; code: string; path: string }[]>();
  const add = (group: string, item: { key: string; label: ReactNode }) => {
    groupOf[item.key] = group;
    const siblings = getKnown(groups, group, 'menu group');
    // The group shows where it stands in the tree, once it has a child.
    if (!siblings.length) items.push({ key: group, label: label(group, t), children: siblings });
    siblings.push(item);
  };
  walkPermissionTree(PERMISSION_TREE.manage, (n, parent) => {
    if (n.children) {
      // A group with a code of its own needs it; its children are then not visited.
      if (!n.code.startsWith('group:') && !can(granted, n.code)) return false;
      groups.set(n.code, []);
      // Visited after the group's last page: the links come after its pages.
      const last = n.children.at(-1);
      if (last) for (const link of MENU_LINKS[n.code] ?? []) pending.set(last.code, [...(pending.get(last.code) ?? []), { group: n.code, ...link }]);
      return true;
    }
    if (n.path && can(granted, n.code)) {
      const item = { key: `/dashboard/${n.path}`, label: label(n.code, t) };
      if (!parent) items.push(item);
      else add(parent.code, item);
    }
    for (const link of pending.get(n.code) ?? []) if (can(granted, link.code)) add(link.group, { key: `/dashboard/${link.path}`, label: linkLabel(link.path, t) });
  });
  return { items, groupOf };
}
