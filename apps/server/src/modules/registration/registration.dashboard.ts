import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { countRows } from '../../platform/dashboard.js';
import { inScope } from '../../platform/scope.js';
import { registrations } from './registration.schema.js';

/** Management home: registrations waiting for review in the caller's data scope. */
export function registerRegistrationDashboard({ db, dashboard }: Pick<AppContext, 'db' | 'dashboard'>) {
  dashboard.card({
    key: 'pendingRegistrations',
    codes: ['zcyh'],
    order: 40,
    load: (principal) => countRows(db, registrations, sql`${registrations.status} = 'pending' and ${inScope(principal, registrations.orgId)}`),
  });
}
