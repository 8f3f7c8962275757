import type { FastifyInstance } from 'fastify';
import { yearPlanLineTotal, type YearPlanLine } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineAppRegistry } from '../../platform/use-registry.js';
import { linesOf } from './year-plans.repository.js';

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

/**
 * A plan's lines in the plan's order, each with its budget (`total`, the four items) and its spend (`actual`), in fen:
 * the one source of planned against actual (`/api/year-plan/get`, train-results' `/api/train-result/plan-actual`).
 * The caller checks the plan's data scope.
 */
export async function planLinesWithActuals(app: FastifyInstance, db: DbOrTx, planId: number): Promise<YearPlanLine[]> {
  const stored = await linesOf(db, planId);
  const spent = await actualsOf(
    app,
    db,
    stored.map((l) => l.id),
  );
  return stored.map(({ planId: _p, sort: _s, ...l }) => ({ ...l, total: yearPlanLineTotal(l), actual: spent.get(l.id) ?? 0 }));
}
