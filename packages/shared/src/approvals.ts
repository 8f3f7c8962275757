import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './api.js';
import { defineLifecycle } from './lifecycle.js';

/**
 * The approval engine (`splgl`, `manage-approval-flow`; spec §4 "Approval types"): one flow
 * definition per business type, ordered steps of approvers (named users, holders of a role, the
 * applicant's direct leader or organization leaders), each step sequential (one after another),
 * countersign (all agree) or or-sign (any one), with CC persons. Definitions are versioned: an
 * edit writes a new version, a running approval keeps the one it started with.
 */

/**
 * The business types of the spec with their own texts (`approvals.type_<name>`). A module may
 * register another type on the server (course, question, knowledge, enrolment approvals) with no
 * change to the engine; its texts then fall back to the type's name.
 */
export const APPROVAL_BUSINESS_TYPES = ['trainingPlan', 'annualPlan', 'outsideTraining', 'trainingClass', 'enrolment'] as const;
export type KnownApprovalBusinessType = (typeof APPROVAL_BUSINESS_TYPES)[number];
export const ApprovalBusinessTypeSchema = z
  .string()
  .trim()
  .regex(/^[a-zA-Z][a-zA-Z0-9-]{0,49}$/);

/** sequential: the approvers act one after another; countersign: all agree; orSign: any one. */
export const APPROVAL_STEP_MODES = ['sequential', 'countersign', 'orSign'] as const;
export type ApprovalStepMode = (typeof APPROVAL_STEP_MODES)[number];
export const APPROVAL_STEPS_MAX = 20;
export const APPROVAL_APPROVERS_MAX = 50;
export const APPROVAL_COMMENT_MAX = 500;
export const APPROVAL_FLOW_NAME_MAX = 100;

/** Who approves: named users, every active holder of a role, the applicant's direct leader, their organization's leaders. */
export const ApproverSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: IdSchema }),
  z.object({ kind: z.literal('role'), roleId: IdSchema }),
  z.object({ kind: z.literal('leader') }),
  z.object({ kind: z.literal('orgLeader') }),
]);
export type Approver = z.infer<typeof ApproverSchema>;
export const APPROVER_KINDS = ['user', 'role', 'leader', 'orgLeader'] as const;

export const ApprovalStepSchema = z.object({
  name: z.string().trim().max(APPROVAL_FLOW_NAME_MAX).default(''),
  mode: z.enum(APPROVAL_STEP_MODES),
  /** At least one approver (spec §4). */
  approvers: z.array(ApproverSchema).min(1).max(APPROVAL_APPROVERS_MAX),
  /** Told when the approval reaches the step; they read its history but do not decide. */
  ccUserIds: z.array(IdSchema).max(APPROVAL_APPROVERS_MAX).default([]),
});
export type ApprovalStep = z.infer<typeof ApprovalStepSchema>;
export type ApprovalStepInput = z.input<typeof ApprovalStepSchema>;

const flowFields = {
  businessType: ApprovalBusinessTypeSchema,
  name: z.string().trim().min(1).max(APPROVAL_FLOW_NAME_MAX),
  steps: z.array(ApprovalStepSchema).min(1).max(APPROVAL_STEPS_MAX),
};
/** One flow per business type (DUPLICATE_DATA naming `businessType`). */
export const ApprovalFlowInsertSchema = z.object(flowFields);
export type ApprovalFlowInsert = z.infer<typeof ApprovalFlowInsertSchema>;
export type ApprovalFlowInput = z.input<typeof ApprovalFlowInsertSchema>;
/** An edit writes a new version (running approvals keep theirs); the business type stays. */
export const ApprovalFlowUpdateSchema = z.object({ id: IdSchema, name: flowFields.name.optional(), steps: flowFields.steps.optional() });
export type ApprovalFlowUpdate = z.infer<typeof ApprovalFlowUpdateSchema>;

export const ApprovalFlowListQuerySchema = PageQuerySchema.extend({ businessType: ApprovalBusinessTypeSchema.optional() });
export type ApprovalFlowListQuery = z.infer<typeof ApprovalFlowListQuerySchema>;

