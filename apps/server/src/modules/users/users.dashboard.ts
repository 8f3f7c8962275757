import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { countRows } from '../../platform/dashboard.js';
import { inScope } from '../../platform/scope.js';
import { users } from './users.schema.js';

/** Management home: employees and students in the caller's data scope. */
export function registerUsersDashboard({ db, dashboard }: Pick<AppContext, 'db' | 'dashboard'>) {
  const count = (kind: 'employee' | 'student') => (principal: Parameters<typeof inScope>[0]) =>
    countRows(db, users, sql`${users.kind} = ${kind} and ${inScope(principal, users.orgId)}`);
  dashboard.card({ key: 'employees', codes: ['yhgl'], order: 10, load: count('employee') });
  dashboard.card({ key: 'students', codes: ['xsgl'], order: 20, load: count('student') });
}
