import type { FastifyInstance } from 'fastify';

/**
 * A registry kept per app (tests build several apps in one process; modules register in any
 * order): entries by key, each key registered once (`${what} ${key} registered twice` otherwise).
 */
export function defineAppRegistry<T, K extends string = string>(what: string) {
  const byApp = new WeakMap<FastifyInstance, Map<string, T>>();
  const entriesOf = (app: FastifyInstance): Map<string, T> => {
    let entries = byApp.get(app);
    if (!entries) byApp.set(app, (entries = new Map()));
    return entries;
  };
  return {
    entriesOf,
    register: (app: FastifyInstance, key: K, entry: T) => {
      const entries = entriesOf(app);
      if (entries.has(key)) throw new Error(`${what} ${key} registered twice`);
      entries.set(key, entry);
    },
  };
}
