import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../platform/db/client.js';

/** A module storing dictionary values (users: type, city, team) tells the dictionary which ones it holds. */
export interface DictUse {
  /** The dictionary types whose values this module stores. */
  types: readonly string[];
  /** Of the values given (all of `type`), those this module holds; runs inside the dictionary's transaction. */
  inUse(db: DbOrTx, type: string, values: string[]): Promise<string[]>;
}

const byApp = new WeakMap<FastifyInstance, Map<string, DictUse>>();
export const dictUsesOf = (app: FastifyInstance): Map<string, DictUse> => {
  let uses = byApp.get(app);
  if (!uses) byApp.set(app, (uses = new Map()));
  return uses;
};

/** Registers a module holding dictionary values under a name (once). */
export function registerDictUse(app: FastifyInstance, name: string, use: DictUse) {
  const uses = dictUsesOf(app);
  if (uses.has(name)) throw new Error(`dictionary use ${name} registered twice`);
  uses.set(name, use);
}

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
