import { DASHBOARD_LIST_SIZE } from '@hanlin/shared';
import { desc, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { inScope } from '../../platform/scope.js';
import { users } from '../users/index.js';
import { loginLogs } from './audit.schema.js';

/** Management home: the latest successful sign-ins of people in the caller's data scope. */
export function registerAuditDashboard({ db, dashboard }: Pick<AppContext, 'db' | 'dashboard'>) {
  dashboard.card({
    key: 'recentLogins',
    codes: ['rzgl'],
    order: 60,
    load: async (principal) => {
      const rows = await db
        .select({ id: loginLogs.id, username: loginLogs.username, realname: users.realname, ip: loginLogs.ip, createdAt: loginLogs.createdAt })
        .from(loginLogs)
        .innerJoin(users, sql`${users.id} = ${loginLogs.userId}`)
        .where(sql`${loginLogs.result} = 'OK' and ${inScope(principal, users.orgId)}`)
        .orderBy(desc(loginLogs.id))
        .limit(DASHBOARD_LIST_SIZE);
      return {
        kind: 'list',
        items: rows.map((r) => ({ id: r.id, title: r.realname || r.username, detail: r.ip, time: r.createdAt.toISOString() })),
      };
    },
  });
}
