import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineAppRegistry } from '../../platform/use-registry.js';

/** Spent per plan line, in fen (the training modules record charges against lines; they import this module). */
export type PlanLineActuals = (db: DbOrTx, lineIds: number[]) => Promise<Map<number, number>>;

const sources = defineAppRegistry<PlanLineActuals>('plan line actuals');
const ACTUALS = 'actuals';

/** Registers where a line's actual spend comes from (one source per app). */
export function registerPlanLineActuals(app: FastifyInstance, fn: PlanLineActuals) {
  sources.register(app, ACTUALS, fn);
}

/** Actual spend per line (none registered, or no charges: 0). */
export async function actualsOf(app: FastifyInstance, db: DbOrTx, lineIds: number[]): Promise<Map<number, number>> {
  const source = sources.of(app).get(ACTUALS);
  return source && lineIds.length ? source(db, lineIds) : new Map();
}
