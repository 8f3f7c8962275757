import type { DbOrTx } from '../../platform/db/client.js';
import { defineUseRegistry, idsInUse, type InUse } from '../../platform/use-registry.js';

/**
 * A module giving roles to someone (users' `user_roles`) registers, at start, which roles it
 * holds (`inUse`: a held role is not deleted, IN_USE_ROLE) and who holds them (their cached
 * sessions carry the role's permissions), so roles need not import it.
 */
export interface RoleUse extends InUse {
  holders(db: DbOrTx, roleIds: number[]): Promise<number[]>;
}

const registry = defineUseRegistry<RoleUse>('role');
export const roleUses = registry.usesOf;
/** Registers a module holding roles under a name ('users'); a name registers once. */
export const registerRoleUse = registry.register;

/** Whether some registered module holds one of the roles. */
export async function rolesInUse(uses: ReadonlyMap<string, RoleUse>, db: DbOrTx, roleIds: number[]): Promise<boolean> {
  return (await idsInUse(uses, db, roleIds)).size > 0;
}

/** The users holding one of the roles. */
export async function roleHolders(uses: ReadonlyMap<string, RoleUse>, db: DbOrTx, roleIds: number[]): Promise<number[]> {
  const ids = new Set<number>();
  if (!roleIds.length) return [];
  for (const use of uses.values()) for (const id of await use.holders(db, roleIds)) ids.add(id);
  return [...ids];
}
