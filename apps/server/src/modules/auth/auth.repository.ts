import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { userSessions } from './auth.schema.js';
import { users } from '../users/index.js';

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
      lockedUntil: users.lockedUntil,
      kind: users.kind,
      orgId: users.orgId,
      firstLogin: users.firstLogin,
      validUntil: users.validUntil,
    })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return u;
}

/** The account a phone number belongs to (phones are unique among users). */
export async function findUserByPhone(db: DbOrTx, phone: string) {
  const [u] = await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.phone, phone)).limit(1);
  return u;
}

/** Roles of a user with their state, for the login decision. */
export async function findUserRoles(db: DbOrTx, userId: number) {
  const { rows } = await db.execute<{ name: string; status: string; canLogin: boolean; permissions: string[] }>(sql`
    select r.name, r.status, r.can_login as "canLogin", r.permissions
      from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${userId} order by r.id`);
  return rows;
}

/**
 * Active users holding `code` through an active role whose data scope (their scope subtrees, or
 * their own organization's when they have none) covers organization `orgId`.
 */
export async function findAdministratorsOf(db: DbOrTx, orgId: number, code: string) {
  const { rows } = await db.execute<{ id: number }>(sql`
    select distinct a.id from users a
      join user_roles ur on ur.user_id = a.id
      join roles r on r.id = ur.role_id and r.status = 'normal' and ${code} = any(r.permissions)
      join organizations target on target.id = ${orgId}
     where a.status = 'normal'
       and exists (
         select 1 from organizations s
          where target.path like s.path || '%'
            and (s.id in (select d.org_id from user_data_scopes d where d.user_id = a.id)
                 or (s.id = a.org_id and not exists (select 1 from user_data_scopes d where d.user_id = a.id))))`);
  return rows.map((r) => r.id);
}

export async function countOnlineUsers(db: DbOrTx, idleHours: number, exceptUserId: number) {
  const { rows } = await db.execute<{ n: number; me: boolean }>(sql`
    select count(distinct user_id)::int as n, bool_or(user_id = ${exceptUserId}) as me from user_sessions
     where ended_at is null and last_seen_at > now() - make_interval(hours => ${idleHours})`);
  return { count: rows[0]?.n ?? 0, alreadyOnline: !!rows[0]?.me };
}

export async function insertSession(db: DbOrTx, s: { tokenHash: string; userId: number; platformType: number; signNumber: string; ip: string }) {
  await db.insert(userSessions).values(s);
}

export async function getPasswordHash(db: DbOrTx, userId: number) {
  const [u] = await db.select({ passwordHash: users.passwordHash, username: users.username }).from(users).where(eq(users.id, userId));
  return u;
}
