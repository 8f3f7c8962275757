/**
 * Management routes as data: the menu code of spec section 6 -> the route name of spec
 * section 2. Used by the router (guards) and by the management menu and tabs. Kept outside
 * `app/manage` so the router can read it without loading management code.
 */
import { PERMISSION_TREE, type PermissionNode } from '@hanlin/shared';
import type { ManagePage } from '../../platform/pages';

export const MENU_PATHS: Record<string, string> = {
  zzjg: 'manage-affiliation',
  yhgl: 'manage-user',
  xsgl: 'manage-student',
  zcyh: 'registered-user',
  rzjs: 'manage-role',
  gwgl: 'manage-job',
  zygl: 'manage-professional',
  bqgl: 'manage-label',
  xxqz: 'manage-learning-group',
  jsgl: 'manage-lecturer',
  gggl: 'manage-notice',
  tggl: 'manage-banner',
  zdgl: 'manage-dict',
  dlsz: 'set-login',
  cspz: 'manage-parameter',
  splgl: 'manage-approval-flow',
  zsgl: 'manage-certificate',
  bbgl: 'manage-appVersion-setting',
  yjfk: 'manage-feedback',
  yjrz: 'manage-logMail-report',
  rzgl: 'manage-loginlog-report',
  xkz: 'license-set',
  ldap: 'ldap-set',
  kjgl: 'manage-courseware',
  kcgl: 'manage-course',
  tkgl: 'manage-questions',
  sjgl: 'manage-test-paper',
  ksgl: 'manage-test',
  jkgl: 'monitoring-manage',
  cjgl: 'manage-grade',
  cjpy: 'manage-marking',
  wjgl: 'manage-questionnaires',
  dcgl: 'manage-survey',
  ndjh: 'manage-train-year-plan',
  pxapgl: 'manage-train',
  pxbmsp: 'enroll-approval',
  pxkqsp: 'manage-train-attendance',
  pxjgsp: 'manage-train-result',
  pxjggl: 'manage-institution',
  ssgl: 'manage-boardroom',
  zbgl: 'manage-live',
  zsglm: 'manage-knowledge',
  zssp: 'knowledge-approval',
  zyq: 'manage-professional-group',
  hzyx: 'manage-partner-universities',
  bbtj: 'manage-study-report',
};

export interface ManageRoute {
  path: string;
  codes: readonly string[];
  titleKey: string;
}

/**
 * Pages each module declares in `modules/<domain>/manage-pages.ts` (outside manage/, so it stays in the main bundle) (found by Vite's glob, so no
 * central list grows). Only the loaders' dynamic imports are here, not the page code.
 */
export const MODULE_PAGES: readonly ManagePage[] = Object.values(
  import.meta.glob<{ default: ManagePage[] }>('../../modules/*/manage-pages.ts', { eager: true }),
).flatMap((m) => m.default);

const menuPaths = new Set(Object.values(MENU_PATHS));
/** Pages reached from a list rather than the menu (add/edit/detail pages). */
const EXTRA: readonly ManageRoute[] = MODULE_PAGES.filter((p) => !menuPaths.has(p.path)).map((p) => ({
  path: p.path,
  codes: p.codes ?? [],
  titleKey: p.titleKey ?? `page.${p.path}`,
}));

export const MANAGE_HOME: ManageRoute = { path: 'manage-index', codes: [], titleKey: 'page.manage-index' };

export const MANAGE_ROUTES: readonly ManageRoute[] = [
  ...Object.entries(MENU_PATHS).map(([code, path]) => ({ path, codes: [code], titleKey: `perm.${code}` })),
  ...EXTRA,
];

export function manageRouteByPath(path: string): ManageRoute | undefined {
  return path === MANAGE_HOME.path ? MANAGE_HOME : MANAGE_ROUTES.find((r) => r.path === path);
}

function codesOf(nodes: readonly PermissionNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    out.push(n.code);
    if (n.children) codesOf(n.children, out);
  }
  return out;
}

/** Any of these opens the management end. */
export const MANAGE_CODES: readonly string[] = codesOf(PERMISSION_TREE.manage).filter((c) => !c.startsWith('group:'));
