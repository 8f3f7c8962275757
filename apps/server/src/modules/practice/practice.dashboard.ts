import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { countRows } from '../../platform/dashboard.js';
import { inScope } from '../../platform/scope.js';
import { exercises } from './practice.schema.js';

/** Management home: published exercises in the caller's data scope (the card opens `manage-exercise`). */
export function registerPracticeDashboard({ db, dashboard }: Pick<AppContext, 'db' | 'dashboard'>) {
  dashboard.card({
    key: 'publishedExercises',
    codes: ['lxgl'],
    order: 60,
    load: (principal) => countRows(db, exercises, sql`${exercises.status} = 'published' and ${inScope(principal, exercises.orgId)}`),
  });
}
