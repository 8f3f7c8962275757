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
}

const CRUD = ['add', 'modify', 'delete'] as const satisfies readonly Action[];
const CRUD_X = [...CRUD, 'export', 'import', 'batch'] as const satisfies readonly Action[];
const PUB = [...CRUD, 'publish', 'unpublish', 'preview'] as const satisfies readonly Action[];

/** Keeps each code and action as a literal type, so `PermissionCode` can be derived from the tree. */
const menu = <const C extends string, const A extends readonly Action[] = readonly [], const K extends readonly PermissionNode[] = readonly []>(
  code: C,
  actions?: A | null,
  children?: K,
) =>
  ({
    code,
    label: code,
    ...(actions ? { actions } : {}),
    ...(children ? { children } : {}),
  }) as { code: NoInfer<C>; label: NoInfer<C>; actions?: NoInfer<A>; children?: NoInfer<K> };

const TREE = {
  manage: [
    menu('rygl', null, [
      menu('zzjg', [...CRUD, 'freeze']),
      menu('yhgl', [...CRUD_X, 'freeze']),
      menu('xsgl', [...CRUD_X, 'freeze']),
      menu('zcyh', ['approve']),
      menu('rzjs', [...CRUD, 'freeze']),
      menu('gwgl', CRUD),
      menu('zygl', CRUD),
      menu('bqgl', CRUD),
      menu('xxqz', [...CRUD, 'freeze']),
      menu('jsgl', [...CRUD_X, 'freeze', 'approve']),
    ]),
    menu('xtgl', null, [
      menu('gggl', PUB),
      menu('tggl', PUB),
      menu('zdgl', CRUD),
      menu('dlsz', ['modify']),
      menu('cspz', ['modify']),
      menu('splgl', CRUD),
      menu('zsgl', CRUD),
      menu('bbgl', CRUD),
      menu('yjfk', ['modify', 'export']),
      menu('yjrz', ['batch', 'export']),
      menu('rzgl', ['export']),
      menu('xkz', ['modify']),
      menu('ldap', ['modify', 'import']),
    ]),
    menu('group:course', null, [
      menu('kjgl', [...CRUD, 'preview']),
      menu('kcgl', [...PUB, 'approve', 'export']),
    ]),
    menu('group:exam', null, [
      menu('tkgl', [...CRUD_X, 'approve', 'publish', 'unpublish']),
      menu('sjgl', [...CRUD, 'preview']),
      menu('ksgl', [...PUB, 'export']),
      menu('jkgl', []),
      menu('cjgl', ['modify', 'publish', 'export']),
      menu('cjpy', ['modify', 'publish']),
    ]),
    menu('group:survey', null, [menu('wjgl', PUB), menu('dcgl', [...PUB, 'export', 'import'])]),
    menu('group:train', null, [
      menu('ndjh', [...CRUD, 'approve']),
      menu('pxapgl', [...PUB, 'approve', 'export']),
      menu('pxbmsp', ['approve', 'export']),
      menu('pxkqsp', ['approve', 'import', 'export']),
      menu('pxjgsp', ['approve', 'import', 'export']),
      menu('pxjggl', CRUD),
      menu('ssgl', CRUD),
    ]),
    menu('group:other', null, [
      menu('zbgl', PUB),
      menu('zsglm', [...PUB, 'approve']),
      menu('zssp', ['approve']),
      menu('zyq', CRUD),
      menu('hzyx', CRUD),
    ]),
    menu('group:report', null, [menu('bbtj', ['export'])]),
  ],
  'student-pc': [menu('kc-pc'), menu('zs-pc')],
  'student-app': [menu('kc-app'), menu('zs-app')],
  lecturer: [menu('pxgl-js'), menu('pxpj-js')],
  'class-teacher': [menu('pxgl-bzr')],
} as const satisfies Record<Terminal, readonly PermissionNode[]>;

export const PERMISSION_TREE: Record<Terminal, readonly PermissionNode[]> = TREE;

/** A node's own codes: the menu (groups have none) and its actions. The tree is two levels deep. */
type NodeCodes<N> = N extends { code: infer C extends string }
  ? (C extends `group:${string}` ? never : C) | (N extends { actions?: readonly (infer X extends string)[] } ? `${C}:${X}` : never)
  : never;
type CodesOf<N> = NodeCodes<N> | (N extends { children?: readonly (infer Child)[] } ? NodeCodes<Child> : never);

function collect(nodes: readonly PermissionNode[], out: string[]): string[] {
  for (const n of nodes) {
    if (!n.code.startsWith('group:')) out.push(n.code);
    for (const a of n.actions ?? []) out.push(`${n.code}:${a}`);
    if (n.children) collect(n.children, out);
  }
  return out;
}

/** Every grantable code, menus and actions, over all terminals. */
export const ALL_PERMISSION_CODES: readonly PermissionCode[] = Object.freeze(
  TERMINALS.flatMap((t) => collect(PERMISSION_TREE[t], [])) as PermissionCode[],
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
