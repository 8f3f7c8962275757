/**
 * Permission codes of spec section 6 and the permission tree a role is edited with.
 * A menu code (`yhgl`) opens the page and its read calls; an action code (`yhgl:add`)
 * allows one changing operation on it. Routes declare the codes they need.
 */
export const ACTIONS = ['add', 'modify', 'delete', 'publish', 'unpublish', 'freeze', 'export', 'approve', 'import', 'batch', 'preview'] as const;
export type Action = (typeof ACTIONS)[number];

export type Terminal = 'manage' | 'student-pc' | 'student-app' | 'lecturer' | 'class-teacher';
export const TERMINALS: readonly [Terminal, ...Terminal[]] = ['manage', 'student-pc', 'student-app', 'lecturer', 'class-teacher'];

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

/** Keeps each code and action as a literal type, so `PermissionCode` can be derived from the tree. */
const menu = <const C extends string, const A extends readonly Action[] = readonly [], const K extends readonly PermissionNode[] = readonly []>(
  code: C,
  actions?: A | null,
  children?: K,
): { code: NoInfer<C>; label: NoInfer<C>; actions?: NoInfer<A>; children?: NoInfer<K> } => ({
  code,
  label: code,
  ...(actions ? { actions } : {}),
  ...(children ? { children } : {}),
});

/** A menu that opens a page: `path` is its route, under the end's root (`/dashboard/<path>` for `manage`). */
const page = <const C extends string, const A extends readonly Action[] = readonly []>(code: C, path: string, actions?: A) => ({ ...menu(code, actions), path });

const TREE = {
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
      page('gggl', 'manage-notice', [...PUB, 'freeze']),
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
      page('kcfl', 'manage-course-classify', CRUD),
      page('kcsp', 'course-approval', ['approve']),
      page('kcpl', 'manage-course-comment', ['modify']),
      page('szjc', 'textbooks-digital', PUB),
      page('xxzp', 'manage-learn-assign', [...PUB, 'export']),
    ]),
    menu('group:exam', undefined, [
      page('tkgl', 'manage-questions', [...CRUD_X, 'approve', 'publish', 'unpublish']),
      page('sjgl', 'manage-test-paper', [...CRUD, 'preview']),
      page('ksgl', 'manage-test', [...PUB, 'export']),
      page('lxgl', 'manage-exercise', PUB),
      page('jkgl', 'monitoring-manage', []),
      page('cjgl', 'manage-grade', ['modify', 'publish', 'export']),
      page('cjpy', 'manage-marking', ['modify', 'publish']),
    ]),
    menu('group:survey', undefined, [
      page('wjgl', 'manage-questionnaires', PUB),
      page('dcgl', 'manage-survey', [...PUB, 'export', 'import']),
      // Q&A (manage-QA, add-QA): spec §6 lists no code of its own; wdgl (问答管理) follows the naming of wjgl and dcgl.
      page('wdgl', 'manage-QA', [...CRUD, 'publish', 'unpublish']),
    ]),
    menu('group:train', undefined, [
      page('ndjh', 'manage-train-year-plan', [...CRUD, 'approve']),
      page('pxapgl', 'manage-train', [...PUB, 'approve', 'export']),
      page('pxbmsp', 'enroll-approval', ['approve', 'export']),
      page('pxkqsp', 'manage-train-attendance', ['approve', 'import', 'export']),
      // Results are entered and submitted with pxjgsp:modify (enter-result, manage-exam-result, manage-mix-train-result read with pxjgsp);
      // the class's satisfaction, performance and charges pages (manage-train-survey, manage-train-satisfaction,
      // manage-train-performance, manage-train-chargeDetails) belong to the arrangement, pxapgl (writes pxapgl:modify).
      page('pxjgsp', 'manage-train-result', ['modify', 'approve', 'import', 'export']),
      page('pxjggl', 'manage-institution', CRUD),
      page('ssgl', 'manage-boardroom', CRUD),
      // Outside training (manage-train-out): spec §6 lists no code of its own; wxpx (外训) follows the naming of pxjggl and ssgl.
      page('wxpx', 'manage-train-out', []),
      // Training sites (manage-train-place, train-place-detail): spec §6 lists no code of its own; pxcdgl (培训场地管理) follows pxjggl.
      page('pxcdgl', 'manage-train-place', CRUD),
      // Face-to-face courses (manage-train-course, add-train-course): spec §6 lists no code of its own; pxkcgl (培训课程管理) follows pxcdgl.
      page('pxkcgl', 'manage-train-course', [...CRUD, 'export']),
      // Unplanned (ad-hoc) training plans (manage-train-plan; train-plan-approval needs pxjh:approve): spec §6 lists no
      // code of their own; pxjh (培训计划) sits beside ndjh with the same actions plus export (the list's Excel).
      page('pxjh', 'manage-train-plan', [...CRUD, 'approve', 'export']),
      // Training leaders (manage-leader, add-leader): spec §6 lists no code of their own; pxld (培训领导) follows pxjggl.
      // The leader's plan center (leader-center-plan) needs no code: the designation itself is the right.
      page('pxld', 'manage-leader', CRUD),
      // Help documents and templates (help-and-template, update-help-template): spec §6 lists no code of their own;
      // bzmb (帮助模板) manages them; the published ones are read by holders of any training code (TRAINING_READER_CODES).
      page('bzmb', 'help-and-template', CRUD),
    ]),
    menu('group:other', undefined, [
      page('zbgl', 'manage-live', PUB),
      page('zsglm', 'manage-knowledge', [...PUB, 'approve']),
      page('zssp', 'knowledge-approval', ['approve']),
      page('zyq', 'manage-professional-group', CRUD),
      page('hzyx', 'manage-partner-universities', CRUD),
    ]),
    menu('group:report', undefined, [page('bbtj', 'manage-study-report', ['export']), page('kctj', 'manage-course-report', ['export'])]),
  ],
  'student-pc': [menu('kc-pc'), menu('zs-pc')],
  'student-app': [menu('kc-app'), menu('zs-app')],
  lecturer: [menu('pxgl-js'), menu('pxpj-js')],
  'class-teacher': [menu('pxgl-bzr')],
} as const satisfies Record<Terminal, readonly PermissionNode[]>;

