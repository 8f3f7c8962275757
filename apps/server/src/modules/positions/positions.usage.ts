import type { DbOrTx } from '../../platform/db/client.js';
import { defineUseRegistry, type InUse } from '../../platform/use-registry.js';

/**
 * A module whose records hold positions (users' `position_id`) registers, at start, which
 * positions are held (`inUse`: a held position is not deleted, IN_USE_POSITION) and how many
 * hold each (the list's user count), so positions need not import it.
 */
export interface PositionUse extends InUse {
  countHolders(db: DbOrTx, ids: number[]): Promise<Map<number, number>>;
}

const registry = defineUseRegistry<PositionUse>('position');
export const positionUses = registry.usesOf;
/** Registers a module holding positions under a name ('users'); a name registers once. */
export const registerPositionUse = registry.register;

/** Holders of each position, summed over the registered modules. */
export async function countPositionHolders(uses: ReadonlyMap<string, PositionUse>, db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  const total = new Map<number, number>();
  if (!ids.length) return total;
  for (const use of uses.values()) for (const [id, n] of await use.countHolders(db, ids)) total.set(id, (total.get(id) ?? 0) + n);
  return total;
}
