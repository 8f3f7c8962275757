/**
 * What every page needs to know of the management end, and nothing more: the codes that open it
 * and its home. The routes of its pages (one module's `manage-pages.ts` each) are in
 * `manage-routes.ts`, loaded when a user holding the codes opens /dashboard (app/router.tsx), so
 * the first download of every page stays the same size as modules add pages.
 */
import { PERMISSION_TREE, permissionCodes } from '@hanlin/shared';

export interface ManageRoute {
  path: string;
  codes: readonly string[];
  titleKey: string;
}

export const MANAGE_HOME: ManageRoute = { path: 'manage-index', codes: [], titleKey: 'page.manage-index' };

/** Any of these opens the management end. */
export const MANAGE_CODES: readonly string[] = permissionCodes(PERMISSION_TREE.manage);
