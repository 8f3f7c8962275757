import { eq, inArray } from 'drizzle-orm';
import { BUILTIN_ROLE_NAMES } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { roles } from './roles.schema.js';

/** Stable keys of the roles the seed creates (`roles.builtin_key`), by the name code uses. */
export const BUILTIN_ROLE_KEYS = {
  admin: 'admin',
  student: 'student',
  lecturer: 'lecturer',
  classTeacher: 'class_teacher',
  employee: 'employee',
} as const;
export type BuiltinRoleKey = (typeof BUILTIN_ROLE_KEYS)[keyof typeof BUILTIN_ROLE_KEYS];

/** Display names the seed gives the built-in roles (an administrator may not rename them; code looks them up by key). */
export const BUILTIN_ROLES = {
  admin: BUILTIN_ROLE_NAMES.admin,
  student: BUILTIN_ROLE_NAMES.student,
  lecturer: BUILTIN_ROLE_NAMES.lecturer,
  classTeacher: BUILTIN_ROLE_NAMES.class_teacher,
  employee: BUILTIN_ROLE_NAMES.employee,
} as const;

/**
 * The roles anyone adding users hands out: the one a new account gets when no role is chosen
 * (students the student role, employees the employee role). Neither counts as a grant.
 */
export const DEFAULT_ROLE_KEYS = { student: BUILTIN_ROLE_KEYS.student, employee: BUILTIN_ROLE_KEYS.employee } as const;
export const DEFAULT_ROLE_KEY_LIST: readonly string[] = Object.values(DEFAULT_ROLE_KEYS);

/** The id of a built-in role (null only before the seed ran). */
export async function findBuiltinRoleId(db: DbOrTx, key: BuiltinRoleKey): Promise<number | null> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.builtinKey, key)).limit(1);
  return row?.id ?? null;
}

/** The role an account of this kind gets when none is chosen (an unknown kind is a student). */
export async function findDefaultRoleId(db: DbOrTx, kind: string): Promise<number | null> {
  return findBuiltinRoleId(db, kind === 'employee' ? DEFAULT_ROLE_KEYS.employee : DEFAULT_ROLE_KEYS.student);
}

/** The ids of the default roles (exempt from the grant rules). */
export async function findDefaultRoleIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.builtinKey, [...DEFAULT_ROLE_KEY_LIST]));
  return rows.map((r) => r.id);
}
