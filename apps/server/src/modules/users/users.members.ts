import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { inScope } from '../../platform/scope.js';
import { organizations, type OrgMembers } from '../orgs/index.js';
import { users } from './users.schema.js';

/** What the organization pages and commands ask of the users in them (registered with orgs at start). */
export const orgMembers: OrgMembers = {
  async countByOrg(db: DbOrTx, principal: Principal, kind?: 'employee' | 'student') {
    const rows = await db
      .select({ orgId: users.orgId, n: sql<number>`count(*)::int` })
      .from(users)
      .where(kind ? and(inScope(principal, users.orgId), eq(users.kind, kind)) : inScope(principal, users.orgId))
      .groupBy(users.orgId);
    return new Map(rows.map((r) => [r.orgId, r.n]));
  },

  async any(db, orgId) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.orgId, orgId)).limit(1);
    return !!row;
  },

  async brief(db, ids) {
    if (!ids.length) return [];
    return db
      .select({ id: users.id, username: users.username, realname: users.realname, orgId: users.orgId, orgPath: organizations.path })
      .from(users)
      .leftJoin(organizations, eq(organizations.id, users.orgId))
      .where(inArray(users.id, ids));
  },

  /** Their own organization, an explicit user scope, or a role scope lies in the subtree. */
  async scopedUnder(db, path) {
    const { rows } = await db.execute<{ id: number }>(sql`
      with sub as (select id from organizations where path like ${`${path}%`})
      select u.id from users u where u.org_id in (select id from sub)
      union select ds.user_id from user_data_scopes ds where ds.org_id in (select id from sub)
      union select ur.user_id from user_roles ur join role_data_scopes rs on rs.role_id = ur.role_id where rs.org_id in (select id from sub)`);
    return rows.map((r) => r.id);
  },
};
