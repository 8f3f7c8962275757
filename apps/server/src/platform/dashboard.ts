import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Dashboard, DashboardCard } from '@hanlin/shared';
import type { Principal } from './auth/principal.js';
import type { Db } from './db/client.js';

type Value = DashboardCard extends infer C ? (C extends DashboardCard ? Omit<C, 'key'> : never) : never;

/** One card of the management home, contributed by the module that owns its data. */
export interface DashboardCardProvider {
  key: string;
  /** Shown to a caller holding any of these codes. */
  codes: readonly string[];
  /** Place among the cards (lower first). */
  order: number;
  /** The card's figures for this caller, inside the caller's data scope. */
  load: (principal: Principal) => Promise<Value>;
}

/** What a count card selects when it builds its own query (a join): `countFigure(db.select(countColumn).from(...)...)`. */
export const countColumn = { n: sql<number>`count(*)::int` };

/** A count card's figure from its query's answer. */
export async function countFigure(query: PromiseLike<{ n: number }[]>): Promise<Value> {
  const [row] = await query;
  return { kind: 'count', value: row?.n ?? 0 };
}

/** A count card's figure: the rows of `table` matching `where` (the caller's data scope in it). */
export const countRows = (db: Db, table: PgTable, where: SQL) => countFigure(db.select(countColumn).from(table).where(where));

export interface DashboardRegistry {
  card: (provider: DashboardCardProvider) => void;
  /** The cards this caller may see, loaded in parallel, in order. */
  cardsFor: (principal: Principal) => Promise<Dashboard>;
}

export function createDashboardRegistry(): DashboardRegistry {
  const providers: DashboardCardProvider[] = [];
  return {
    card(p) {
      if (providers.some((x) => x.key === p.key)) throw new Error(`dashboard card ${p.key} declared twice`);
      providers.push(p);
      providers.sort((a, b) => a.order - b.order);
    },
    async cardsFor(principal) {
      const mine = providers.filter((p) => p.codes.some((c) => principal.permissions.has(c)));
      const cards = await Promise.all(mine.map(async (p) => ({ key: p.key, ...(await p.load(principal)) })));
      return { cards };
    },
  };
}
