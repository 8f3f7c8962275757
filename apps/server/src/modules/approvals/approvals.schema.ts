import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import {
  APPROVAL_ACTIONS,
  APPROVAL_LIFECYCLE,
  APPROVAL_TASK_STATES,
  type ApprovalAction,
  type ApprovalState,
  type ApprovalStep,
  type ApprovalTaskState,
} from '@hanlin/shared';
import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { requiredRef, timestamps } from '../../platform/db/columns.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** One flow per business type; `versionId` is the version new approvals start on. */
export const approvalFlows = pgTable(
  'approval_flows',
  {
    id: serial().primaryKey(),
    businessType: varchar({ length: 50 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    version: integer().notNull().default(1),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [uniqueIndex('approval_flows_type_uq').on(t.businessType)],
);

/** Every version of a flow's steps, kept while an approval started on it lives. */
export const approvalFlowVersions = pgTable(
  'approval_flow_versions',
  {
    id: serial().primaryKey(),
    flowId: requiredRef(() => approvalFlows.id, 'cascade'),
    version: integer().notNull(),
    steps: jsonb().$type<ApprovalStep[]>().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('approval_flow_versions_flow_version_uq').on(t.flowId, t.version)],
);

/** One approval per business record; a resubmission starts a new round on the flow's current version. */
export const approvalInstances = pgTable(
  'approval_instances',
  {
    id: serial().primaryKey(),
    businessType: varchar({ length: 50 }).notNull(),
    businessId: integer().notNull(),
    title: varchar({ length: 200 }).notNull(),
    applicantId: requiredRef(() => users.id, 'cascade'),
    /** The applicant's organization when submitted (data scope of the business record). */
    orgId: integer().references(() => organizations.id, { onDelete: 'set null' }),
    versionId: integer()
      .notNull()
      .references(() => approvalFlowVersions.id, { onDelete: 'restrict' }),
    state: varchar({ length: 16 }).$type<ApprovalState>().notNull().default('pending'),
    round: integer().notNull().default(1),
    stepIndex: integer().notNull().default(0),
    submittedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('approval_instances_business_uq').on(t.businessType, t.businessId),
    index('approval_instances_applicant_idx').on(t.applicantId, t.id),
    index('approval_instances_version_idx').on(t.versionId),
    stateCheck('approval_instances_state_check', t.state, APPROVAL_LIFECYCLE),
  ],
);

/** One approver's turn on one step of one round. */
export const approvalTasks = pgTable(
  'approval_tasks',
  {
    id: serial().primaryKey(),
    instanceId: requiredRef(() => approvalInstances.id, 'cascade'),
    round: integer().notNull(),
    stepIndex: integer().notNull(),
    /** The order of a sequential step's approvers. */
    position: integer().notNull().default(0),
    userId: requiredRef(() => users.id, 'cascade'),
    state: varchar({ length: 16 }).$type<ApprovalTaskState>().notNull(),
    comment: text().notNull().default(''),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('approval_tasks_instance_idx').on(t.instanceId, t.round, t.stepIndex, t.position),
    index('approval_tasks_user_idx').on(t.userId, t.state, t.instanceId),
    check('approval_tasks_state_check', sql`${t.state} in (${inList(APPROVAL_TASK_STATES)})`),
  ],
);

/** The history: every submission, decision, withdrawal, skip and reassignment, on the server's clock. */
export const approvalRecords = pgTable(
  'approval_records',
  {
    id: serial().primaryKey(),
    instanceId: requiredRef(() => approvalInstances.id, 'cascade'),
    round: integer().notNull(),
    stepIndex: integer(),
    action: varchar({ length: 16 }).$type<ApprovalAction>().notNull(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    comment: text().notNull().default(''),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_records_instance_idx').on(t.instanceId, t.id), check('approval_records_action_check', sql`${t.action} in (${inList(APPROVAL_ACTIONS)})`)],
);

/** Who was copied on an approval (they may read its history). */
export const approvalCcs = pgTable(
  'approval_ccs',
  {
    id: serial().primaryKey(),
    instanceId: requiredRef(() => approvalInstances.id, 'cascade'),
    round: integer().notNull(),
    stepIndex: integer().notNull(),
    userId: requiredRef(() => users.id, 'cascade'),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('approval_ccs_instance_idx').on(t.instanceId), index('approval_ccs_user_idx').on(t.userId, t.instanceId)],
);

/** Constraint violations as API errors (platform/db/constraints.ts). */
export const constraintErrors = defineConstraintErrors({
  approval_flows_type_uq: { code: 'DUPLICATE_DATA', field: 'businessType' },
  approval_flows_updated_by_users_id_fk: null,
  approval_flow_versions_flow_version_uq: null,
  approval_flow_versions_flow_id_approval_flows_id_fk: { code: 'NOT_FOUND_ERROR', field: 'id' },
  approval_flow_versions_created_by_users_id_fk: null,
  approval_instances_business_uq: { code: 'REPEAT_SUBMIT_ERROR', field: 'businessId' },
  approval_instances_state_check: null,
  approval_instances_applicant_id_users_id_fk: null,
  approval_instances_org_id_organizations_id_fk: null,
  approval_instances_version_id_approval_flow_versions_id_fk: { code: 'DATA_IN_USE', field: 'ids' },
  approval_tasks_instance_id_approval_instances_id_fk: null,
  approval_tasks_user_id_users_id_fk: { code: 'NOT_FOUND_ERROR', field: 'toUserId' },
  approval_tasks_state_check: null,
  approval_records_instance_id_approval_instances_id_fk: null,
  approval_records_user_id_users_id_fk: null,
  approval_records_action_check: null,
  approval_ccs_instance_id_approval_instances_id_fk: null,
  approval_ccs_user_id_users_id_fk: null,
});
