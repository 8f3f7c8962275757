import type { ReactNode } from 'react';
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import { PERMISSION_TREE, type PermissionNode } from '@hanlin/shared';
import { can } from '../../platform/permission';
import { MENU_PATHS } from '../routes/manage-paths';

type Item = NonNullable<MenuProps['items']>[number];

const label = (code: string, t: TFunction): ReactNode => <span data-testid={`menu-${code.replace(':', '-')}`}>{t(`perm.${code}`)}</span>;

/**
 * The admin menu from PERMISSION_TREE.manage filtered by operateAuth. A group with its own
 * code (rygl personnel, xtgl system) needs that code; `group:*` groups appear when any child does.
 */
export function buildManageMenu(granted: readonly string[], t: TFunction): { items: Item[]; groupOf: Record<string, string> } {
  const groupOf: Record<string, string> = {};
  const leaf = (n: PermissionNode): Item | null => {
    const path = MENU_PATHS[n.code];
    if (!path || !can(granted, n.code)) return null;
    return { key: `/dashboard/${path}`, label: label(n.code, t) };
  };
  const items: Item[] = [];
  for (const g of PERMISSION_TREE.manage) {
    if (!g.children) {
      const l = leaf(g);
      if (l) items.push(l);
      continue;
    }
    if (!g.code.startsWith('group:') && !can(granted, g.code)) continue;
    const children = g.children.map(leaf).filter((x): x is Item => !!x);
    if (!children.length) continue;
    for (const c of children) groupOf[String(c!.key)] = g.code;
    items.push({ key: g.code, label: label(g.code, t), children });
  }
  return { items, groupOf };
}
