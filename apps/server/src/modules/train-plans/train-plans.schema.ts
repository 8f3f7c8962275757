import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { TRAIN_PLAN_LIFECYCLE, type StateOf, type YearPlanForm } from '@hanlin/shared';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { yearPlans } from '../year-plans/index.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors, ownedRecordConstraintErrors } from '../../platform/db/constraints.js';
import { ownedRecordColumns } from '../../platform/db/columns.js';

const fen = () => bigint({ mode: 'number' }).notNull().default(0);

/**
 * Unplanned (ad-hoc) training plans: one planned training of a department (`org_id`, the data
 * scope) outside its annual plan, with the four budget items of a plan line in fen. Names are
 * unique within a department (DUPLICATE_TRAINING_PLAN).
 */
export const trainPlans = pgTable(
  'train_plans',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 200 }).notNull(),
    reason: varchar({ length: 1000 }).notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    trainingType: varchar({ length: 50 }).notNull(),
    form: varchar({ length: 8 }).notNull().$type<YearPlanForm>(),
    days: integer().notNull(),
    sessions: integer().notNull(),
    /** Expected trainees. */
    trainees: integer().notNull(),
    siteFee: fen(),
    teacherFee: fen(),
    textbookFee: fen(),
    travelFee: fen(),
    /** The four items added up (fen), kept by the database. */
    totalBudget: bigint({ mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`site_fee + teacher_fee + textbook_fee + travel_fee`),
    /** Optional: the department's annual plan this training adds to (a deleted draft plan leaves it empty). */
    yearPlanId: integer().references(() => yearPlans.id, { onDelete: 'set null' }),
    status: varchar({ length: 16 }).notNull().default('draft').$type<StateOf<typeof TRAIN_PLAN_LIFECYCLE>>(),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
  },
  (t) => [
    uniqueIndex('train_plans_org_name_uq').on(t.orgId, t.name),
    index('train_plans_start_idx').on(t.startDate, t.id),
    index('train_plans_year_plan_idx').on(t.yearPlanId),
    stateCheck('train_plans_status_check', t.status, TRAIN_PLAN_LIFECYCLE),
    check('train_plans_dates_check', sql`${t.startDate} <= ${t.endDate}`),
    check('train_plans_counts_check', sql`${t.days} > 0 and ${t.sessions} > 0 and ${t.trainees} > 0`),
    check('train_plans_form_check', sql`${t.form} in ('inside', 'outside')`),
    check('train_plans_fees_check', sql`${t.siteFee} >= 0 and ${t.teacherFee} >= 0 and ${t.textbookFee} >= 0 and ${t.travelFee} >= 0`),
  ],
);

export const constraintErrors = defineConstraintErrors({
  train_plans_org_name_uq: { code: 'DUPLICATE_TRAINING_PLAN', field: 'name' },
  train_plans_status_check: null,
  train_plans_dates_check: { code: 'PARAMETER_INVALID', field: 'endDate' },
  train_plans_counts_check: { code: 'PARAMETER_INVALID', field: 'sessions' },
  train_plans_form_check: { code: 'PARAMETER_INVALID', field: 'form' },
  train_plans_fees_check: { code: 'PARAMETER_INVALID', field: 'siteFee' },
  train_plans_year_plan_id_year_plans_id_fk: { code: 'NOT_FOUND_ERROR', field: 'yearPlanId' },
  ...ownedRecordConstraintErrors('train_plans'),
});
