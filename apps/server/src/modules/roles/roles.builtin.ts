import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { roles } from './roles.schema.js';

/** Stable keys of the roles the seed creates (`roles.builtin_key`), by the name code uses. */
export const BUILTIN_ROLE_KEYS = {
  admin: 'admin',
  student: 'student',
  lecturer: 'lecturer',
  classTeacher: 'class_teacher',
} as const;
export type BuiltinRoleKey = (typeof BUILTIN_ROLE_KEYS)[keyof typeof BUILTIN_ROLE_KEYS];

/** Display names the seed gives the built-in roles (an administrator may not rename them; code looks them up by key). */
export const BUILTIN_ROLES = {
  admin: '系统管理员',
  student: '学员',
  lecturer: '讲师',
  classTeacher: '班主任',
} as const;

/** The id of a built-in role (null only before the seed ran). */
export async function findBuiltinRoleId(db: DbOrTx, key: BuiltinRoleKey): Promise<number | null> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.builtinKey, key)).limit(1);
  return row?.id ?? null;
}
