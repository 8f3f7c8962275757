import type { DbOrTx } from '../../platform/db/client.js';

/** Spent per plan line, in fen (the training modules record charges against lines; they import this module). */
export type PlanLineActuals = (db: DbOrTx, lineIds: number[]) => Promise<Map<number, number>>;

let source: PlanLineActuals | undefined;

/** Registers where a line's actual spend comes from (the last registration wins: each test app registers again). */
export function registerPlanLineActuals(fn: PlanLineActuals) {
  source = fn;
}

/** Actual spend per line (none registered, or no charges: 0). */
export const actualsOf = async (db: DbOrTx, lineIds: number[]): Promise<Map<number, number>> => (source && lineIds.length ? source(db, lineIds) : new Map());
