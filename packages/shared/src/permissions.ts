/**
 * Permission codes of spec section 6 and the permission tree a role is edited with.
 * A menu code (`yhgl`) opens the page and its read calls; an action code (`yhgl:add`)
 * allows one changing operation on it. Routes declare the codes they need.
 */
export const ACTIONS = [
  'add', 'modify', 'delete', 'publish', 'unpublish', 'freeze', 'export', 'approve', 'import', 'batch', 'preview',
] as const;
export type Action = (typeof ACTIONS)[number];

export type Terminal = 'manage' | 'student-pc' | 'student-app' | 'lecturer' | 'class-teacher';
export const TERMINALS: readonly Terminal[] = ['manage', 'student-pc', 'student-app', 'lecturer', 'class-teacher'];

export interface PermissionNode {
  /** Menu or group code; groups without a code of their own use `group:<name>`. */
  code: string;
  /** Key under `perm.` in the web catalogues. */
  label: string;
  actions?: readonly Action[];
  children?: readonly PermissionNode[];
  /** Route of the page the menu opens, under the end's root (`manage-user` -> `/dashboard/manage-user`). */
  path?: string;
}

const CRUD = ['add', 'modify', 'delete'] as const satisfies readonly Action[];
const CRUD_X = [...CRUD, 'export', 'import', 'batch'] as const satisfies readonly Action[];
const PUB = [...CRUD, 'publish', 'unpublish', 'preview'] as const satisfies readonly Action[];

const menu = (code: string, actions?: readonly Action[], children?: PermissionNode[]): PermissionNode => ({
  code,
  label: code,
  ...(actions ? { actions } : {}),
  ...(children ? { children } : {}),
});

/** A menu that opens a page: `path` is its route, under the end's root (`/dashboard/<path>` for `manage`). */
const page = (code: string, path: string, actions?: readonly Action[]): PermissionNode => ({ ...menu(code, actions), path });

export const PERMISSION_TREE: Record<Terminal, readonly PermissionNode[]> = {
  manage: [
    menu('rygl', undefined, [
      page('zzjg', 'manage-affiliation', [...CRUD, 'freeze']),
      page('yhgl', 'manage-user', [...CRUD_X, 'freeze']),
      page('xsgl', 'manage-student', [...CRUD_X, 'freeze']),
      page('zcyh', 'registered-user', ['approve']),
      page('rzjs', 'manage-role', [...CRUD, 'freeze']),
      page('gwgl', 'manage-job', CRUD),
      page('zygl', 'manage-professional', CRUD),
      page('bqgl', 'manage-label', CRUD),
      page('xxqz', 'manage-learning-group', [...CRUD, 'freeze']),
      page('jsgl', 'manage-lecturer', [...CRUD_X, 'freeze', 'approve']),
    ]),
    menu('xtgl', undefined, [
      page('gggl', 'manage-notice', PUB),
      page('tggl', 'manage-banner', PUB),
      page('zdgl', 'manage-dict', CRUD),
      page('dlsz', 'set-login', ['modify']),
      page('cspz', 'manage-parameter', ['modify']),
      page('splgl', 'manage-approval-flow', CRUD),
      page('zsgl', 'manage-certificate', CRUD),
      page('bbgl', 'manage-appVersion-setting', CRUD),
      page('yjfk', 'manage-feedback', ['modify', 'export']),
      page('yjrz', 'manage-logMail-report', ['batch', 'export']),
      page('rzgl', 'manage-loginlog-report', ['export']),
      page('xkz', 'license-set', ['modify']),
      page('ldap', 'ldap-set', ['modify', 'import']),
    ]),
    menu('group:course', undefined, [
      page('kjgl', 'manage-courseware', [...CRUD, 'preview']),
      page('kcgl', 'manage-course', [...PUB, 'approve', 'export']),
    ]),
    menu('group:exam', undefined, [
      page('tkgl', 'manage-questions', [...CRUD_X, 'approve', 'publish', 'unpublish']),
      page('sjgl', 'manage-test-paper', [...CRUD, 'preview']),
      page('ksgl', 'manage-test', [...PUB, 'export']),
      page('jkgl', 'monitoring-manage', []),
      page('cjgl', 'manage-grade', ['modify', 'publish', 'export']),
      page('cjpy', 'manage-marking', ['modify', 'publish']),
    ]),
    menu('group:survey', undefined, [page('wjgl', 'manage-questionnaires', PUB), page('dcgl', 'manage-survey', [...PUB, 'export', 'import'])]),
    menu('group:train', undefined, [
      page('ndjh', 'manage-train-year-plan', [...CRUD, 'approve']),
      page('pxapgl', 'manage-train', [...PUB, 'approve', 'export']),
      page('pxbmsp', 'enroll-approval', ['approve', 'export']),
      page('pxkqsp', 'manage-train-attendance', ['approve', 'import', 'export']),
      page('pxjgsp', 'manage-train-result', ['approve', 'import', 'export']),
      page('pxjggl', 'manage-institution', CRUD),
      page('ssgl', 'manage-boardroom', CRUD),
    ]),
    menu('group:other', undefined, [
      page('zbgl', 'manage-live', PUB),
      page('zsglm', 'manage-knowledge', [...PUB, 'approve']),
      page('zssp', 'knowledge-approval', ['approve']),
      page('zyq', 'manage-professional-group', CRUD),
      page('hzyx', 'manage-partner-universities', CRUD),
    ]),
    menu('group:report', undefined, [page('bbtj', 'manage-study-report', ['export'])]),
  ],
  'student-pc': [menu('kc-pc'), menu('zs-pc')],
  'student-app': [menu('kc-app'), menu('zs-app')],
  lecturer: [menu('pxgl-js'), menu('pxpj-js')],
  'class-teacher': [menu('pxgl-bzr')],
};

