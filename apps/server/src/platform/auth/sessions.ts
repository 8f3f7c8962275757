import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import type { PrincipalLoader } from './principal.js';

/** Why a session ended (stored in `user_sessions.end_reason`, at most 16 characters). */
export type SessionEndReason = 'logout' | 'replaced' | 'frozen' | 'deleted' | 'password' | 'password_reset' | 'expired' | 'locked';

/**
 * The sessions part of the identity core. Each call changes `user_sessions` inside the caller's
 * transaction (or on its own) and clears the session cache in the same call: the cached
 * sessions are marked stale with the transaction's id, so no node serves them from cache again,
 * and none caches the old row while that transaction is still open (see `PrincipalLoader.load`).
 * (The `user_sessions` table belongs to the auth module; platform reads and ends rows by SQL.)
 */
export interface Sessions {
  /**
   * Ends the open sessions of these users. `exceptSessionId` keeps the caller's own session (a
   * self-service password change); `platformType` limits the end to one platform (single sign-on).
   * Returns how many sessions ended.
   */
  endSessions(tx: DbOrTx, userIds: readonly number[], reason: SessionEndReason, opts?: { exceptSessionId?: number; platformType?: number }): Promise<number>;
  /** Ends one session (logout). */
  endSession(tx: DbOrTx, sessionId: number, reason: SessionEndReason): Promise<void>;
  /**
   * The open sessions of these users are read from the database again on their next request
   * (status, roles, data scope, organization or the must-change flag changed).
   */
  refreshUsers(tx: DbOrTx, userIds: readonly number[]): Promise<void>;
}

export function createSessions(principals: Pick<PrincipalLoader, 'markStale'>): Sessions {
  async function markStale(rows: { token_hash: string; xid: string }[]) {
    if (rows.length)
      await principals.markStale(
        rows.map((r) => r.token_hash),
        rows[0].xid,
      );
  }
  return {
    async endSessions(tx, userIds, reason, opts = {}) {
      if (!userIds.length) return 0;
      const { rows } = await tx.execute<{ token_hash: string; xid: string }>(sql`
        update user_sessions set ended_at = now(), end_reason = ${reason}
         where user_id = any(${sql.param([...userIds])}::int[]) and ended_at is null
           ${opts.exceptSessionId === undefined ? sql`` : sql`and id <> ${opts.exceptSessionId}`}
           ${opts.platformType === undefined ? sql`` : sql`and platform_type = ${opts.platformType}`}
        returning token_hash, txid_current()::text as xid`);
      await markStale(rows);
      return rows.length;
    },
    async endSession(tx, sessionId, reason) {
      const { rows } = await tx.execute<{ token_hash: string; xid: string }>(sql`
        update user_sessions set ended_at = now(), end_reason = ${reason}
         where id = ${sessionId} and ended_at is null
        returning token_hash, txid_current()::text as xid`);
      await markStale(rows);
    },
    async refreshUsers(tx, userIds) {
      if (!userIds.length) return;
      const { rows } = await tx.execute<{ token_hash: string; xid: string }>(sql`
        select token_hash, txid_current()::text as xid from user_sessions
         where user_id = any(${sql.param([...userIds])}::int[]) and ended_at is null`);
      await markStale(rows);
    },
  };
}
