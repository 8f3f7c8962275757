import type { FastifyInstance } from 'fastify';
import { hasAnyPermission, type TrainChargeInsert, type TrainChargeQuery, type TrainChargeUpdate, type TrainPlanActual } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { requireAllInScope, requireInScope } from '../../platform/scope.js';
import { lineBudgetOf, planLinesWithActuals } from '../year-plans/index.js';
import * as repo from './train-results.repository.js';

/** Actual costs of classes (manage-train-chargeDetails), rolling up to the annual plan lines the classes carry out. */
export function createChargesService({ app, db }: { app: FastifyInstance; db: Db }) {
  async function lockCharges(tx: DbOrTx, p: Principal, ids: number[]) {
    const rows = await repo.lockChargesWithOrg(tx, ids);
    if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    requireAllInScope(p, rows, { field: 'id' });
  }

  return {
    async list(p: Principal, q: TrainChargeQuery) {
      const cls = await repo.findClass(db, q.classId, p);
      const may = hasAnyPermission(p.permissions, ['pxapgl:modify']);
      const [records, totals, plannedFen] = await Promise.all([
        repo.chargesOfClass(db, q.classId, q),
        repo.chargeTotalsOfClass(db, q.classId),
        cls.yearPlanLineId ? lineBudgetOf(db, cls.yearPlanLineId) : null,
      ]);
      return {
        records: records.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), abilities: { modify: may, delete: may } })),
        total: totals.n,
        page: q.page,
        size: q.size,
        totalFen: totals.fen,
        plannedFen,
      };
    },

    /** A charge of a class in scope, on the class's plan line (none outside the plans). */
    async insert(p: Principal, input: TrainChargeInsert) {
      const cls = await repo.findClass(db, input.classId, p);
      const id = await repo.insertCharge(db, {
        classId: cls.id,
        planLineId: cls.yearPlanLineId,
        item: input.item,
        amountFen: input.amountFen,
        spentOn: input.spentOn,
        note: input.note,
        createdBy: p.userId,
      });
      return { id };
    },

    async update(p: Principal, input: TrainChargeUpdate) {
      const { id, ...fields } = input;
      await db.transaction(async (tx) => {
        await lockCharges(tx, p, [id]);
        await repo.updateCharge(tx, id, fields);
      });
      return null;
    },

    async remove(p: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        await lockCharges(tx, p, ids);
        return { count: await repo.deleteCharges(tx, ids) };
      });
    },

    /** Planned (each line's four budget items) against actual (the charges on the line), for a plan in scope, by month. */
    async planActual(p: Principal, yearPlanId: number): Promise<TrainPlanActual> {
      const plan = await repo.yearPlanOf(db, yearPlanId);
      if (!plan) throw new AppError('NOT_FOUND_ERROR', { field: 'yearPlanId' });
      requireInScope(p, plan.orgPath, { field: 'yearPlanId' });
      const lines = (await planLinesWithActuals(app, db, yearPlanId))
        .sort((a, b) => a.month - b.month || a.id - b.id)
        .map((x) => ({ lineId: x.id, month: x.month, trainingType: x.trainingType, content: x.content, plannedFen: x.total, actualFen: x.actual }));
      return {
        yearPlanId,
        lines,
        plannedFen: lines.reduce((s, x) => s + x.plannedFen, 0),
        actualFen: lines.reduce((s, x) => s + x.actualFen, 0),
      };
    },
  };
}
export type ChargesService = ReturnType<typeof createChargesService>;