export const ApprovalFlowAbilitiesSchema = z.object({ modify: z.boolean(), delete: z.boolean() });
export const ApprovalFlowRowSchema = z.object({
  id: z.number(),
  businessType: z.string(),
  name: z.string(),
  version: z.number(),
  stepCount: z.number(),
  /** Approvals started on any version and not finished yet. */
  running: z.number(),
  updatedAt: z.string(),
  updaterName: z.string().nullable(),
  abilities: ApprovalFlowAbilitiesSchema,
});
export type ApprovalFlowRow = z.infer<typeof ApprovalFlowRowSchema>;
/** A step as the editor shows it: the ids with the names they stand for. */
export const ApprovalStepDetailSchema = z.object({
  name: z.string(),
  mode: z.enum(APPROVAL_STEP_MODES),
  approvers: z.array(z.intersection(ApproverSchema, z.object({ label: z.string().nullable() }))),
  ccUserIds: z.array(z.number()),
  cc: z.array(z.object({ userId: z.number(), realname: z.string() })),
});
export const ApprovalFlowDetailSchema = ApprovalFlowRowSchema.extend({ steps: z.array(ApprovalStepDetailSchema) });
export type ApprovalFlowDetail = z.infer<typeof ApprovalFlowDetailSchema>;
/** The business types a flow may be defined for: the spec's and those modules registered. */
export const ApprovalTypesSchema = z.array(z.object({ businessType: z.string(), defined: z.boolean() }));

