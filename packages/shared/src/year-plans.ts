import { z } from 'zod';
import { CONSTANTS } from './constants.js';
import { ExportLocaleSchema, IdSchema, PageQuerySchema, ownerFields } from './api.js';
import { defineLifecycle } from './lifecycle.js';

/** Annual training plans (spec §3 "Annual plan", §4, code `ndjh`; pages manage-train-year-plan, add-train-year-plan). */
export const YEAR_PLAN_TYPES = ['annual', 'salon', 'faceToFace', 'studyTour'] as const;
export type YearPlanType = (typeof YEAR_PLAN_TYPES)[number];
/** Where a planned training takes place. */
export const YEAR_PLAN_FORMS = ['inside', 'outside'] as const;
export type YearPlanForm = (typeof YEAR_PLAN_FORMS)[number];
/** The approval engine's business type of annual plans (`APPROVAL_BUSINESS_TYPES`). */
export const YEAR_PLAN_APPROVAL_TYPE = 'annualPlan';
export const YEAR_PLAN_YEAR_MIN = 2000;
export const YEAR_PLAN_YEAR_MAX = 2100;
/** One budget item of a line, in fen (1 yuan = 100 fen): up to 99,999,999.99 yuan. */
export const YEAR_PLAN_AMOUNT_MAX = 9_999_999_999;
export const YEAR_PLAN_LINES_MAX = 200;
/** The four budget items of a line (spec §3), each stored in fen. */
export const YEAR_PLAN_BUDGET_ITEMS = ['siteFee', 'teacherFee', 'textbookFee', 'travelFee'] as const;
export type YearPlanBudgetItem = (typeof YEAR_PLAN_BUDGET_ITEMS)[number];

/**
 * The annual plan lifecycle (spec §4). The approval engine moves it: a submission (the plan's own
 * command or /api/approval/submit) → underReview; the flow's outcome → approved or auditFailure;
 * the applicant's withdrawal → canResubmit. Only a draft is deleted; a refused or withdrawn plan is
 * edited and submitted again.
 */
export const YEAR_PLAN_LIFECYCLE = defineLifecycle({
  name: 'year_plans',
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
      draft: 'yearPlans.status_draft',
      underReview: 'yearPlans.status_underReview',
      approved: 'yearPlans.status_approved',
      auditFailure: 'yearPlans.status_auditFailure',
      canResubmit: 'yearPlans.status_canResubmit',
    },
    commands: { submit: 'yearPlans.submit', approve: 'yearPlans.approve', refuse: 'yearPlans.refuse', withdraw: 'yearPlans.withdraw' },
  },
});
export type YearPlanState = (typeof YEAR_PLAN_LIFECYCLE.states)[number];

/** What a plan row lets its reader do here (approve, refuse and withdraw happen in the approvals pages). */
export const YearPlanAbilitiesSchema = YEAR_PLAN_LIFECYCLE.abilitiesSchema.pick({ modify: true, delete: true, submit: true });
export type YearPlanAbilities = z.infer<typeof YearPlanAbilitiesSchema>;

const amount = z.number().int().min(0).max(YEAR_PLAN_AMOUNT_MAX);
const budgetItems = <T extends z.ZodType>(item: T): Record<YearPlanBudgetItem, T> => ({ siteFee: item, teacherFee: item, textbookFee: item, travelFee: item });
/** The four budget items of a plan line, each in fen (an unplanned training plan carries the same four). */
export const YearPlanBudgetSchema = z.object(budgetItems(amount));
export type YearPlanBudget = z.infer<typeof YearPlanBudgetSchema>;
/** The same four, each 0 when left out (a new unplanned plan). */
export const YearPlanBudgetDefaultsSchema = z.object(budgetItems(amount.default(0)));

/** One line as written: `id` keeps an existing line (and what refers to it); a line left out is removed. */
export const YearPlanLineInputSchema = z.object({
  id: IdSchema.optional(),
  month: z.number().int().min(1).max(12),
  sessions: z.number().int().min(1).max(9999),
  trainingType: z.string().trim().min(1).max(50),
  content: z.string().trim().min(1).max(500),
  form: z.enum(YEAR_PLAN_FORMS),
  days: z.number().int().min(1).max(99_999_999),
  ...YearPlanBudgetSchema.shape,
});
export type YearPlanLineInput = z.infer<typeof YearPlanLineInputSchema>;

