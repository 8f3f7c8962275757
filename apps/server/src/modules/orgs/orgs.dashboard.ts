import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { inScope } from '../../platform/scope.js';
import { organizations } from './orgs.schema.js';

/** Management home: organizations in the caller's data scope. */
export function registerOrgsDashboard({ db, dashboard }: Pick<AppContext, 'db' | 'dashboard'>) {
  dashboard.card({
    key: 'organizations',
    codes: ['zzjg'],
    order: 30,
    load: async (principal) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(organizations)
        .where(inScope(principal, organizations.id));
      return { kind: 'count', value: row?.n ?? 0 };
    },
  });
}
