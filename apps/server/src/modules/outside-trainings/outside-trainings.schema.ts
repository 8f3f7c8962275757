import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { OUTSIDE_TRAINING_LIFECYCLE, type OutsideTrainingFile, type OutsideTrainingResult, type StateOf } from '@hanlin/shared';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors, ownedRecordConstraintErrors } from '../../platform/db/constraints.js';
import { ownedRecordColumns } from '../../platform/db/columns.js';

/**
 * Applications to attend an outside course. `created_by` is the applicant; `org_id` their
 * organization when they applied (the data scope of department administrators).
 */
export const outsideTrainings = pgTable(
  'outside_trainings',
  {
    id: serial().primaryKey(),
    institutionName: varchar({ length: 200 }).notNull(),
    /** Seam for the training-organizations module (no key yet). */
    institutionId: integer(),
    course: varchar({ length: 200 }).notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    /** In fen. */
    cost: bigint({ mode: 'number' }).notNull().default(0),
    reason: text().notNull().default(''),
    /** The uploaded files (purpose `outside-training`), as claimed: reference, name, size. */
    attachments: jsonb().notNull().default([]).$type<OutsideTrainingFile[]>(),
    status: varchar({ length: 16 }).notNull().default('draft').$type<StateOf<typeof OUTSIDE_TRAINING_LIFECYCLE>>(),
    result: varchar({ length: 8 }).$type<OutsideTrainingResult>(),
    score: numeric({ precision: 7, scale: 2, mode: 'number' }),
    notes: text().notNull().default(''),
    certificate: jsonb().$type<OutsideTrainingFile>(),
    resultAt: timestamp({ withTimezone: true }),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
  },
  (t) => [
    index('outside_trainings_created_by_idx').on(t.createdBy, t.id),
    index('outside_trainings_org_idx').on(t.orgId, t.id),
    stateCheck('outside_trainings_status_check', t.status, OUTSIDE_TRAINING_LIFECYCLE),
    check('outside_trainings_dates_check', sql`${t.startDate} <= ${t.endDate}`),
    check('outside_trainings_cost_check', sql`${t.cost} >= 0`),
    check('outside_trainings_result_check', sql`${t.result} is null or ${t.result} in ('passed', 'failed')`),
    check('outside_trainings_attachments_check', sql`jsonb_array_length(${t.attachments}) <= 5`),
  ],
);

export const constraintErrors = defineConstraintErrors({
  outside_trainings_status_check: null,
  outside_trainings_dates_check: { code: 'PARAMETER_INVALID', field: 'endDate' },
  outside_trainings_cost_check: { code: 'PARAMETER_INVALID', field: 'cost' },
  outside_trainings_result_check: { code: 'PARAMETER_INVALID', field: 'result' },
  outside_trainings_attachments_check: { code: 'PARAMETER_INVALID', field: 'attachments' },
  ...ownedRecordConstraintErrors('outside_trainings'),
});
