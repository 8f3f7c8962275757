import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { YEAR_PLAN_LIFECYCLE, type StateOf, type YearPlanForm, type YearPlanType } from '@hanlin/shared';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors, ownedRecordConstraintErrors } from '../../platform/db/constraints.js';
import { ownedRecordColumns } from '../../platform/db/columns.js';

const fen = () => bigint({ mode: 'number' }).notNull().default(0);

/** Annual training plans (spec §3 "Annual plan"): one per department (`org_id`) and year. */
export const yearPlans = pgTable(
  'year_plans',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 200 }).notNull(),
    year: smallint().notNull(),
    type: varchar({ length: 16 }).notNull().$type<YearPlanType>(),
    status: varchar({ length: 16 }).notNull().default('draft').$type<StateOf<typeof YEAR_PLAN_LIFECYCLE>>(),
    /** Sums of the lines, written by the server with every change of the lines (fen; sessions). */
    totalBudget: fen(),
    totalSessions: integer().notNull().default(0),
    /** `org_id`: the department the plan is for (its data scope); the creator and timestamps. */
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
  },
  (t) => [
    uniqueIndex('year_plans_org_year_uq').on(t.orgId, t.year),
    index('year_plans_year_idx').on(t.year, t.id),
    stateCheck('year_plans_status_check', t.status, YEAR_PLAN_LIFECYCLE),
    check('year_plans_totals_check', sql`${t.totalBudget} >= 0 and ${t.totalSessions} >= 0`),
  ],
);

/**
 * The lines of a plan: one planned training (month, sessions, content, form, days) with its budget
 * items in fen. A line keeps its id across edits, so later tables (a training class's actual
 * charges) reference `year_plan_lines.id`; removing a referenced line is then refused by their key.
 */
export const yearPlanLines = pgTable(
  'year_plan_lines',
  {
    id: serial().primaryKey(),
    planId: integer()
      .notNull()
      .references(() => yearPlans.id, { onDelete: 'cascade' }),
    month: smallint().notNull(),
    sessions: integer().notNull(),
    trainingType: varchar({ length: 50 }).notNull(),
    content: varchar({ length: 500 }).notNull(),
    form: varchar({ length: 8 }).notNull().$type<YearPlanForm>(),
    days: integer().notNull(),
    siteFee: fen(),
    teacherFee: fen(),
    textbookFee: fen(),
    travelFee: fen(),
    /** Order within the plan, as the editor sent the lines. */
    sort: integer().notNull().default(0),
  },
  (t) => [
    index('year_plan_lines_plan_idx').on(t.planId, t.sort),
    check('year_plan_lines_month_check', sql`${t.month} between 1 and 12`),
    check('year_plan_lines_counts_check', sql`${t.sessions} > 0 and ${t.days} > 0`),
    check('year_plan_lines_form_check', sql`${t.form} in ('inside', 'outside')`),
    check('year_plan_lines_fees_check', sql`${t.siteFee} >= 0 and ${t.teacherFee} >= 0 and ${t.textbookFee} >= 0 and ${t.travelFee} >= 0`),
  ],
);

export const constraintErrors = defineConstraintErrors({
  year_plans_org_year_uq: { code: 'YEAR_PLAN_EXISTS', field: 'year' },
  year_plans_status_check: null,
  year_plans_totals_check: null,
  ...ownedRecordConstraintErrors('year_plans'),
  year_plan_lines_plan_id_year_plans_id_fk: null,
  year_plan_lines_month_check: { code: 'PARAMETER_INVALID', field: 'lines' },
  year_plan_lines_counts_check: { code: 'PARAMETER_INVALID', field: 'lines' },
  year_plan_lines_form_check: { code: 'PARAMETER_INVALID', field: 'lines' },
  year_plan_lines_fees_check: { code: 'PARAMETER_INVALID', field: 'lines' },
});
