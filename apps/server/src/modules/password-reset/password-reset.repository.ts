import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { RESET_CODE_MAX_ATTEMPTS } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { users } from '../users/index.js';
import { passwordResets } from './password-reset.schema.js';

/** The account named by user name, or else by e-mail (both case-insensitive). */
export async function findAccount(db: DbOrTx, name: string) {
  const [u] = await db
    .select({ id: users.id, username: users.username, email: users.email, phone: users.phone, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${name}) or lower(${users.email}) = lower(${name})`)
    .orderBy(sql`lower(${users.username}) = lower(${name}) desc`, users.id)
    .limit(1);
  return u;
}

/** A new request replaces the user's earlier codes and links. */
export async function expireOpenResets(db: DbOrTx, userId: number) {
  await db
    .update(passwordResets)
    .set({ expiresAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)));
}

export async function insertReset(db: DbOrTx, v: { userId: number; codeHash: string | null; tokenHash: string | null; ttlMinutes: number }) {
  await db.insert(passwordResets).values({
    userId: v.userId,
    codeHash: v.codeHash,
    tokenHash: v.tokenHash,
    expiresAt: sql`now() + make_interval(mins => ${v.ttlMinutes})`,
  });
}

/**
 * Spends one attempt on the user's latest code, atomically: parallel guesses cannot exceed the
 * limit. Nothing comes back when that code is used, expired, exhausted or is a link.
 */
export async function claimCodeAttempt(db: DbOrTx, userId: number) {
  const { rows } = await db.execute<{ id: number; code_hash: string; attempts: number }>(sql`
    update password_resets set attempts = attempts + 1
     where id = (select id from password_resets where user_id = ${userId} order by id desc limit 1)
       and code_hash is not null and used_at is null and expires_at > now() and attempts < ${RESET_CODE_MAX_ATTEMPTS}
    returning id, code_hash, attempts`);
  return rows[0];
}

/** A verified code becomes a reset token on the same row (the code cannot be verified twice). */
export async function convertToToken(db: DbOrTx, id: number, tokenHash: string, ttlMinutes: number) {
  const rows = await db
    .update(passwordResets)
    .set({ codeHash: null, tokenHash, expiresAt: sql`now() + make_interval(mins => ${ttlMinutes})` })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), sql`${passwordResets.codeHash} is not null`))
    .returning({ id: passwordResets.id });
  return rows.length === 1;
}

export async function findValidToken(db: DbOrTx, tokenHash: string) {
  const [r] = await db
    .select({ id: passwordResets.id, userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)));
  return r;
}

/** Marks the token used; false when another request used it first or it expired meanwhile. */
export async function consumeToken(tx: DbOrTx, id: number) {
  const rows = await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .returning({ id: passwordResets.id });
  return rows.length === 1;
}

export async function findAccountById(db: DbOrTx, id: number) {
  const [u] = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
  return u;
}

/** Locks the account row for the password write; false when it no longer exists. */
export async function lockAccount(tx: DbOrTx, id: number) {
  const { rows } = await tx.execute<{ id: number }>(sql`select id from users where id = ${id} for update`);
  return rows.length === 1;
}
