import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { inScope } from '../../platform/scope.js';
import { exercises } from './practice.schema.js';

/** Management home: published exercises in the caller's data scope (the card opens `manage-exercise`). */
export function registerPracticeDashboard({ db, dashboard }: Pick<AppContext, 'db' | 'dashboard'>) {
  dashboard.card({
    key: 'publishedExercises',
    codes: ['lxgl'],
    order: 60,
    load: async (principal) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(exercises)
        .where(sql`${exercises.status} = 'published' and ${inScope(principal, exercises.orgId)}`);
      return { kind: 'count', value: row?.n ?? 0 };
    },
  });
}
