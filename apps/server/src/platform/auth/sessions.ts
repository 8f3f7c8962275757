import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import type { PrincipalLoader } from './principal.js';

/** Why a session ended (stored in `user_sessions.end_reason`, at most 16 characters). */
export type SessionEndReason = 'logout' | 'replaced' | 'frozen' | 'deleted' | 'password' | 'password_reset' | 'expired' | 'locked';

/**
 * Ends the open sessions of these users inside the caller's transaction and returns their token
 * hashes; pass them to `forgetEndedSessions` after the commit so no node serves them from cache.
 * `exceptSessionId` keeps the caller's own session (a self-service password change).
 * (The `user_sessions` table belongs to the auth module; platform reads and ends rows by SQL.)
 */
export async function endSessionsOfUsers(
  db: DbOrTx,
  userIds: readonly number[],
  reason: SessionEndReason,
  opts: { exceptSessionId?: number; platformType?: number } = {},
): Promise<string[]> {
  if (!userIds.length) return [];
  const { rows } = await db.execute<{ token_hash: string }>(sql`
    update user_sessions set ended_at = now(), end_reason = ${reason}
     where user_id = any(${sql.param([...userIds])}::int[]) and ended_at is null
       ${opts.exceptSessionId === undefined ? sql`` : sql`and id <> ${opts.exceptSessionId}`}
       ${opts.platformType === undefined ? sql`` : sql`and platform_type = ${opts.platformType}`}
    returning token_hash`);
  return rows.map((r) => r.token_hash);
}

/** Drops ended sessions from the shared session cache (call after the transaction committed). */
export async function forgetEndedSessions(principals: Pick<PrincipalLoader, 'forgetTokens'>, hashes: readonly string[]) {
  if (hashes.length) await principals.forgetTokens([...hashes]);
}
