import type { DbOrTx } from '../../platform/db/client.js';
import { defineAppRegistry } from '../../platform/use-registry.js';

/** A module storing dictionary values (users: type, city, team) tells the dictionary which ones it holds. */
export interface DictUse {
  /** The dictionary types whose values this module stores. */
  types: readonly string[];
  /** Of the values given (all of `type`), those this module holds; runs inside the dictionary's transaction. */
  inUse(db: DbOrTx, type: string, values: string[]): Promise<string[]>;
}

const registry = defineAppRegistry<DictUse>('dictionary use');
export const dictUsesOf = registry.of;
/** Registers a module holding dictionary values under a name (once). */
export const registerDictUse = registry.register;

/** The entries, of those given, whose value some module holds. */
export async function entriesInUse(uses: ReadonlyMap<string, DictUse>, db: DbOrTx, entries: { id: number; type: string; value: string }[]): Promise<Set<number>> {
  const used = new Set<number>();
  const byType = new Map<string, { id: number; value: string }[]>();
  for (const e of entries) byType.set(e.type, [...(byType.get(e.type) ?? []), e]);
  for (const use of uses.values())
    for (const type of use.types) {
      const list = byType.get(type);
      if (!list?.length) continue;
      const held = new Set(
        await use.inUse(
          db,
          type,
          list.map((e) => e.value),
        ),
      );
      for (const e of list) if (held.has(e.value)) used.add(e.id);
    }
  return used;
}
