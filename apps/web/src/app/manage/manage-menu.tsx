import type { ReactNode } from 'react';
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { PERMISSION_TREE, walkPermissionTree } from '@hanlin/shared';
import { can } from '../../platform/permission';

type Item = NonNullable<MenuProps['items']>[number];

const label = (code: string, t: TFunction): ReactNode => <span data-testid={`menu-${code.replace(':', '-')}`}>{t(`perm.${code}`)}</span>;

/**
 * The admin menu from PERMISSION_TREE.manage (each page node carries its route) filtered by operateAuth. A group with its own
 * code (rygl personnel, xtgl system) needs that code; `group:*` groups appear when any child does.
 */
export function buildManageMenu(granted: readonly string[], t: TFunction): { items: Item[]; groupOf: Record<string, string> } {
  const groupOf: Record<string, string> = {};
  const items: Item[] = [];
  const groups = new Map<string, Item[]>();
  walkPermissionTree(PERMISSION_TREE.manage, (n, parent) => {
    if (n.children) {
      // A group with a code of its own needs it; its children are then not visited.
      if (!n.code.startsWith('group:') && !can(granted, n.code)) return false;
      groups.set(n.code, []);
      return true;
    }
    if (!n.path || !can(granted, n.code)) return;
    const item: Item = { key: `/dashboard/${n.path}`, label: label(n.code, t) };
    if (!parent) items.push(item);
    else {
      groupOf[String(item.key)] = parent.code;
      const siblings = groups.get(parent.code)!;
      // The group shows where it stands in the tree, once it has a child.
      if (!siblings.length) items.push({ key: parent.code, label: label(parent.code, t), children: siblings });
      siblings.push(item);
    }
  });
  return { items, groupOf };
}
