import { z } from 'zod';
import { CONSTANTS } from './constants.js';
import { IdSchema, PageQuerySchema, listExportSchema, ownerFields } from './api.js';
import { defineLifecycle } from './lifecycle.js';
import { YEAR_PLAN_FORMS, YEAR_PLAN_YEAR_MAX, YEAR_PLAN_YEAR_MIN, YearPlanBudgetDefaultsSchema, YearPlanBudgetSchema } from './year-plans.js';

/**
 * Unplanned (ad-hoc) training plans (spec §2 `manage-train-plan`, `train-plan-approval`; §4 "Annual
 * plan" applies the same approval): a department's one-off training outside its annual plan, with
 * its reason, dates, form, sessions, expected trainees and the four budget items of a plan line.
 * Permission code `pxjh` (see permissions.ts).
 */
/** The approval engine's business type of unplanned plans (`APPROVAL_BUSINESS_TYPES`). */
export const TRAIN_PLAN_APPROVAL_TYPE = 'trainingPlan';
export const TRAIN_PLAN_REASON_MAX = 1000;
export const TRAIN_PLAN_TRAINEES_MAX = 99_999;

/**
 * The same lifecycle as annual plans: the approval engine moves it (submit → underReview, the flow's
 * outcome → approved or auditFailure, the applicant's withdrawal → canResubmit); only a draft is deleted.
 */
export const TRAIN_PLAN_LIFECYCLE = defineLifecycle({
  name: 'train_plans',
  states: ['draft', 'underReview', 'approved', 'auditFailure', 'canResubmit'],
  initial: 'draft',
  transitions: {
    submit: { from: ['draft', 'auditFailure', 'canResubmit'], to: 'underReview' },
    approve: { from: ['underReview'], to: 'approved' },
    refuse: { from: ['underReview'], to: 'auditFailure' },
    withdraw: { from: ['underReview'], to: 'canResubmit' },
  },
  editable: ['draft', 'auditFailure', 'canResubmit'],
  deletable: ['draft'],
  colors: { draft: 'default', underReview: 'processing', approved: 'green', auditFailure: 'red', canResubmit: 'orange' },
  labels: {
    states: {
      draft: 'trainPlans.status_draft',
      underReview: 'trainPlans.status_underReview',
      approved: 'trainPlans.status_approved',
      auditFailure: 'trainPlans.status_auditFailure',
      canResubmit: 'trainPlans.status_canResubmit',
    },
    commands: { submit: 'trainPlans.submit', approve: 'trainPlans.approve', refuse: 'trainPlans.refuse', withdraw: 'trainPlans.withdraw' },
  },
});
export type TrainPlanState = (typeof TRAIN_PLAN_LIFECYCLE.states)[number];

export const TrainPlanAbilitiesSchema = TRAIN_PLAN_LIFECYCLE.abilitiesSchema.pick({ modify: true, delete: true, submit: true });
export type TrainPlanAbilities = z.infer<typeof TrainPlanAbilitiesSchema>;

const fields = {
  name: z.string().trim().min(1).max(CONSTANTS.NAME_LONG_MAX),
  /** The department the plan belongs to (its data scope); the caller's own when left out. */
  orgId: IdSchema,
  /** Why the training is needed and what it should achieve. */
  reason: z.string().trim().min(1).max(TRAIN_PLAN_REASON_MAX),
  /** The planned dates (a planned month is its first to its last day). */
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  trainingType: z.string().trim().min(1).max(50),
  form: z.enum(YEAR_PLAN_FORMS),
  days: z.number().int().min(1).max(9999),
  sessions: z.number().int().min(1).max(9999),
  trainees: z.number().int().min(1).max(TRAIN_PLAN_TRAINEES_MAX),
  /** The four budget items of a plan line, in fen. */
  ...YearPlanBudgetSchema.shape,
  /** Optional: the department's annual plan this training adds to. */
  yearPlanId: IdSchema.nullable(),
};

const datesInOrder = (v: { startDate?: string; endDate?: string }) => !v.startDate || !v.endDate || v.startDate <= v.endDate;
/** The message is a locale key (the form shows its text on `endDate`). */
const DATE_ORDER = { message: 'trainPlans.dateOrder', path: ['endDate'] };

export const TrainPlanCreateSchema = z
  .object({
    ...fields,
    orgId: fields.orgId.optional(),
    ...YearPlanBudgetDefaultsSchema.shape,
    yearPlanId: fields.yearPlanId.default(null),
  })
  .refine(datesInOrder, DATE_ORDER);
export type TrainPlanCreate = z.infer<typeof TrainPlanCreateSchema>;
/** Fields left out keep their value (the server checks the dates again against the stored ones). */
export const TrainPlanUpdateSchema = z.object(fields).partial().extend({ id: IdSchema }).refine(datesInOrder, DATE_ORDER);
export type TrainPlanUpdate = z.infer<typeof TrainPlanUpdateSchema>;

export const TRAIN_PLAN_SORT_KEYS = ['id', 'name', 'startDate', 'totalBudget', 'sessions', 'trainees', 'createdAt'] as const;
const listFilters = {
  keyword: z.string().trim().max(100).optional(),
  /** Plans whose dates start in this year. */
  year: z.coerce.number().int().min(YEAR_PLAN_YEAR_MIN).max(YEAR_PLAN_YEAR_MAX).optional(),
  form: z.enum(YEAR_PLAN_FORMS).optional(),
  state: TRAIN_PLAN_LIFECYCLE.stateSchema.optional(),
  orgId: IdSchema.optional(),
};
export const TrainPlanListQuerySchema = PageQuerySchema.extend(listFilters);
export type TrainPlanListQuery = z.infer<typeof TrainPlanListQuerySchema>;
/** The list's Excel export: the list's filters and order, in the reader's language and time zone. */
export const TrainPlanListExportSchema = listExportSchema(listFilters);
export type TrainPlanListExport = z.infer<typeof TrainPlanListExportSchema>;

export const TrainPlanRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  reason: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  trainingType: z.string(),
  form: z.enum(YEAR_PLAN_FORMS),
  days: z.number(),
  sessions: z.number(),
  trainees: z.number(),
  siteFee: z.number(),
  teacherFee: z.number(),
  textbookFee: z.number(),
  travelFee: z.number(),
  /** The four items added up, in fen (computed by the database). */
  totalBudget: z.number(),
  yearPlanId: z.number().nullable(),
  yearPlanName: z.string().nullable(),
  yearPlanYear: z.number().nullable(),
  state: TRAIN_PLAN_LIFECYCLE.stateSchema,
  ...ownerFields,
  updatedAt: z.string(),
  abilities: TrainPlanAbilitiesSchema,
});
export type TrainPlanRow = z.infer<typeof TrainPlanRowSchema>;
