import { and, asc, eq, ilike, notInArray, sql } from 'drizzle-orm';
import type { YearPlanLineInput } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineList } from '../../platform/list.js';
import { lockOrgRows } from '../../platform/org-rows.js';
import { insertRow } from '../../platform/table-rows.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { yearPlanLines, yearPlans } from './year-plans.schema.js';

const columns = {
  id: yearPlans.id,
  name: yearPlans.name,
  year: yearPlans.year,
  type: yearPlans.type,
  status: yearPlans.status,
  totalBudget: yearPlans.totalBudget,
  totalSessions: yearPlans.totalSessions,
  orgId: yearPlans.orgId,
  orgName: organizations.name,
  orgPath: organizations.path,
  createdBy: yearPlans.createdBy,
  creatorName: users.realname,
  createdAt: yearPlans.createdAt,
  updatedAt: yearPlans.updatedAt,
};

/** The management list: plans of the departments in the caller's data scope (the training department: all). */
export const yearPlanList = defineList({
  name: 'year_plan_list',
  table: yearPlans,
  tables: ['year_plans', 'organizations'],
  scope: { column: yearPlans.orgId },
  filters: {
    year: (v) => eq(yearPlans.year, v),
    type: (v) => eq(yearPlans.type, v),
    state: (v) => eq(yearPlans.status, v),
    orgId: (v) => eq(yearPlans.orgId, v),
  },
  keyword: (pattern) => ilike(yearPlans.name, pattern),
  sort: {
    id: yearPlans.id,
    year: yearPlans.year,
    name: yearPlans.name,
    totalBudget: yearPlans.totalBudget,
    totalSessions: yearPlans.totalSessions,
    createdAt: yearPlans.createdAt,
  },
  columns,
  join: (q) => q.leftJoin(organizations, eq(organizations.id, yearPlans.orgId)).leftJoin(users, eq(users.id, yearPlans.createdBy)),
});
export type YearPlanListRow = Awaited<ReturnType<typeof yearPlanList.rowsOf>>[number];

/** Locks plans for a change, with their department's path for the scope check. */
export const lockYearPlans = (tx: DbOrTx, ids: number[]) => lockOrgRows(tx, yearPlans, ids, ['status', 'name', 'year']);

export const insertYearPlan = (tx: DbOrTx, values: typeof yearPlans.$inferInsert) => insertRow(tx, yearPlans, values);

export function linesOf(db: DbOrTx, planId: number) {
  return db.select().from(yearPlanLines).where(eq(yearPlanLines.planId, planId)).orderBy(asc(yearPlanLines.sort), asc(yearPlanLines.id));
}

export async function lineCount(db: DbOrTx, planId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(yearPlanLines)
    .where(eq(yearPlanLines.planId, planId));
  return r?.n ?? 0;
}

/**
 * Writes the plan's lines as given: a line with the `id` of one of this plan's lines updates it
 * (its id, and what refers to it, stays), one without is added, and the plan's other lines are
 * removed. Answers false when an `id` is not a line of this plan.
 */
export async function replaceLines(tx: DbOrTx, planId: number, lines: YearPlanLineInput[]): Promise<boolean> {
  const current = new Set((await tx.select({ id: yearPlanLines.id }).from(yearPlanLines).where(eq(yearPlanLines.planId, planId))).map((r) => r.id));
  const kept = lines.flatMap((l) => (l.id ? [l.id] : []));
  if (kept.some((id) => !current.has(id)) || new Set(kept).size !== kept.length) return false;
  await tx.delete(yearPlanLines).where(and(eq(yearPlanLines.planId, planId), kept.length ? notInArray(yearPlanLines.id, kept) : undefined));
  for (const [sort, { id, ...l }] of lines.entries()) {
    if (id)
      await tx
        .update(yearPlanLines)
        .set({ ...l, sort })
        .where(eq(yearPlanLines.id, id));
    else await tx.insert(yearPlanLines).values({ ...l, planId, sort });
  }
  return true;
}

/** A line's budget in fen, its four items: in SQL what `yearPlanLineTotal` (shared) is for a line in hand. */
const lineBudget = sql<number>`(${yearPlanLines.siteFee} + ${yearPlanLines.teacherFee} + ${yearPlanLines.textbookFee} + ${yearPlanLines.travelFee})`;

/** Writes the plan's totals from its lines (budget in fen, sessions). */
export async function refreshTotals(tx: DbOrTx, planId: number) {
  const ofPlan = eq(yearPlanLines.planId, planId);
  await tx
    .update(yearPlans)
    .set({
      totalBudget: sql`(select coalesce(sum(${lineBudget}), 0) from ${yearPlanLines} where ${ofPlan})`,
      totalSessions: sql`(select coalesce(sum(${yearPlanLines.sessions}), 0)::int from ${yearPlanLines} where ${ofPlan})`,
    })
    .where(eq(yearPlans.id, planId));
}

/** The budget of one line in fen (none when the line is gone). */
export async function lineBudgetOf(db: DbOrTx, lineId: number): Promise<number | null> {
  const [row] = await db
    .select({ fen: sql<string>`${lineBudget}::bigint` })
    .from(yearPlanLines)
    .where(eq(yearPlanLines.id, lineId));
  return row ? Number(row.fen) : null;
}
