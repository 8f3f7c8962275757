import { langTexts, type Lang, type LangTexts } from './errors.js';

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
  ...Object.entries(BUILTIN_ROLE_NAMES).map(([k, v]): [string, string] => [v, `builtin.role.${k}`]),
  ...Object.entries(BUILTIN_ROLE_DESCRIPTIONS).map(([k, v]): [string, string] => [v, `builtin.roleDescription.${k}`]),
]);

/** The translation key of a seeded text (root organization, administrator, built-in role name or description), else null. */
export function builtinTextKey(text: string | null | undefined): string | null {
  return text ? (KEY_OF_TEXT.get(text) ?? null) : null;
}

/**
 * The seeded texts in each interface language, by `builtin.*` key: what the server writes where it speaks the
 * caller's language itself (Excel exports). The web's `builtin.*` catalogue keys hold the same texts (tested).
 */
export const BUILTIN_TEXT_TRANSLATIONS: Readonly<Record<string, LangTexts>> = {
  'builtin.rootOrg': langTexts('总部', 'Headquarters', 'Sede'),
  'builtin.adminRealname': langTexts('系统管理员', 'Administrator', 'Administrador'),
  'builtin.role.admin': langTexts('系统管理员', 'Administrator', 'Administrador'),
  'builtin.role.student': langTexts('学员', 'Student', 'Aluno'),
  'builtin.role.lecturer': langTexts('讲师', 'Lecturer', 'Instrutor'),
  'builtin.role.class_teacher': langTexts('班主任', 'Class teacher', 'Professor responsável'),
  'builtin.role.employee': langTexts('员工', 'Employee', 'Funcionário'),
  'builtin.roleDescription.admin': langTexts('管理员：拥有全部权限', 'Administrator: every permission', 'Administrador: todas as permissões'),
  'builtin.roleDescription.student': langTexts('学员门户', 'Student portal', 'Portal do aluno'),
  'builtin.roleDescription.lecturer': langTexts('讲师端', 'Lecturer end', 'Área do instrutor'),
  'builtin.roleDescription.class_teacher': langTexts('班主任端', 'Class-teacher end', 'Área do professor responsável'),
  'builtin.roleDescription.employee': langTexts('员工（学员门户）', 'Employee (student portal)', 'Funcionário (portal do aluno)'),
};

/** A stored text in `lang` when it is still a seeded built-in text, else as stored (a renamed row is shown as typed). */
export function builtinTextIn<T extends string | null | undefined>(text: T, lang: Lang): T | string {
  const key = builtinTextKey(text);
  return (key && BUILTIN_TEXT_TRANSLATIONS[key]?.[lang]) ?? text;
}