export const PERMISSION_TREE: Record<Terminal, readonly PermissionNode[]> = TREE;

/**
 * Menu entries of pages a node of another group opens (spec §2 lists the survey reports among the
 * reports; their code stays the surveys' `dcgl`): the management menu shows them in the group named,
 * after its pages; they grant nothing of their own, so the role tree and the code lists do not repeat them.
 */
export const MENU_LINKS: Readonly<Record<string, readonly { code: PermissionCode; path: string }[]>> = {
  'group:report': [
    { code: 'dcgl', path: 'manage-survey-report' },
    { code: 'dcgl', path: 'manage-surveydetail-report' },
  ],
};

/** A node's own codes: the menu (groups have none) and its actions. The tree is two levels deep. */
type NodeCodes<N> = N extends { code: infer C extends string }
  ? (C extends `group:${string}` ? never : C) | (N extends { actions?: readonly (infer X extends string)[] } ? `${C}:${X}` : never)
  : never;
type CodesOf<N> = NodeCodes<N> | (N extends { children?: readonly (infer Child)[] } ? NodeCodes<Child> : never);

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
export const ALL_PERMISSION_CODES: readonly PermissionCode[] = Object.freeze(
  TERMINALS.flatMap((t) => permissionCodes(PERMISSION_TREE[t], { actions: true })) as PermissionCode[],
);

const known = new Set<string>(ALL_PERMISSION_CODES);
/** `juesegl` is the spec's second name for roles (`rzjs`). */
const ALIASES = { juesegl: 'rzjs' } as const;
export const PERMISSION_ALIASES: Readonly<Record<string, string>> = ALIASES;

/** Every code a route may name, as a type: a typo in a route declaration fails to compile. */
export type PermissionCode = CodesOf<(typeof TREE)[Terminal][number]> | keyof typeof ALIASES;

export function isPermissionCode(code: string): code is PermissionCode {
  return known.has(code) || code in PERMISSION_ALIASES;
}

/** A route needs `public`, any signed-in user, or at least one of the listed codes. */
export type RoutePermission = 'public' | 'authenticated' | readonly PermissionCode[];

export function hasAnyPermission(granted: ReadonlySet<string> | readonly string[], needed: readonly string[]): boolean {
  const set: ReadonlySet<string> = granted instanceof Set ? granted : new Set(granted);
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
