import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from './db/client.js';

/** What a referencing module tells an owner: of the ids given, those it references (run inside the owner's transaction). */
export interface InUse {
  inUse(db: DbOrTx, ids: number[]): Promise<number[]>;
}

/**
 * One map per app of values registered by name (tests build several apps in one process; modules
 * register in any order): `what` names the values in the error of a name registered twice.
 */
export function defineAppRegistry<V>(what: string) {
  const byApp = new WeakMap<FastifyInstance, Map<string, V>>();
  const of = (app: FastifyInstance): Map<string, V> => {
    let values = byApp.get(app);
    if (!values) byApp.set(app, (values = new Map()));
    return values;
  };
  return {
    of,
    /** Registers a value under a name; a name registers once. */
    register(app: FastifyInstance, name: string, value: V) {
      const values = of(app);
      if (values.has(name)) throw new Error(`${what} ${name} registered twice`);
      values.set(name, value);
    },
  };
}

/**
 * A per-app registry of the modules referencing an owner's records (courses' chapters → courseware,
 * papers → questions): each registers under a name once; the owner asks which ids are in use
 * before a delete and for its rows' `delete` ability.
 */
export function defineUseRegistry<U extends InUse>(owner: string) {
  const { of, register } = defineAppRegistry<U>(`${owner} use`);
  return { usesOf: of, register };
}

/** The ids, of those given, that some registered module references. */
export async function idsInUse(uses: ReadonlyMap<string, InUse>, db: DbOrTx, ids: number[]): Promise<Set<number>> {
  const used = new Set<number>();
  if (!ids.length) return used;
  for (const use of uses.values()) for (const id of await use.inUse(db, ids)) used.add(id);
  return used;
}
