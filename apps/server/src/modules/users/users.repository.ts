import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { parseSort, USER_SORT_KEYS, type UserListQuery, type UserRow } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { inScope } from '../../platform/scope.js';
import { organizations } from '../orgs/orgs.schema.js';
import { roles, userRoles } from '../roles/roles.schema.js';
import { users } from './users.schema.js';

const sortColumns = { id: users.id, username: users.username, realname: users.realname, createdAt: users.createdAt } as const;

function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function findUsers(db: DbOrTx, principal: Principal, q: UserListQuery) {
  const where: (SQL | undefined)[] = [inScope(principal, users.orgId)];
  if (q.status) where.push(eq(users.status, q.status));
  if (q.kind) where.push(eq(users.kind, q.kind));
  if (q.orgId) where.push(sql`${users.orgId} in (select c.id from organizations c, organizations p where p.id = ${q.orgId} and c.path like p.path || '%')`);
  if (q.keyword) {
    const k = `%${escapeLike(q.keyword)}%`;
    where.push(or(ilike(users.username, k), ilike(users.realname, k), ilike(users.cardNumber, k), ilike(users.phone, k)));
  }
  const cond = and(...where);
  const { key, desc: isDesc } = parseSort(q.sort, USER_SORT_KEYS, 'id');
  const col = sortColumns[key];
  const order = isDesc ? [desc(col), desc(users.id)] : [asc(col), asc(users.id)];

  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        realname: users.realname,
        englishName: users.englishName,
        cardNumber: users.cardNumber,
        kind: users.kind,
        phone: users.phone,
        email: users.email,
        sex: users.sex,
        status: users.status,
        post: users.post,
        orgId: users.orgId,
        orgName: organizations.name,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.orgId))
      .where(cond)
      .orderBy(...order)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(cond),
  ]);

  const roleRows = rows.length
    ? await db
        .select({ userId: userRoles.userId, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(inArray(userRoles.userId, rows.map((r) => r.id)))
    : [];
  const rolesByUser = new Map<number, string[]>();
  for (const r of roleRows) rolesByUser.set(r.userId, [...(rolesByUser.get(r.userId) ?? []), r.name]);

  const records: UserRow[] = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), roles: rolesByUser.get(r.id) ?? [] }));
  return { records, total, page: q.page, size: q.size };
}