const planFields = {
  name: z.string().trim().min(1).max(CONSTANTS.NAME_LONG_MAX),
  year: z.number().int().min(YEAR_PLAN_YEAR_MIN).max(YEAR_PLAN_YEAR_MAX),
  type: z.enum(YEAR_PLAN_TYPES),
  /** The department the plan belongs to (its data scope); the caller's own when left out. */
  orgId: IdSchema,
  lines: z.array(YearPlanLineInputSchema).max(YEAR_PLAN_LINES_MAX),
};

export const YearPlanCreateSchema = z.object({ ...planFields, orgId: planFields.orgId.optional(), lines: planFields.lines.default([]) });
export type YearPlanCreate = z.infer<typeof YearPlanCreateSchema>;
/** Fields left out keep their value; `lines`, when given, is the whole new list. */
export const YearPlanUpdateSchema = z.object(planFields).partial().extend({ id: IdSchema });
export type YearPlanUpdate = z.infer<typeof YearPlanUpdateSchema>;

export const YEAR_PLAN_SORT_KEYS = ['id', 'year', 'name', 'totalBudget', 'totalSessions', 'createdAt'] as const;
export const YearPlanListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  year: z.coerce.number().int().min(YEAR_PLAN_YEAR_MIN).max(YEAR_PLAN_YEAR_MAX).optional(),
  type: z.enum(YEAR_PLAN_TYPES).optional(),
  state: YEAR_PLAN_LIFECYCLE.stateSchema.optional(),
  orgId: IdSchema.optional(),
});
export type YearPlanListQuery = z.infer<typeof YearPlanListQuerySchema>;

export const YearPlanRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  year: z.number(),
  type: z.enum(YEAR_PLAN_TYPES),
  state: YEAR_PLAN_LIFECYCLE.stateSchema,
  /** Sum of the lines' budgets, in fen (computed by the server). */
  totalBudget: z.number(),
  /** Sum of the lines' sessions (computed by the server). */
  totalSessions: z.number(),
  ...ownerFields,
  updatedAt: z.string(),
  abilities: YearPlanAbilitiesSchema,
});
export type YearPlanRow = z.infer<typeof YearPlanRowSchema>;

export const YearPlanLineSchema = YearPlanLineInputSchema.extend({
  id: z.number(),
  /** The four budget items added up, in fen (computed by the server). */
  total: z.number(),
  /** Spent so far, in fen: the charges training classes recorded against the line (0 without any). */
  actual: z.number(),
});
export type YearPlanLine = z.infer<typeof YearPlanLineSchema>;

/** One plan for its editor: the row with its lines in month order. */
export const YearPlanDetailSchema = YearPlanRowSchema.extend({ lines: z.array(YearPlanLineSchema), /** The lines' actual spend added up, in fen. */ totalActual: z.number() });
export type YearPlanDetail = z.infer<typeof YearPlanDetailSchema>;

/** A line's budget: the four items added up, in fen. */
export const yearPlanLineTotal = (l: Pick<YearPlanLineInput, YearPlanBudgetItem>) => l.siteFee + l.teacherFee + l.textbookFee + l.travelFee;

/** The Excel file of one plan: its lines with the budget items and the totals, in yuan (reader's language). */
export const YearPlanExportSchema = z.strictObject({ id: IdSchema, ...ExportLocaleSchema.shape });
export type YearPlanExport = z.infer<typeof YearPlanExportSchema>;
/** The year overview: every plan of the year in the caller's scope (department, type, sessions, budget, state). */
export const YearPlanYearExportSchema = z.strictObject({
  year: z.coerce.number().int().min(YEAR_PLAN_YEAR_MIN).max(YEAR_PLAN_YEAR_MAX),
  ...ExportLocaleSchema.shape,
});
export type YearPlanYearExport = z.infer<typeof YearPlanYearExportSchema>;
