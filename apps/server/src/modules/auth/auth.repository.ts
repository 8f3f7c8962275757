import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { userSessions } from '../../platform/auth/sessions.schema.js';
import { users } from '../users/users.schema.js';

export async function findUserForLogin(db: DbOrTx, username: string) {
  const [u] = await db
    .select({
      id: users.id,
      username: users.username,
      realname: users.realname,
      avatar: users.avatar,
      status: users.status,
      passwordHash: users.passwordHash,
      failedLogins: users.failedLogins,
      firstLogin: users.firstLogin,
      validUntil: users.validUntil,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return u;
}

/** Roles of a user with their state, for the login decision. */
export async function findUserRoles(db: DbOrTx, userId: number) {
  const { rows } = await db.execute<{ name: string; status: string; canLogin: boolean; permissions: string[] }>(sql`
    select r.name, r.status, r.can_login as "canLogin", r.permissions
      from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${userId} order by r.id`);
  return rows;
}

/** Counts a wrong password atomically and freezes the account at the limit. */
export async function recordFailedLogin(db: DbOrTx, userId: number, max: number) {
  const [row] = await db
    .update(users)
    .set({
      failedLogins: sql`${users.failedLogins} + 1`,
      status: sql`case when ${users.failedLogins} + 1 >= ${max} then 'frozen' else ${users.status} end`,
    })
    .where(eq(users.id, userId))
    .returning({ failedLogins: users.failedLogins, status: users.status });
  return row!;
}

export async function resetFailedLogins(db: DbOrTx, userId: number) {
  await db.update(users).set({ failedLogins: 0 }).where(eq(users.id, userId));
}

export async function countOnlineUsers(db: DbOrTx, idleHours: number, exceptUserId: number) {
  const { rows } = await db.execute<{ n: number; me: boolean }>(sql`
    select count(distinct user_id)::int as n, bool_or(user_id = ${exceptUserId}) as me from user_sessions
     where ended_at is null and last_seen_at > now() - make_interval(hours => ${idleHours})`);
  return { count: rows[0]?.n ?? 0, alreadyOnline: !!rows[0]?.me };
}

/** Ends the user's open sessions on a platform; returns their token hashes for the cache. */
export async function endUserSessions(db: DbOrTx, userId: number, platformType: number | null, reason: string) {
  const rows = await db
    .update(userSessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.endedAt),
        platformType === null ? undefined : eq(userSessions.platformType, platformType),
      ),
    )
    .returning({ tokenHash: userSessions.tokenHash });
  return rows.map((r) => r.tokenHash);
}

export async function insertSession(
  db: DbOrTx,
  s: { tokenHash: string; userId: number; platformType: number; signNumber: string; ip: string },
) {
  await db.insert(userSessions).values(s);
}

export async function endSession(db: DbOrTx, sessionId: number, reason: string) {
  const rows = await db
    .update(userSessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.endedAt)))
    .returning({ tokenHash: userSessions.tokenHash });
  return rows.map((r) => r.tokenHash);
}

export async function getPasswordHash(db: DbOrTx, userId: number) {
  const [u] = await db.select({ passwordHash: users.passwordHash, username: users.username }).from(users).where(eq(users.id, userId));
  return u;
}

export async function updatePassword(db: DbOrTx, userId: number, passwordHash: string, firstLogin: boolean) {
  await db.update(users).set({ passwordHash, firstLogin, failedLogins: 0, updatedAt: sql`now()` }).where(eq(users.id, userId));
}
