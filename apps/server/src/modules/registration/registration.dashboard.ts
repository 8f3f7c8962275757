import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { inScope } from '../../platform/scope.js';
import { registrations } from './registration.schema.js';

/** Management home: registrations waiting for review in the caller's data scope. */
export function registerRegistrationDashboard({ db, dashboard }: Pick<AppContext, 'db' | 'dashboard'>) {
  dashboard.card({
    key: 'pendingRegistrations',
    codes: ['zcyh'],
    order: 40,
    load: async (principal) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(registrations)
        .where(sql`${registrations.status} = 'pending' and ${inScope(principal, registrations.orgId)}`);
      return { kind: 'count', value: row?.n ?? 0 };
    },
  });
}