/**
 * The one walk over the permission tree: depth first, a node before its children. `visit` gets the
 * node and its parent; returning `false` skips the node's children.
 */
export function walkPermissionTree(
  nodes: readonly PermissionNode[],
  visit: (node: PermissionNode, parent: PermissionNode | undefined) => void | boolean,
  parent?: PermissionNode,
): void {
  for (const n of nodes) {
    if (visit(n, parent) === false) continue;
    if (n.children) walkPermissionTree(n.children, visit, n);
  }
}

/**
 * Codes of a tree: menus (`group:*` only with `groups`) and, with `actions`, `<menu>:<action>` after
 * each menu.
 */
export function permissionCodes(nodes: readonly PermissionNode[], opts: { actions?: boolean; groups?: boolean } = {}): string[] {
  const out: string[] = [];
  walkPermissionTree(nodes, (n) => {
    if (opts.groups || !n.code.startsWith('group:')) out.push(n.code);
    if (opts.actions) for (const a of n.actions ?? []) out.push(`${n.code}:${a}`);
  });
  return out;
}

/** Every grantable code, menus and actions, over all terminals. */
export const ALL_PERMISSION_CODES: readonly string[] = Object.freeze(
  TERMINALS.flatMap((t) => permissionCodes(PERMISSION_TREE[t], { actions: true })),
);

const known = new Set(ALL_PERMISSION_CODES);
/** `juesegl` is the spec's second name for roles (`rzjs`). */
export const PERMISSION_ALIASES: Record<string, string> = { juesegl: 'rzjs' };

export function isPermissionCode(code: string): boolean {
  return known.has(code) || code in PERMISSION_ALIASES;
}

/** A route needs `public`, any signed-in user, or at least one of the listed codes. */
export type RoutePermission = 'public' | 'authenticated' | readonly string[];

export function hasAnyPermission(granted: ReadonlySet<string> | readonly string[], needed: readonly string[]): boolean {
  const set = granted instanceof Set ? granted : new Set(granted as readonly string[]);
  return needed.some((c) => set.has(c) || set.has(PERMISSION_ALIASES[c] ?? ''));
}

/** Codes whose presence opens an end of the product (spec: menus shown by code). */
export const ENTRY_CODES = {
  manage: 'xtgl',
  personnel: 'rygl',
  classTeacher: 'pxgl-bzr',
  lecturer: ['pxgl-js', 'pxpj-js'],
  studentCourses: 'kc-pc',
  studentKnowledge: 'zs-pc',
} as const;
