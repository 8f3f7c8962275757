import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { inScope } from '../../platform/scope.js';
import { users } from '../users/index.js';
import { userSessions } from './auth.schema.js';

/** A session seen this recently is online (an active page touches its session every minute). */
export const ONLINE_WINDOW_MINUTES = 5;

/** Management home: people of the caller's data scope with an open session seen in the last minutes. */
export function registerAuthDashboard({ db, dashboard }: Pick<AppContext, 'db' | 'dashboard'>) {
  dashboard.card({
    key: 'onlineUsers',
    codes: ['yhgl', 'xsgl', 'rzgl'],
    order: 50,
    load: async (principal) => {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${userSessions.userId})::int` })
        .from(userSessions)
        .innerJoin(users, sql`${users.id} = ${userSessions.userId}`)
        .where(
          sql`${userSessions.endedAt} is null and ${userSessions.lastSeenAt} > now() - make_interval(mins => ${ONLINE_WINDOW_MINUTES}) and ${inScope(principal, users.orgId)}`,
        );
      return { kind: 'count', value: row?.n ?? 0 };
    },
  });
}
