import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { hashPassword, initialPassword, PENDING_PASSWORD_HASH } from './password.js';
import type { SessionEndReason, Sessions } from './sessions.js';

/** A value for `users.password_hash` made here (an argon2id hash, or the pending marker). */
export type StoredPassword = string & { readonly __storedPassword: true };

/** The stored form of a password chosen by its holder or an administrator (for a write or a new account). */
export async function storedPassword(plain: string): Promise<StoredPassword> {
  return (await hashPassword(plain)) as StoredPassword;
}

/**
 * The stored form of an account's initial password (user name + 123). `deferred` stores the
 * pending marker instead: the background hasher (`hashPendingPasswords`) or the first login with
 * that password writes the real hash.
 */
export async function storedInitialPassword(username: string, opts: { deferred?: boolean } = {}): Promise<StoredPassword> {
  return (opts.deferred ? PENDING_PASSWORD_HASH : await hashPassword(initialPassword(username))) as StoredPassword;
}

/** What a password write does to the account besides storing the hash. */
export interface PasswordWrite {
  /** Sets (true) or clears (false) `first_login`: the holder must choose a new password first. */
  mustChange: boolean;
  /** Ends the user's sessions with this reason (none when omitted). */
  endSessions?: SessionEndReason;
  /** The session kept when ending the others (a self-service change). */
  exceptSessionId?: number;
}

/**
 * The credentials part of the identity core: the one place that hashes and writes passwords.
 * Hash before the transaction (argon2id costs ~50 ms of CPU), write inside it. A write resets the
 * failure count, sets or clears the must-change flag and ends sessions as asked, in the caller's
 * transaction; the user's remaining sessions reload the flag on their next request.
 * (Platform writes the password columns of `users` by SQL; every other column is the users module's.)
 */
export function createCredentials(sessions: Sessions) {
  async function afterWrite(tx: DbOrTx, userIds: number[], opts: PasswordWrite) {
    if (opts.endSessions) await sessions.endSessions(tx, userIds, opts.endSessions, { exceptSessionId: opts.exceptSessionId });
    // Kept sessions carry the must-change flag in the cache.
    await sessions.refreshUsers(tx, userIds);
  }

  return {
    hash: storedPassword,
    initial: storedInitialPassword,

    /** Writes one user's password (see `PasswordWrite`). */
    async setPassword(tx: DbOrTx, userId: number, stored: StoredPassword, opts: PasswordWrite): Promise<void> {
      await tx.execute(sql`
        update users set password_hash = ${stored}, first_login = ${opts.mustChange}, failed_logins = 0, updated_at = now()
         where id = ${userId}`);
      await afterWrite(tx, [userId], opts);
    },

    /** Writes several users' passwords at once, e.g. an administrator's reset to the initial one. */
    async setPasswords(tx: DbOrTx, rows: readonly { id: number; stored: StoredPassword }[], opts: PasswordWrite): Promise<void> {
      if (!rows.length) return;
      await tx.execute(sql`
        update users u set password_hash = v.h, first_login = ${opts.mustChange}, failed_logins = 0, updated_at = now()
          from unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(rows.map((r) => r.stored))}::text[]) as v(id, h)
         where u.id = v.id`);
      await afterWrite(
        tx,
        rows.map((r) => r.id),
        opts,
      );
    },

    /**
     * Replaces the pending marker by the real hash of the initial password, up to `batch` users,
     * unless their password changed meanwhile. Returns how many were pending (0: nothing left).
     */
    async hashPendingPasswords(db: Db, batch: number, stopped: () => boolean = () => false): Promise<number> {
      const { rows } = await db.execute<{ id: number; username: string }>(
        sql`select id, username from users where password_hash = ${PENDING_PASSWORD_HASH} order by id limit ${batch}`,
      );
      if (!rows.length) return 0;
      // @node-rs/argon2 hashes on the libuv thread pool, so a batch runs in parallel.
      const hashes = await Promise.all(rows.map((r) => hashPassword(initialPassword(r.username))));
      if (stopped()) return 0;
      await db.execute(sql`
        update users u set password_hash = v.h
          from unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(hashes)}::text[]) as v(id, h)
         where u.id = v.id and u.password_hash = ${PENDING_PASSWORD_HASH}`);
      return rows.length;
    },

    /**
     * A login with the initial password of an account still pending: stores its real hash (the
     * holder must still change it).
     */
    async completePending(db: DbOrTx, userId: number, plain: string): Promise<void> {
      const stored = await hashPassword(plain);
      await db.execute(sql`update users set password_hash = ${stored}, first_login = true, failed_logins = 0, updated_at = now()
                            where id = ${userId} and password_hash = ${PENDING_PASSWORD_HASH}`);
    },
  };
}
export type Credentials = ReturnType<typeof createCredentials>;
