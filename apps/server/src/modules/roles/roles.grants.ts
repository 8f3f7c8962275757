import { AppError } from '../../platform/errors.js';
import { pathInScope, requireOrgsInScope } from '../../platform/scope.js';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import * as repo from './roles.repository.js';

/**
 * What a caller may hand out, shared by role editing and by giving roles to users: nobody grants
 * a permission code they do not hold, nor a data scope beyond their own.
 */

/** Nobody hands out a code they do not hold themselves. */
export function assertGrantable(principal: Pick<Principal, 'permissions'>, added: readonly string[], field = 'permissions') {
  const missing = added.filter((c) => !principal.permissions.has(c));
  if (missing.length) throw new AppError('NO_PERMISSION_ERROR', { field, data: { codes: missing } });
}

/** Organizations must exist and lie inside the caller's data scope. */
export async function assertOrgsGrantable(db: DbOrTx, principal: Pick<Principal, 'scopePaths'>, orgIds: number[], field = 'dataOrgIds') {
  await requireOrgsInScope(db, principal, orgIds, { field });
}

/**
 * Roles given to a user: each must exist, hold only codes the caller holds (whatever the role's
 * status, a frozen role can be unfrozen later) and reach only organizations inside the caller's
 * scope. `exempt` roles skip the two grant checks (the default role every new user gets anyway).
 * The refusals name the roles in `data.roleIds`.
 */
export async function assertRolesGrantable(
  db: DbOrTx,
  principal: Pick<Principal, 'permissions' | 'scopePaths'>,
  roleIds: readonly number[],
  opts: { field?: string; exempt?: readonly number[] } = {},
) {
  const field = opts.field ?? 'roleIds';
  const ids = [...new Set(roleIds)];
  if (!ids.length) return;
  const rows = await repo.grantsOfRoles(db, ids);
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) throw new AppError('NOT_FOUND_ERROR', { field, data: { ids: missing } });
  const checked = rows.filter((r) => !opts.exempt?.includes(r.id));
  const codes = new Set<string>();
  const beyondCodes = checked.filter((r) => {
    const lacking = r.permissions.filter((c) => !principal.permissions.has(c));
    for (const c of lacking) codes.add(c);
    return lacking.length > 0;
  });
  if (beyondCodes.length) {
    throw new AppError('NO_PERMISSION_ERROR', { field, data: { roleIds: beyondCodes.map((r) => r.id).sort((a, b) => a - b), codes: [...codes].sort() } });
  }
  const beyondScope = checked.filter((r) => r.dataPaths.some((p) => !pathInScope(principal, p)));
  if (beyondScope.length) throw new AppError('NO_DATA_PERMISSION_ERROR', { field, data: { roleIds: beyondScope.map((r) => r.id).sort((a, b) => a - b) } });
}
