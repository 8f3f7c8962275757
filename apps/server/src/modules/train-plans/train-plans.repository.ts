import { eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineList } from '../../platform/list.js';
import { lockOrgRows } from '../../platform/org-rows.js';
import { insertRow } from '../../platform/table-rows.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { yearPlans } from '../year-plans/index.js';
import { trainPlans } from './train-plans.schema.js';

const t = trainPlans;
const columns = {
  id: t.id,
  name: t.name,
  reason: t.reason,
  startDate: t.startDate,
  endDate: t.endDate,
  trainingType: t.trainingType,
  form: t.form,
  days: t.days,
  sessions: t.sessions,
  trainees: t.trainees,
  siteFee: t.siteFee,
  teacherFee: t.teacherFee,
  textbookFee: t.textbookFee,
  travelFee: t.travelFee,
  totalBudget: t.totalBudget,
  yearPlanId: t.yearPlanId,
  yearPlanName: yearPlans.name,
  yearPlanYear: yearPlans.year,
  status: t.status,
  orgId: t.orgId,
  orgName: organizations.name,
  orgPath: organizations.path,
  createdBy: t.createdBy,
  creatorName: users.realname,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
};

/** The management list: plans of the departments in the caller's data scope (the training department: all). */
export const trainPlanList = defineList({
  name: 'train_plan_list',
  table: trainPlans,
  tables: ['train_plans', 'organizations', 'year_plans'],
  scope: { column: t.orgId },
  filters: {
    year: (v) => sql`extract(year from ${t.startDate}) = ${v}`,
    form: (v) => eq(t.form, v),
    state: (v) => eq(t.status, v),
    orgId: (v) => eq(t.orgId, v),
  },
  keyword: (pattern) => or(ilike(t.name, pattern), ilike(t.trainingType, pattern)),
  sort: {
    id: t.id,
    name: t.name,
    startDate: t.startDate,
    totalBudget: t.totalBudget,
    sessions: t.sessions,
    trainees: t.trainees,
    createdAt: t.createdAt,
  },
  columns,
  join: (q) => q.leftJoin(organizations, eq(organizations.id, t.orgId)).leftJoin(users, eq(users.id, t.createdBy)).leftJoin(yearPlans, eq(yearPlans.id, t.yearPlanId)),
});
export type TrainPlanListRow = Awaited<ReturnType<typeof trainPlanList.rowsOf>>[number];

/** Locks plans for a change, with their department's path for the scope check. */
export const lockTrainPlans = (tx: DbOrTx, ids: number[]) => lockOrgRows(tx, trainPlans, ids, ['status', 'name', 'orgId', 'startDate', 'endDate', 'yearPlanId']);

export const insertTrainPlan = (tx: DbOrTx, values: typeof trainPlans.$inferInsert) => insertRow(tx, trainPlans, values);

/** The annual plan a plan may link to: its department (read from the year-plans table; null when there is none). */
export async function yearPlanOrg(db: DbOrTx, id: number): Promise<{ orgId: number | null } | null> {
  const [r] = await db.select({ orgId: yearPlans.orgId }).from(yearPlans).where(eq(yearPlans.id, id));
  return r ?? null;
}
