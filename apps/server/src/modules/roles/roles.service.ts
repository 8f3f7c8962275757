import {
  isPermissionCode,
  PERMISSION_ALIASES,
  ROLE_LIFECYCLE,
  type Page,
  type RoleAbilities,
  type RoleDetail,
  type RoleInsert,
  type RoleListQuery,
  type RoleRow,
  type RoleUpdate,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal, PrincipalLoader } from '../../platform/auth/principal.js';
import type { ListRuntime } from '../../platform/list.js';
import { deleteAllRows } from '../../platform/table-rows.js';
import * as repo from './roles.repository.js';
import { roleHolders, rolesInUse, type RoleUse } from './roles.usage.js';
import { assertGrantable, assertOrgsGrantable } from './roles.grants.js';
import { abilitiesOf, applyStatusTransition, freezeAbilityCodes } from '../../platform/lifecycle.js';
import { roles } from './roles.schema.js';

type RoleStatus = (typeof ROLE_LIFECYCLE.states)[number];
const ABILITY_CODES: Record<keyof RoleAbilities, string> = freezeAbilityCodes('rzjs');

/**
 * The rules of update, remove and setStatus for one role: built-in roles are never deleted nor
 * frozen (they would lock whole ends of the product out), a role held by users is not deleted.
 */
function roleAbilities(p: Principal, r: { status: RoleStatus; builtin: boolean; inUse: boolean }): RoleAbilities {
  return abilitiesOf(ROLE_LIFECYCLE.abilities(r.status), p.permissions, ABILITY_CODES, {
    delete: !r.builtin && !r.inUse,
    freeze: !r.builtin,
  });
}

interface Deps {
  db: Db;
  lists: ListRuntime;
  principals: Pick<PrincipalLoader, 'forgetUsers'>;
  /** Modules holding roles (users): a held role is not deleted; its holders' sessions are forgotten on change. */
  uses: ReadonlyMap<string, RoleUse>;
}

/** Known codes only, aliases replaced by their main code, each once. */
function normalizePermissions(codes: string[]): string[] {
  for (const c of codes) if (!isPermissionCode(c)) throw new AppError('PARAMETER_INVALID', { field: 'permissions', data: { code: c } });
  return [...new Set(codes.map((c) => PERMISSION_ALIASES[c] ?? c))].sort();
}

export function createRolesService({ db, lists, principals, uses }: Deps) {
  async function mustGet(tx: DbOrTx, id: number, forUpdate = false) {
    const role = await repo.getRole(tx, id, forUpdate);
    if (!role) throw new AppError('NOT_FOUND_ERROR');
    return role;
  }

  return {
    async list(principal: Principal, q: RoleListQuery): Promise<Page<RoleRow>> {
      const page = await repo.findRoles(lists, q);
      return { ...page, records: page.records.map((r) => ({ ...r, abilities: roleAbilities(principal, { ...r, inUse: r.userCount > 0 }) })) };
    },
    all: () => repo.allRoles(db),

    async get(principal: Principal, id: number): Promise<RoleDetail> {
      const role = await mustGet(db, id);
      return {
        abilities: roleAbilities(principal, { ...role, inUse: await rolesInUse(uses, db, [id]) }),
        id: role.id,
        name: role.name,
        description: role.description,
        status: role.status,
        canLogin: role.canLogin,
        builtin: role.builtin,
        permissions: role.permissions,
        dataOrgIds: await repo.dataOrgIdsOf(db, id),
        createdAt: role.createdAt.toISOString(),
      };
    },

    async insert(principal: Principal, input: RoleInsert): Promise<{ id: number }> {
      const permissions = normalizePermissions(input.permissions);
      assertGrantable(principal, permissions);
      const dataOrgIds = [...new Set(input.dataOrgIds ?? [])];
      return await db.transaction(async (tx) => {
        if (await repo.nameTaken(tx, input.name)) throw new AppError('DUPLICATE_ROLE_NAME', { field: 'name' });
        await assertOrgsGrantable(tx, principal, dataOrgIds);
        const id = await repo.insertRole(tx, { name: input.name, description: input.description ?? null, permissions, canLogin: input.canLogin ?? true });
        await repo.replaceDataOrgs(tx, id, dataOrgIds);
        return { id };
      });
    },

    async update(principal: Principal, input: RoleUpdate): Promise<void> {
      const permissions = input.permissions ? normalizePermissions(input.permissions) : undefined;
      await db.transaction(async (tx) => {
        const role = await mustGet(tx, input.id, true);
        if (role.builtin && input.name !== undefined && input.name !== role.name) throw new AppError('STATE_TRANSITION_INVALID', { field: 'name' });
        if (input.name !== undefined && (await repo.nameTaken(tx, input.name, role.id))) throw new AppError('DUPLICATE_ROLE_NAME', { field: 'name' });
        if (permissions) {
          const before = new Set(role.permissions);
          assertGrantable(
            principal,
            permissions.filter((c) => !before.has(c)),
          );
        }
        if (input.dataOrgIds) {
          const next = [...new Set(input.dataOrgIds)];
          const before = await repo.dataOrgIdsOf(tx, role.id);
          // Adding or removing an organization both need it inside the caller's scope.
          const changed = [...next.filter((o) => !before.includes(o)), ...before.filter((o) => !next.includes(o))];
          await assertOrgsGrantable(tx, principal, changed);
          await repo.replaceDataOrgs(tx, role.id, next);
        }
        await repo.updateRole(tx, role.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(permissions ? { permissions } : {}),
          ...(input.canLogin !== undefined ? { canLogin: input.canLogin } : {}),
        });
      });
      await principals.forgetUsers(await roleHolders(uses, db, [input.id]));
    },

    remove: (ids: number[]): Promise<void> =>
      deleteAllRows(db, roles, ids, async (tx, rows, unique) => {
        if (rows.some((r) => r.builtin) || (await rolesInUse(uses, tx, unique))) throw new AppError('IN_USE_ROLE');
      }),

    async setStatus(ids: number[], status: 'normal' | 'frozen'): Promise<void> {
      const unique = [...new Set(ids)];
      await db.transaction(async (tx) => {
        const rows = await repo.getRolesForUpdate(tx, unique);
        if (rows.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
        await applyStatusTransition(tx, {
          lifecycle: ROLE_LIFECYCLE,
          command: status === 'frozen' ? 'freeze' : 'unfreeze',
          rows,
          // Freezing a built-in role (administrator, student, ...) would lock whole ends of the product out.
          allow: (r) => status !== 'frozen' || !r.builtin,
          table: roles,
        });
      });
      await principals.forgetUsers(await roleHolders(uses, db, unique));
    },
  };
}
export type RolesService = ReturnType<typeof createRolesService>;
