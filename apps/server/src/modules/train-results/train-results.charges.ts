import type { FastifyInstance } from 'fastify';
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { hasAnyPermission, type TrainChargeInsert, type TrainChargeQuery, type TrainChargeUpdate, type TrainPlanActual } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { onlyRow } from '../../platform/db/rows.js';
import type { Principal } from '../../platform/auth/principal.js';
import { requireAllInScope, requireInScope } from '../../platform/scope.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { trainClasses } from '../train-classes/index.js';
import { planLinesWithActuals, yearPlanLines } from '../year-plans/index.js';
import * as repo from './train-results.repository.js';
import { trainClassCharges as ch } from './train-results.schema.js';

const l = yearPlanLines;
const plannedOf = sql<number>`(${l.siteFee} + ${l.teacherFee} + ${l.textbookFee} + ${l.travelFee})::bigint`;

/** Actual costs of classes (manage-train-chargeDetails), rolling up to the annual plan lines the classes carry out. */
export function createChargesService({ app, db }: { app: FastifyInstance; db: Db }) {
  async function lockCharges(tx: DbOrTx, p: Principal, ids: number[]) {
    const rows = await tx
      .select({ id: ch.id, orgPath: organizations.path })
      .from(ch)
      .innerJoin(trainClasses, eq(trainClasses.id, ch.classId))
      .leftJoin(organizations, eq(organizations.id, trainClasses.orgId))
      .where(inArray(ch.id, ids))
      .for('update', { of: ch });
    if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    requireAllInScope(p, rows, { field: 'id' });
  }

  return {
    async list(p: Principal, q: TrainChargeQuery) {
      const cls = await repo.findClass(db, q.classId, p);
      const may = hasAnyPermission(p.permissions, ['pxapgl:modify']);
      const [records, totalRows, planned] = await Promise.all([
        db
          .select({
            id: ch.id,
            classId: ch.classId,
            planLineId: ch.planLineId,
            item: ch.item,
            amountFen: ch.amountFen,
            spentOn: ch.spentOn,
            note: ch.note,
            creatorName: users.realname,
            createdAt: ch.createdAt,
          })
          .from(ch)
          .leftJoin(users, eq(users.id, ch.createdBy))
          .where(eq(ch.classId, q.classId))
          .orderBy(desc(ch.spentOn), desc(ch.id))
          .limit(q.size)
          .offset((q.page - 1) * q.size),
        db
          .select({ n: count(), sum: sql<number>`coalesce(sum(${ch.amountFen}), 0)::bigint` })
          .from(ch)
          .where(eq(ch.classId, q.classId)),
        cls.yearPlanLineId ? db.select({ planned: plannedOf }).from(l).where(eq(l.id, cls.yearPlanLineId)) : Promise.resolve([]),
      ]);
      const totals = onlyRow(totalRows);
      return {
        records: records.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), abilities: { modify: may, delete: may } })),
        total: totals.n,
        page: q.page,
        size: q.size,
        totalFen: Number(totals.sum),
        plannedFen: planned[0] ? Number(planned[0].planned) : null,
      };
    },

    /** A charge of a class in scope, on the class's plan line (none outside the plans). */
    async insert(p: Principal, input: TrainChargeInsert) {
      const cls = await repo.findClass(db, input.classId, p);
      const row = onlyRow(
        await db
          .insert(ch)
          .values({
            classId: cls.id,
            planLineId: cls.yearPlanLineId,
            item: input.item,
            amountFen: input.amountFen,
            spentOn: input.spentOn,
            note: input.note,
            createdBy: p.userId,
          })
          .returning({ id: ch.id }),
      );
      return { id: row.id };
    },

    async update(p: Principal, input: TrainChargeUpdate) {
      const { id, ...fields } = input;
      await db.transaction(async (tx) => {
        await lockCharges(tx, p, [id]);
        await tx
          .update(ch)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(ch.id, id));
      });
      return null;
    },

    async remove(p: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        await lockCharges(tx, p, ids);
        const gone = await tx.delete(ch).where(inArray(ch.id, ids)).returning({ id: ch.id });
        return { count: gone.length };
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

/** Charges per annual plan line, in fen: what the plan's own page shows as actual (registered with year-plans). */
export async function chargesByPlanLine(db: DbOrTx, lineIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ lineId: ch.planLineId, fen: sql<string>`sum(${ch.amountFen})` })
    .from(ch)
    .where(inArray(ch.planLineId, lineIds))
    .groupBy(ch.planLineId);
  return new Map(rows.flatMap((r) => (r.lineId === null ? [] : [[r.lineId, Number(r.fen)] as const])));
}
