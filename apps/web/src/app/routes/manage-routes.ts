/**
 * Management routes as data: each menu node of the permission tree (spec section 6) carries its
 * route name (spec section 2), and each module declares its other pages in
 * `modules/<domain>/manage-pages.ts`. Used by the router (guards) and by the management tabs;
 * loaded with the management end, never by the login page or the portal (see manage-paths.ts).
 */
import { PERMISSION_TREE, walkPermissionTree } from '@hanlin/shared';
import type { ManagePage } from '../../platform/pages';
import { MANAGE_HOME, type ManageRoute } from './manage-paths';

/**
 * Pages each module declares in `modules/<domain>/manage-pages.ts` (found by Vite's glob, so no
 * central list grows). Only the loaders' dynamic imports are here, not the page code.
 */
export const MODULE_PAGES: readonly ManagePage[] = Object.values(import.meta.glob<{ default: ManagePage[] }>('../../modules/*/manage-pages.ts', { eager: true })).flatMap(
  (m) => m.default,
);

/** The menu pages: every node of the management tree that carries a route path. */
const MENU_ROUTES: ManageRoute[] = [];
walkPermissionTree(PERMISSION_TREE.manage, (n) => {
  if (n.path) MENU_ROUTES.push({ path: n.path, codes: [n.code], titleKey: `perm.${n.code}` });
});

const menuPaths = new Set(MENU_ROUTES.map((r) => r.path));
/** Pages reached from a list rather than the menu (add/edit/detail pages). */
const EXTRA: readonly ManageRoute[] = MODULE_PAGES.filter((p) => !menuPaths.has(p.path)).map((p) => ({
  path: p.path,
  codes: p.codes ?? [],
  titleKey: p.titleKey ?? `page.${p.path}`,
}));

export const MANAGE_ROUTES: readonly ManageRoute[] = [...MENU_ROUTES, ...EXTRA];

export function manageRouteByPath(path: string): ManageRoute | undefined {
  return path === MANAGE_HOME.path ? MANAGE_HOME : MANAGE_ROUTES.find((r) => r.path === path);
}
