/**
 * Texts the seed writes into built-in rows (spec: the root organization, the built-in roles, the
 * administrator). The web shows each in the interface language (`builtin.*` keys) as long as the
 * row still holds the seeded text; a name an administrator changed is shown as typed.
 */
export const BUILTIN_TEXTS = {
  rootOrg: '总部',
  adminRealname: '系统管理员',
} as const;

/** Seeded names of the built-in roles by key (`roles.builtin_key`); they cannot be renamed. */
export const BUILTIN_ROLE_NAMES = {
  admin: '系统管理员',
  student: '学员',
  lecturer: '讲师',
  class_teacher: '班主任',
  employee: '员工',
} as const;

/** Seeded descriptions of the built-in roles (an administrator may change them). */
export const BUILTIN_ROLE_DESCRIPTIONS = {
  admin: 'Administrator: every permission',
  student: 'Student portal',
  lecturer: 'Lecturer end',
  class_teacher: 'Class-teacher end',
  employee: 'Employee (student portal)',
} as const;

export type BuiltinRoleName = keyof typeof BUILTIN_ROLE_NAMES;

const KEY_OF_TEXT = new Map<string, string>([
  [BUILTIN_TEXTS.rootOrg, 'builtin.rootOrg'],
  [BUILTIN_TEXTS.adminRealname, 'builtin.adminRealname'],
  ...Object.entries(BUILTIN_ROLE_NAMES).map(([k, v]) => [v, `builtin.role.${k}`] as [string, string]),
  ...Object.entries(BUILTIN_ROLE_DESCRIPTIONS).map(([k, v]) => [v, `builtin.roleDescription.${k}`] as [string, string]),
]);

/** The translation key of a seeded text (root organization, administrator, built-in role name or description), else null. */
export function builtinTextKey(text: string | null | undefined): string | null {
  return text ? (KEY_OF_TEXT.get(text) ?? null) : null;
}
