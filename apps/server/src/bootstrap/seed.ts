import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ALL_PERMISSION_CODES, BUILTIN_ROLE_DESCRIPTIONS as DESCRIPTION, BUILTIN_TEXTS } from '@hanlin/shared';
import type { Db } from '../platform/db/client.js';
import { storedPassword } from '../platform/auth/credentials.js';
import { xactLock } from '../platform/locks.js';
import { getRootOrg, organizations } from '../modules/orgs/index.js';
import { BUILTIN_ROLE_KEYS, BUILTIN_ROLES, findBuiltinRoleId, roles, type BuiltinRoleKey } from '../modules/roles/index.js';
import { userRoles } from '../modules/users/index.js';
import { userDataScopes, users } from '../modules/users/index.js';
import { onlyRow } from '../platform/db/rows.js';

const STUDENT_CODES = ['kc-pc', 'zs-pc', 'kc-app', 'zs-app'];

/**
 * First start: the root organization, the built-in roles and the administrator. Later starts
 * keep what exists, but the administrator role always holds every code (new features add codes).
 * Returns the generated admin password when one was created, so the caller prints it once.
 */
export async function seed(db: Db, adminPassword?: string): Promise<{ createdAdmin: boolean; password?: string }> {
  return db.transaction(async (tx) => {
    await xactLock(tx, 'seed');
    let root = await getRootOrg(tx);
    if (!root) {
      [root] = await tx.insert(organizations).values({ name: BUILTIN_TEXTS.rootOrg, code: 'ROOT', path: '', depth: 1 }).returning();
      await tx
        .update(organizations)
        .set({ path: `/${root.id}/` })
        .where(eq(organizations.id, root.id));
      root = { ...root, path: `/${root.id}/` };
    }
    // Built-in roles are found by their stable key; a role of the same name made before the key existed gets it.
    const upsertRole = async (key: BuiltinRoleKey, name: string, permissions: readonly string[], description: string) => {
      const existingId = await findBuiltinRoleId(tx, key);
      if (existingId) return existingId;
      const [row] = await tx
        .insert(roles)
        .values({ name, permissions: [...permissions], description, builtin: true, builtinKey: key })
        .onConflictDoNothing()
        .returning();
      if (row) return row.id;
      const existing = onlyRow(await tx.update(roles).set({ builtinKey: key }).where(eq(roles.name, name)).returning({ id: roles.id }));
      return existing.id;
    };
    const adminRoleId = await upsertRole(BUILTIN_ROLE_KEYS.admin, BUILTIN_ROLES.admin, ALL_PERMISSION_CODES, DESCRIPTION.admin);
    await tx
      .update(roles)
      .set({ permissions: [...ALL_PERMISSION_CODES] })
      .where(eq(roles.id, adminRoleId));
    await upsertRole(BUILTIN_ROLE_KEYS.student, BUILTIN_ROLES.student, STUDENT_CODES, DESCRIPTION.student);
    await upsertRole(BUILTIN_ROLE_KEYS.lecturer, BUILTIN_ROLES.lecturer, ['pxgl-js', 'pxpj-js', ...STUDENT_CODES], DESCRIPTION.lecturer);
    await upsertRole(BUILTIN_ROLE_KEYS.classTeacher, BUILTIN_ROLES.classTeacher, ['pxgl-bzr', ...STUDENT_CODES], DESCRIPTION.class_teacher);
    // Employees learn in the student portal too; their own role lets an administrator tell them apart and grant more.
    await upsertRole(BUILTIN_ROLE_KEYS.employee, BUILTIN_ROLES.employee, STUDENT_CODES, DESCRIPTION.employee);

    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = 'admin'`);
    if (admin) return { createdAdmin: false };
    const password = adminPassword ?? `Hl-${crypto.randomBytes(6).toString('base64url')}9`;
    const created = onlyRow(
      await tx
        .insert(users)
        .values({
          username: 'admin',
          realname: BUILTIN_TEXTS.adminRealname,
          kind: 'employee',
          orgId: root.id,
          passwordHash: await storedPassword(password),
          // A password given through ADMIN_PASSWORD was chosen on purpose; a generated one must change.
          firstLogin: !adminPassword,
        })
        .returning({ id: users.id }),
    );
    await tx.insert(userRoles).values({ userId: created.id, roleId: adminRoleId });
    await tx.insert(userDataScopes).values({ userId: created.id, orgId: root.id });
    return { createdAdmin: true, password: adminPassword ? undefined : password };
  });
}