/** An approval's lifecycle: submitted → pending; the last step agreeing approves, any refusal refuses; the applicant may withdraw and resubmit. */
export const APPROVAL_STATES = ['pending', 'approved', 'refused', 'withdrawn'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
export const APPROVAL_LIFECYCLE = defineLifecycle({
  name: 'approvals',
  states: APPROVAL_STATES,
  initial: 'pending',
  transitions: {
    /** The last step's agreement (an earlier step's only moves the approval on). */
    approve: { from: ['pending'], to: 'approved' },
    refuse: { from: ['pending'], to: 'refused' },
    withdraw: { from: ['pending'], to: 'withdrawn' },
    resubmit: { from: ['refused', 'withdrawn'], to: 'pending' },
  },
  editable: [],
  deletable: [],
  colors: { pending: 'processing', approved: 'green', refused: 'red', withdrawn: 'default' },
  labels: {
    states: { pending: 'approvals.state_pending', approved: 'approvals.state_approved', refused: 'approvals.state_refused', withdrawn: 'approvals.state_withdrawn' },
    commands: { approve: 'approvals.approve', refuse: 'approvals.refuse', withdraw: 'approvals.withdraw', resubmit: 'approvals.resubmit' },
  },
});
export type ApprovalCommand = keyof typeof APPROVAL_LIFECYCLE.transitions;

/** What the caller may do on an approval: decide their own waiting task, withdraw or resubmit their own. */
export const ApprovalAbilitiesSchema = APPROVAL_LIFECYCLE.commandsSchema;
export type ApprovalAbilities = z.infer<typeof ApprovalAbilitiesSchema>;

/** The state of one approver's task. queued: a later turn of a sequential step. */
export const APPROVAL_TASK_STATES = ['queued', 'waiting', 'approved', 'refused', 'skipped', 'cancelled'] as const;
export type ApprovalTaskState = (typeof APPROVAL_TASK_STATES)[number];

export const ApprovalRowSchema = z.object({
  id: z.number(),
  businessType: z.string(),
  businessId: z.number(),
  title: z.string(),
  state: APPROVAL_LIFECYCLE.stateSchema,
  applicantId: z.number(),
  applicantName: z.string(),
  orgName: z.string().nullable(),
  flowId: z.number(),
  version: z.number(),
  /** The step waiting (from 0), and how many the version has. */
  stepIndex: z.number(),
  stepCount: z.number(),
  stepName: z.string(),
  submittedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The people whose decision the step waits for (`frozen`: their account is frozen, they cannot act). */
  waitingOn: z.array(z.object({ userId: z.number(), realname: z.string(), frozen: z.boolean() })),
  /**
   * Set when the step cannot finish by itself, so an administrator must act (splgl:modify,
   * `/api/approval/reassign`): `frozenApprover` (a decision it needs is a frozen account's, named in
   * `waitingOn`), `noApprover` (nobody resolved: no leader, an empty role).
   */
  stalled: z.enum(['frozenApprover', 'noApprover']).nullable(),
  /** The caller's waiting task on the current step, if any (send it with the decision). */
  myTaskId: z.number().nullable(),
  abilities: ApprovalAbilitiesSchema,
});
export type ApprovalRow = z.infer<typeof ApprovalRowSchema>;

export const APPROVAL_ACTIONS = ['submit', 'approve', 'refuse', 'withdraw', 'resubmit', 'skip', 'reassign'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];
/** One line of an approval's history: who did what, when (server clock), with what comment. */
export const ApprovalRecordSchema = z.object({
  id: z.number(),
  round: z.number(),
  stepIndex: z.number().nullable(),
  action: z.enum(APPROVAL_ACTIONS),
  userId: z.number().nullable(),
  realname: z.string().nullable(),
  comment: z.string(),
  at: z.string(),
});
export type ApprovalRecord = z.infer<typeof ApprovalRecordSchema>;
export const ApprovalHistorySchema = z.object({
  approval: ApprovalRowSchema.nullable(),
  records: z.array(ApprovalRecordSchema),
  /** The current round's tasks, step by step. */
  tasks: z.array(
    z.object({
      stepIndex: z.number(),
      position: z.number(),
      userId: z.number(),
      realname: z.string(),
      state: z.enum(APPROVAL_TASK_STATES),
      decidedAt: z.string().nullable(),
      comment: z.string(),
    }),
  ),
});
export type ApprovalHistory = z.infer<typeof ApprovalHistorySchema>;

export const ApprovalListQuerySchema = PageQuerySchema.pick({ page: true, size: true }).extend({
  businessType: ApprovalBusinessTypeSchema.optional(),
  state: APPROVAL_LIFECYCLE.stateSchema.optional(),
});
export type ApprovalListQuery = z.infer<typeof ApprovalListQuerySchema>;

/** A decision on the caller's waiting task: a refusal needs its reason. */
export const ApprovalDecideSchema = z
  .object({
    id: IdSchema,
    decision: z.enum(['approve', 'refuse']),
    comment: z.string().trim().max(APPROVAL_COMMENT_MAX).default(''),
    /** The task the caller decides (the row's `myTaskId`): a decision meant for a step already passed is not taken for the next one. */
    taskId: IdSchema.optional(),
  })
  .refine((v) => v.decision === 'approve' || v.comment.length > 0, { message: 'a refusal needs its reason', path: ['comment'] });
export type ApprovalDecide = z.infer<typeof ApprovalDecideSchema>;
export const ApprovalWithdrawSchema = z.object({ id: IdSchema, comment: z.string().trim().max(APPROVAL_COMMENT_MAX).default('') });
export type ApprovalWithdraw = z.infer<typeof ApprovalWithdrawSchema>;
/** Submit (or resubmit after a refusal or withdrawal) a business record the type's module lets the caller submit. */
export const ApprovalSubmitSchema = z.object({
  businessType: ApprovalBusinessTypeSchema,
  businessId: IdSchema,
  comment: z.string().trim().max(APPROVAL_COMMENT_MAX).default(''),
});
export type ApprovalSubmit = z.infer<typeof ApprovalSubmitSchema>;
export const ApprovalHistoryQuerySchema = z.object({ businessType: ApprovalBusinessTypeSchema, businessId: IdSchema });
export type ApprovalHistoryQuery = z.infer<typeof ApprovalHistoryQuerySchema>;
/** An administrator moves a waiting or queued task of the current step to someone else, or adds an approver to a step nobody can finish. */
export const ApprovalReassignSchema = z.object({ id: IdSchema, fromUserId: IdSchema.optional(), toUserId: IdSchema });
export type ApprovalReassign = z.infer<typeof ApprovalReassignSchema>;

/** The flow editor's pickers: active users or roles by name (splgl). */
export const ApprovalCandidateQuerySchema = z.object({ kind: z.enum(['user', 'role']), keyword: z.string().trim().max(50).optional() });
export type ApprovalCandidateQuery = z.infer<typeof ApprovalCandidateQuerySchema>;
export const ApprovalCandidatesSchema = z.array(z.object({ id: z.number(), name: z.string(), detail: z.string().nullable() }));
export type ApprovalCandidate = z.infer<typeof ApprovalCandidatesSchema>[number];
