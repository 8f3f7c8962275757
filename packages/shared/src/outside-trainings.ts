import { z } from 'zod';
import { CONSTANTS } from './constants.js';
import { IdSchema, PageQuerySchema, ownerFields } from './api.js';
import { defineLifecycle } from './lifecycle.js';

/**
 * Outside training (spec §1 "outside training", §4 "Approval types", pages manage-train-out and
 * train-out-detail): an employee applies to attend a course given by an outside institution; the
 * application goes through the outside-training approval flow; once approved the applicant records
 * the result and uploads the certificate.
 */
/** The approval engine's business type of outside training (`APPROVAL_BUSINESS_TYPES`). */
export const OUTSIDE_TRAINING_APPROVAL_TYPE = 'outsideTraining';
/** Spec §9 "Attachments per class upload": 5. */
export const OUTSIDE_TRAINING_ATTACHMENTS_MAX = 5;
/** The cost in fen (1 yuan = 100 fen): up to 99,999,999.99 yuan. */
export const OUTSIDE_TRAINING_COST_MAX = 9_999_999_999;
export const OUTSIDE_TRAINING_NOTES_MAX = 2000;
/** Upload purpose of an application's attachments and its certificate. */
export const OUTSIDE_TRAINING_UPLOAD_PURPOSE = 'outside-training';

/**
 * The application lifecycle. The approval engine moves it: a submission → underReview; the flow's
 * outcome → approved or refused; the applicant's withdrawal → withdrawn. A draft, refused or
 * withdrawn application is edited and submitted again; only a draft is deleted. After approval the
 * applicant records the result (`recordResult` → completed), which may be corrected later.
 */
export const OUTSIDE_TRAINING_LIFECYCLE = defineLifecycle({
  name: 'outside_trainings',
  states: ['draft', 'underReview', 'approved', 'refused', 'withdrawn', 'completed'],
  initial: 'draft',
  transitions: {
    submit: { from: ['draft', 'refused', 'withdrawn'], to: 'underReview' },
    approve: { from: ['underReview'], to: 'approved' },
    refuse: { from: ['underReview'], to: 'refused' },
    withdraw: { from: ['underReview'], to: 'withdrawn' },
    recordResult: { from: ['approved', 'completed'], to: 'completed' },
  },
  editable: ['draft', 'refused', 'withdrawn'],
  deletable: ['draft'],
  colors: { draft: 'default', underReview: 'processing', approved: 'green', refused: 'red', withdrawn: 'orange', completed: 'blue' },
  labels: {
    states: {
      draft: 'outsideTrainings.status_draft',
      underReview: 'outsideTrainings.status_underReview',
      approved: 'outsideTrainings.status_approved',
      refused: 'outsideTrainings.status_refused',
      withdrawn: 'outsideTrainings.status_withdrawn',
      completed: 'outsideTrainings.status_completed',
    },
    commands: {
      submit: 'outsideTrainings.submit',
      approve: 'outsideTrainings.approve',
      refuse: 'outsideTrainings.refuse',
      withdraw: 'outsideTrainings.withdraw',
      recordResult: 'outsideTrainings.recordResult',
    },
  },
});
export type OutsideTrainingState = (typeof OUTSIDE_TRAINING_LIFECYCLE.states)[number];

/** What a row lets its reader do (only the applicant writes; approve, refuse and withdraw happen in the approval pages). */
export const OutsideTrainingAbilitiesSchema = OUTSIDE_TRAINING_LIFECYCLE.abilitiesSchema.pick({ modify: true, delete: true, submit: true, recordResult: true });
export type OutsideTrainingAbilities = z.infer<typeof OutsideTrainingAbilitiesSchema>;

/** An uploaded file named by its reference (`/api/upload/<uuid>`, as the upload answered). */
const fileRef = z.string().trim().min(1).max(500);

