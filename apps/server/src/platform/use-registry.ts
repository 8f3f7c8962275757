import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from './db/client.js';

/** What a referencing module tells an owner: of the ids given, those it references (run inside the owner's transaction). */
export interface InUse {
  inUse(db: DbOrTx, ids: number[]): Promise<number[]>;
}

/**
 * A per-app registry of the modules referencing an owner's records (courses' chapters → courseware,
 * papers → questions): each registers under a name once; the owner asks which ids are in use
 * before a delete and for its rows' `delete` ability.
 */
export function defineUseRegistry<U extends InUse>(owner: string) {
  const byApp = new WeakMap<FastifyInstance, Map<string, U>>();
  const usesOf = (app: FastifyInstance): Map<string, U> => {
    let uses = byApp.get(app);
    if (!uses) byApp.set(app, (uses = new Map()));
    return uses;
  };
  return {
    usesOf,
    /** Registers a referencing module under a name; a name registers once. */
    register(app: FastifyInstance, name: string, use: U) {
      const uses = usesOf(app);
      if (uses.has(name)) throw new Error(`${owner} use ${name} registered twice`);
      uses.set(name, use);
    },
  };
}

/** The ids, of those given, that some registered module references. */
export async function idsInUse(uses: ReadonlyMap<string, InUse>, db: DbOrTx, ids: number[]): Promise<Set<number>> {
  const used = new Set<number>();
  if (!ids.length) return used;
  for (const use of uses.values()) for (const id of await use.inUse(db, ids)) used.add(id);
  return used;
}
