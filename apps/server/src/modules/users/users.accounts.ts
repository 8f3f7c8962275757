import { and, eq, sql } from 'drizzle-orm';
import type { Lang } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import type { StoredPassword } from '../../platform/auth/credentials.js';
import { userRoles } from './users.schema.js';
import { users } from './users.schema.js';
import { onlyRow } from '../../platform/db/rows.js';

/**
 * Writes of `users` other modules ask for (registration approval, LDAP sync, the login's
 * counters): the users module stays the table's only writer. Each takes the caller's
 * transaction. Passwords are written by `platform/auth/credentials.ts` only.
 */

/** A new account and the roles it starts with. */
export interface NewAccount {
  username: string;
  realname: string;
  email?: string | null;
  phone?: string | null;
  cardNumber?: string | null;
  orgId: number;
  kind: string;
  /** From `storedPassword`/`storedInitialPassword`. */
  passwordHash: StoredPassword;
  /** The holder must choose a new password at first login. */
  firstLogin: boolean;
  roleIds: readonly number[];
}

/** Inserts an account with its roles; returns its id (unique violations propagate to the caller). */
export async function insertAccount(tx: DbOrTx, v: NewAccount): Promise<number> {
  const { roleIds, ...user } = v;
  const row = onlyRow(await tx.insert(users).values(user).returning({ id: users.id }));
  if (roleIds.length)
    await tx
      .insert(userRoles)
      .values(roleIds.map((roleId) => ({ userId: row.id, roleId })))
      .onConflictDoNothing();
  return row.id;
}

/** Fields a directory (LDAP) keeps in step with its entry. */
export interface DirectoryFields {
  realname: string;
  email: string;
  phone: string;
  cardNumber: string | null;
  orgId: number;
}

export async function updateDirectoryFields(tx: DbOrTx, id: number, v: DirectoryFields): Promise<void> {
  await tx
    .update(users)
    .set({ realname: v.realname, email: v.email, phone: v.phone, cardNumber: v.cardNumber, orgId: v.orgId, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/**
 * Counts a wrong password atomically; at the limit the account is locked for `lockMinutes`, or
 * frozen (until an administrator unfreezes it) when `lockMinutes` is 0.
 */
export async function recordFailedLogin(db: DbOrTx, userId: number, limits: { max: number; lockMinutes: number }) {
  const atLimit = sql`${users.failedLogins} + 1 >= ${limits.max}`;
  const row = onlyRow(
    await db
      .update(users)
      .set({
        failedLogins: sql`${users.failedLogins} + 1`,
        lockedUntil:
          limits.lockMinutes > 0
            ? sql`case when ${atLimit} then now() + make_interval(mins => ${limits.lockMinutes}) else ${users.lockedUntil} end`
            : sql`${users.lockedUntil}`,
        status: limits.lockMinutes > 0 ? sql`${users.status}` : sql`case when ${atLimit} then 'frozen' else ${users.status} end`,
      })
      .where(eq(users.id, userId))
      .returning({ failedLogins: users.failedLogins, status: users.status, lockedUntil: users.lockedUntil }),
  );
  return row;
}

/** Ends a lockout whose time has passed: the count starts again (an administrator's freeze stays). */
export async function clearExpiredLock(db: DbOrTx, userId: number) {
  await db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null })
    .where(and(eq(users.id, userId), sql`${users.lockedUntil} <= now()`));
}

/** A successful login: the failure count and any lock are gone; the language the login came in (when it named one of ours) is the user's. */
export async function recordSuccessfulLogin(db: DbOrTx, userId: number, language: Lang | null) {
  await db
    .update(users)
    .set({ failedLogins: 0, lockedUntil: null, ...(language ? { language } : {}) })
    .where(eq(users.id, userId));
}

/** The interface language the user switched to: their mails go out in it from now on. */
export async function setUserLanguage(db: DbOrTx, userId: number, language: Lang) {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}
