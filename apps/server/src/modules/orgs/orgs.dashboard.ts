import type { AppContext } from '../../platform/context.js';
import { countRows } from '../../platform/dashboard.js';
import { inScope } from '../../platform/scope.js';
import { organizations } from './orgs.schema.js';

/** Management home: organizations in the caller's data scope. */
export function registerOrgsDashboard({ db, dashboard }: Pick<AppContext, 'db' | 'dashboard'>) {
  dashboard.card({
    key: 'organizations',
    codes: ['zzjg'],
    order: 30,
    load: (principal) => countRows(db, organizations, inScope(principal, organizations.id)),
  });
}
