import { z } from 'zod';
import { CONSTANTS } from './constants.js';
import { IdSchema, PageQuerySchema, ownerFields } from './api.js';
import { TRAIN_PLAN_LIFECYCLE } from './train-plans.js';
import { YEAR_PLAN_LIFECYCLE, YEAR_PLAN_TYPES, YEAR_PLAN_YEAR_MAX, YEAR_PLAN_YEAR_MIN } from './year-plans.js';

/**
 * Training leaders (spec §2 `manage-leader`, `add-leader`, `leader-center-plan`): a user designated
 * to lead the training of up to 10 organizations (spec §9 "Organization leaders 10"), with a title;
 * their plan center shows the annual and unplanned plans of those organizations. Code `pxld` (see
 * permissions.ts); the plan center is the signed-in leader's own.
 */
export const LEADER_ORGS_MAX = CONSTANTS.ORGANIZATION_LEADERS;
export const LEADER_TITLE_MAX = 50;

const fields = {
  userId: IdSchema,
  /** The organizations led (each with its sub-organizations), in the caller's data scope. */
  orgIds: z.array(IdSchema).min(1).max(LEADER_ORGS_MAX),
  title: z.string().trim().max(LEADER_TITLE_MAX),
};
export const LeaderCreateSchema = z.object({ ...fields, title: fields.title.default('') });
export type LeaderCreate = z.infer<typeof LeaderCreateSchema>;
/** Fields left out keep their value; `orgIds`, when given, is the whole new list. */
export const LeaderUpdateSchema = z.object(fields).partial().extend({ id: IdSchema });
export type LeaderUpdate = z.infer<typeof LeaderUpdateSchema>;

export const LEADER_SORT_KEYS = ['id', 'realname', 'createdAt'] as const;
export const LeaderListQuerySchema = PageQuerySchema.extend({
  /** Real name, user name or title. */
  keyword: z.string().trim().max(100).optional(),
  /** Leaders of this organization. */
  ledOrgId: IdSchema.optional(),
});
export type LeaderListQuery = z.infer<typeof LeaderListQuerySchema>;

export const LeaderAbilitiesSchema = z.object({ modify: z.boolean(), delete: z.boolean() });
export type LeaderAbilities = z.infer<typeof LeaderAbilitiesSchema>;

export const LeaderOrgSchema = z.object({ id: z.number(), name: z.string() });
export type LeaderOrg = z.infer<typeof LeaderOrgSchema>;

export const LeaderRowSchema = z.object({
  id: z.number(),
  userId: z.number(),
  realname: z.string(),
  username: z.string(),
  title: z.string(),
  /** The organizations led, in tree order. */
  orgs: z.array(LeaderOrgSchema),
  /** `orgId` / `orgName`: the leader's own organization when designated (the record's data scope). */
  ...ownerFields,
  updatedAt: z.string(),
  abilities: LeaderAbilitiesSchema,
});
export type LeaderRow = z.infer<typeof LeaderRowSchema>;

/** The plan center of one year (the server's current year when left out). */
export const LeaderCenterQuerySchema = z.strictObject({ year: z.coerce.number().int().min(YEAR_PLAN_YEAR_MIN).max(YEAR_PLAN_YEAR_MAX).optional() });
export type LeaderCenterQuery = z.infer<typeof LeaderCenterQuerySchema>;

const totals = z.object({ count: z.number(), budget: z.number(), sessions: z.number() });
export const LeaderCenterSchema = z.object({
  year: z.number(),
  /** False when the caller is not a designated leader (everything else is then empty). */
  isLeader: z.boolean(),
  title: z.string(),
  /** Per organization led (with its sub-organizations): annual and unplanned plans, budgets in fen. */
  orgs: z.array(LeaderOrgSchema.extend({ annual: totals, adHoc: totals })),
  annualPlans: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      orgName: z.string().nullable(),
      year: z.number(),
      type: z.enum(YEAR_PLAN_TYPES),
      state: YEAR_PLAN_LIFECYCLE.stateSchema,
      totalBudget: z.number(),
      totalSessions: z.number(),
    }),
  ),
  trainPlans: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      orgName: z.string().nullable(),
      startDate: z.string(),
      endDate: z.string(),
      state: TRAIN_PLAN_LIFECYCLE.stateSchema,
      totalBudget: z.number(),
      sessions: z.number(),
      trainees: z.number(),
    }),
  ),
});
export type LeaderCenter = z.infer<typeof LeaderCenterSchema>;
/** At most this many plans of each kind are listed (the totals count them all). */
export const LEADER_CENTER_PLANS_MAX = 500;
