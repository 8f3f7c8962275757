import { and, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import type { PrincipalLoader } from './principal.js';
import { userSessions } from './sessions.schema.js';

/** Why a session ended (stored in `user_sessions.end_reason`, at most 16 characters). */
export type SessionEndReason = 'logout' | 'replaced' | 'frozen' | 'deleted' | 'password' | 'password_reset' | 'expired' | 'locked';

/**
 * Ends the open sessions of these users inside the caller's transaction and returns their token
 * hashes; pass them to `forgetEndedSessions` after the commit so no node serves them from cache.
 * `exceptSessionId` keeps the caller's own session (a self-service password change).
 */
export async function endSessionsOfUsers(
  db: DbOrTx,
  userIds: readonly number[],
  reason: SessionEndReason,
  opts: { exceptSessionId?: number; platformType?: number } = {},
): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await db
    .update(userSessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(
      and(
        inArray(userSessions.userId, [...userIds]),
        isNull(userSessions.endedAt),
        opts.exceptSessionId === undefined ? undefined : ne(userSessions.id, opts.exceptSessionId),
        opts.platformType === undefined ? undefined : sql`${userSessions.platformType} = ${opts.platformType}`,
      ),
    )
    .returning({ tokenHash: userSessions.tokenHash });
  return rows.map((r) => r.tokenHash);
}

/** Drops ended sessions from the shared session cache (call after the transaction committed). */
export async function forgetEndedSessions(principals: Pick<PrincipalLoader, 'forgetTokens'>, hashes: readonly string[]) {
  if (hashes.length) await principals.forgetTokens([...hashes]);
}