const fields = {
  /** The institution's name (free text); `institutionId` is the seam for the training-organizations module. */
  institutionName: z.string().trim().min(1).max(CONSTANTS.NAME_LONG_MAX),
  institutionId: IdSchema.nullable(),
  course: z.string().trim().min(1).max(CONSTANTS.NAME_LONG_MAX),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  cost: z.number().int().min(0).max(OUTSIDE_TRAINING_COST_MAX),
  reason: z.string().trim().max(OUTSIDE_TRAINING_NOTES_MAX),
  attachments: z.array(fileRef).max(OUTSIDE_TRAINING_ATTACHMENTS_MAX),
};

const datesInOrder = (v: { startDate?: string; endDate?: string }) => !v.startDate || !v.endDate || v.startDate <= v.endDate;
/** The message is a locale key (the form shows its text on `endDate`). */
const DATE_ORDER = { message: 'outsideTrainings.dateOrder', path: ['endDate'] };

export const OutsideTrainingCreateSchema = z
  .object({ ...fields, institutionId: fields.institutionId.optional(), reason: fields.reason.default(''), attachments: fields.attachments.default([]) })
  .refine(datesInOrder, DATE_ORDER);
export type OutsideTrainingCreate = z.infer<typeof OutsideTrainingCreateSchema>;
/** Fields left out keep their value (the server checks the dates again against the stored ones); `attachments`, when given, is the whole list. */
export const OutsideTrainingUpdateSchema = z.object(fields).partial().extend({ id: IdSchema }).refine(datesInOrder, DATE_ORDER);
export type OutsideTrainingUpdate = z.infer<typeof OutsideTrainingUpdateSchema>;

export const OUTSIDE_TRAINING_RESULTS = ['passed', 'failed'] as const;
export type OutsideTrainingResult = (typeof OUTSIDE_TRAINING_RESULTS)[number];
/** The applicant's record after an approved training: result, score, notes and the certificate file. */
export const OutsideTrainingResultSchema = z.object({
  id: IdSchema,
  result: z.enum(OUTSIDE_TRAINING_RESULTS),
  score: z.number().min(0).max(1000).multipleOf(0.01).nullable().default(null),
  notes: z.string().trim().max(OUTSIDE_TRAINING_NOTES_MAX).default(''),
  certificate: fileRef.nullable().default(null),
});
export type OutsideTrainingResultInput = z.infer<typeof OutsideTrainingResultSchema>;

export const OUTSIDE_TRAINING_SORT_KEYS = ['id', 'startDate', 'cost', 'createdAt'] as const;
export const OutsideTrainingListQuerySchema = PageQuerySchema.extend({
  /** Course or institution. */
  keyword: z.string().trim().max(100).optional(),
  state: OUTSIDE_TRAINING_LIFECYCLE.stateSchema.optional(),
  orgId: IdSchema.optional(),
});
export type OutsideTrainingListQuery = z.infer<typeof OutsideTrainingListQuerySchema>;

export const OutsideTrainingFileSchema = z.object({ ref: z.string(), name: z.string(), size: z.number() });
export type OutsideTrainingFile = z.infer<typeof OutsideTrainingFileSchema>;

export const OutsideTrainingRowSchema = z.object({
  id: z.number(),
  institutionName: z.string(),
  institutionId: z.number().nullable(),
  course: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** In fen. */
  cost: z.number(),
  state: OUTSIDE_TRAINING_LIFECYCLE.stateSchema,
  result: z.enum(OUTSIDE_TRAINING_RESULTS).nullable(),
  score: z.number().nullable(),
  /** The applicant is `createdBy` / `creatorName`; `orgId` their organization when they applied (the data scope). */
  ...ownerFields,
  updatedAt: z.string(),
  abilities: OutsideTrainingAbilitiesSchema,
});
export type OutsideTrainingRow = z.infer<typeof OutsideTrainingRowSchema>;

export const OutsideTrainingDetailSchema = OutsideTrainingRowSchema.extend({
  reason: z.string(),
  attachments: z.array(OutsideTrainingFileSchema),
  notes: z.string(),
  certificate: OutsideTrainingFileSchema.nullable(),
  resultAt: z.string().nullable(),
});
export type OutsideTrainingDetail = z.infer<typeof OutsideTrainingDetailSchema>;
