import { z } from 'zod';
import { defineLifecycle } from './lifecycle.js';
import { ExportLocaleSchema, IdSchema, IdsSchema, PageQuerySchema } from './api.js';
import { langTexts, type LangTexts } from './errors.js';
import { UserImportQuerySchema } from './users.js';
import { TRAIN_CLASS_DISPLAY_STATES, TRAIN_CLASS_FORMS, TRAIN_CLASS_MODES } from './train-classes.js';
import { CertificateRefSchema } from './certificates.js';

/**
 * Sign-ups to training classes (spec §4 "Sign-up", §6 `pxbmsp` enrolment approval; pages manage-train-sign,
 * enroll-approval; the student's sign-up and my training). "Unregistered" is the absence of a row; a person who
 * cancelled or was refused may sign up again ("re-registered": the row keeps its id and counts `reRegistrations`).
 * Only `approved` holds a seat; `queued` waits in arrival order (`queue_seq`) and a freed seat promotes the first.
 */
export const TRAIN_ENROLMENT_LIFECYCLE = defineLifecycle({
  name: 'train_enrolments',
  states: ['pending', 'approved', 'refused', 'queued', 'cancelled'],
  initial: 'pending',
  transitions: {
    /** The approval (enroll-approval, through the engine) admits a pending sign-up: needs a free seat. */
    approve: { from: ['pending'], to: 'approved' },
    refuse: { from: ['pending'], to: 'refused' },
    /** A freed seat goes to the first in the queue. */
    promote: { from: ['queued'], to: 'approved' },
    /** The trainee (inside the window) or an administrator cancels; a freed seat promotes the queue. */
    cancel: { from: ['pending', 'approved', 'queued'], to: 'cancelled' },
    /** Signing up again after a cancellation or a refusal, by the class's rule: to approval, a seat or the queue. */
    reapply: { from: ['cancelled', 'refused'], to: 'pending' },
    readmit: { from: ['cancelled', 'refused'], to: 'approved' },
    requeue: { from: ['cancelled', 'refused'], to: 'queued' },
  },
  deletable: [],
  colors: { pending: 'processing', approved: 'green', refused: 'red', queued: 'gold', cancelled: 'default' },
  labels: {
    states: {
      pending: 'trainEnrolments.status_pending',
      approved: 'trainEnrolments.status_approved',
      refused: 'trainEnrolments.status_refused',
      queued: 'trainEnrolments.status_queued',
      cancelled: 'trainEnrolments.status_cancelled',
    },
    commands: {
      approve: 'trainEnrolments.approve',
      refuse: 'trainEnrolments.refuse',
      promote: 'trainEnrolments.promote',
      cancel: 'trainEnrolments.cancel',
      reapply: 'trainEnrolments.reapply',
      readmit: 'trainEnrolments.readmit',
      requeue: 'trainEnrolments.requeue',
    },
  },
});
export type TrainEnrolmentState = (typeof TRAIN_ENROLMENT_LIFECYCLE.states)[number];
/** How a person got their row: their own sign-up, an administrator's direct enrolment, or an Excel import. */
export const TRAIN_ENROLMENT_SOURCES = ['self', 'admin', 'import'] as const;
export type TrainEnrolmentSource = (typeof TRAIN_ENROLMENT_SOURCES)[number];

// ---- Requests and answers (module train-enrolments) ----

/** The approval engine's business type of sign-ups to classes that need enrolment approval (`APPROVAL_BUSINESS_TYPES`). */
export const TRAIN_ENROLMENT_APPROVAL_TYPE = 'enrolment';
export const TRAIN_ENROLMENT_REASON_MAX = 500;
/** People enrolled by an administrator in one call. */
export const TRAIN_ENROLMENT_DIRECT_MAX = 500;

/** The student signs up to a class (or again after a cancellation or a refusal). */
export const TrainEnrolmentApplySchema = z.strictObject({ classId: IdSchema });
export type TrainEnrolmentApply = z.infer<typeof TrainEnrolmentApplySchema>;
/** The trainee cancels their own sign-up to a class (before the class starts). */
export const TrainEnrolmentCancelMineSchema = z.strictObject({ classId: IdSchema });
/** An administrator cancels sign-ups, with the reason shown to each person. */
export const TrainEnrolmentCancelSchema = z.strictObject({
  ids: IdsSchema.shape.ids,
  reason: z.string().trim().min(1).max(TRAIN_ENROLMENT_REASON_MAX),
});
export type TrainEnrolmentCancel = z.infer<typeof TrainEnrolmentCancelSchema>;
/** Direct enrolment by an administrator: the people get a seat (or the queue), no window and no approval. */
export const TrainEnrolmentEnrolSchema = z.strictObject({
  classId: IdSchema,
  userIds: z.array(IdSchema).min(1).max(TRAIN_ENROLMENT_DIRECT_MAX),
});
export type TrainEnrolmentEnrol = z.infer<typeof TrainEnrolmentEnrolSchema>;
export const TrainEnrolmentEnrolResultSchema = z.object({ approved: z.number().int(), queued: z.number().int(), skipped: z.number().int() });
export type TrainEnrolmentEnrolResult = z.infer<typeof TrainEnrolmentEnrolResultSchema>;
/**
 * A decision in place on pending sign-ups (enroll-approval, `pxbmsp:approve`) for sign-ups that have no
 * approval in the engine (no enrolment flow was defined when they signed up); the others are decided in
 * the approvals inbox (`/api/approval/decide` with the row's `approvalId`).
 */
export const TrainEnrolmentDecideSchema = z.strictObject({
  ids: IdsSchema.shape.ids,
  decision: z.enum(['approve', 'refuse']),
  comment: z.string().trim().max(TRAIN_ENROLMENT_REASON_MAX).default(''),
});
export type TrainEnrolmentDecide = z.infer<typeof TrainEnrolmentDecideSchema>;

export const TRAIN_ENROLMENT_SORT_KEYS = ['id', 'queueSeq', 'createdAt', 'realname'] as const;
/** A class's sign-ups (manage-train-sign / manage-train-name), or the pending ones of every class in scope (enroll-approval). */
export const TrainEnrolmentListQuerySchema = PageQuerySchema.extend({
  classId: IdSchema.optional(),
  state: TRAIN_ENROLMENT_LIFECYCLE.stateSchema.optional(),
  /** The person's organization (subtree). */
  orgId: IdSchema.optional(),
  /** Name, user name or number of the person. */
  keyword: z.string().trim().max(100).optional(),
});
export type TrainEnrolmentListQuery = z.infer<typeof TrainEnrolmentListQuerySchema>;
export const TrainEnrolmentExportSchema = TrainEnrolmentListQuerySchema.omit({ page: true, size: true }).extend({ classId: IdSchema, ...ExportLocaleSchema.shape });
export type TrainEnrolmentExport = z.infer<typeof TrainEnrolmentExportSchema>;

export const TrainEnrolmentAbilitiesSchema = z.object({ approve: z.boolean(), refuse: z.boolean(), cancel: z.boolean() });
export type TrainEnrolmentAbilities = z.infer<typeof TrainEnrolmentAbilitiesSchema>;

export const TrainEnrolmentRowSchema = z.object({
  id: z.number(),
  classId: z.number(),
  className: z.string(),
  userId: z.number(),
  username: z.string(),
  realname: z.string(),
  number: z.string().nullable(),
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  state: TRAIN_ENROLMENT_LIFECYCLE.stateSchema,
  source: z.enum(TRAIN_ENROLMENT_SOURCES),
  /** Place in the class's queue (1 = next), only while queued. */
  queuePosition: z.number().nullable(),
  reason: z.string(),
  reRegistrations: z.number(),
  /** The sign-up's approval in the engine (decided in the approvals inbox), if it has one. */
  approvalId: z.number().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: TrainEnrolmentAbilitiesSchema,
});
export type TrainEnrolmentRow = z.infer<typeof TrainEnrolmentRowSchema>;

/** Seats of a class: taken (approved), total, waiting (queued) and pending approval. */
export const TrainClassSeatsSchema = z.object({ taken: z.number(), total: z.number(), queued: z.number(), pending: z.number() });
export type TrainClassSeats = z.infer<typeof TrainClassSeatsSchema>;

// ---- The student's side: the catalogue of published classes and my training ----

export const TrainCatalogQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  mode: z.enum(TRAIN_CLASS_MODES).optional(),
});
export type TrainCatalogQuery = z.infer<typeof TrainCatalogQuerySchema>;

/** What the student may do on a class: sign up (in the window, not signed up) or cancel (before the start). */
export const TrainMyAbilitiesSchema = z.object({ apply: z.boolean(), cancel: z.boolean() });
export type TrainMyAbilities = z.infer<typeof TrainMyAbilitiesSchema>;

export const TrainCatalogRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  mode: z.enum(TRAIN_CLASS_MODES),
  form: z.enum(TRAIN_CLASS_FORMS),
  orgName: z.string().nullable(),
  startAt: z.string(),
  endAt: z.string(),
  enrolStartAt: z.string(),
  enrolEndAt: z.string(),
  enrolApproval: z.boolean(),
  queueEnabled: z.boolean(),
  coverFile: z.string().nullable(),
  displayState: z.enum(TRAIN_CLASS_DISPLAY_STATES),
  /** The enrolment window on the server's clock: before, open or closed. */
  enrolWindow: z.enum(['before', 'open', 'closed']),
  seats: TrainClassSeatsSchema,
  /** My sign-up's state (null: not signed up). */
  myState: TRAIN_ENROLMENT_LIFECYCLE.stateSchema.nullable(),
  abilities: TrainMyAbilitiesSchema,
});
export type TrainCatalogRow = z.infer<typeof TrainCatalogRowSchema>;

export const TrainCatalogStageSchema = z.object({
  id: z.number(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  place: z.string(),
  lecturerName: z.string().nullable(),
  /** The face-to-face course the stage teaches (null: none). */
  courseName: z.string().nullable(),
  topic: z.string(),
});
export type TrainCatalogStage = z.infer<typeof TrainCatalogStageSchema>;
export const TrainCatalogDetailSchema = TrainCatalogRowSchema.extend({
  purpose: z.string(),
  content: z.string(),
  applicationNotice: z.string(),
  contact: z.string(),
  phone: z.string(),
  days: z.number(),
  /** The class teacher. */
  headmasterName: z.string().nullable(),
  /** My sign-up's reason (refused or cancelled). */
  myReason: z.string(),
  /** My place in the queue while queued. */
  myQueuePosition: z.number().nullable(),
  /** The certificate I received on completing the class (null: none). */
  myCertificate: CertificateRefSchema.nullable(),
  stages: z.array(TrainCatalogStageSchema),
});
export type TrainCatalogDetail = z.infer<typeof TrainCatalogDetailSchema>;

export const TrainMyQuerySchema = PageQuerySchema.extend({ mode: z.enum(TRAIN_CLASS_MODES).optional(), state: TRAIN_ENROLMENT_LIFECYCLE.stateSchema.optional() });
export type TrainMyQuery = z.infer<typeof TrainMyQuerySchema>;
export const TrainMyRowSchema = z.object({
  id: z.number(),
  classId: z.number(),
  className: z.string(),
  mode: z.enum(TRAIN_CLASS_MODES),
  startAt: z.string(),
  endAt: z.string(),
  state: TRAIN_ENROLMENT_LIFECYCLE.stateSchema,
  displayState: z.enum(TRAIN_CLASS_DISPLAY_STATES),
  reason: z.string(),
  queuePosition: z.number().nullable(),
  createdAt: z.string(),
  /** The certificate I received on completing the class (null: none). */
  certificate: CertificateRefSchema.nullable(),
  abilities: z.object({ cancel: z.boolean() }),
});
export type TrainMyRow = z.infer<typeof TrainMyRowSchema>;

/** Import of a class's list: one person per row, by user name (or number). */
export const TrainEnrolmentImportQuerySchema = UserImportQuerySchema.extend({ classId: IdSchema });
export const TRAIN_ENROLMENT_IMPORT_REASONS = {
  REQUIRED: langTexts('不能为空', 'Required', 'Obrigatório'),
  USER_NOT_FOUND: langTexts('用户不存在或不在数据权限内', 'User missing or beyond your data permission', 'Utilizador inexistente ou fora da sua permissão'),
  DUPLICATE_IN_FILE: langTexts('文件内重复', 'Duplicated in the file', 'Duplicado no arquivo'),
  ALREADY_ENROLLED: langTexts('已报名', 'Already enrolled', 'Já inscrito'),
  FULL: langTexts('报名人数已满', 'Enrolment is full', 'As inscrições estão esgotadas'),
} as const satisfies Record<string, LangTexts>;
export type TrainEnrolmentImportReason = keyof typeof TRAIN_ENROLMENT_IMPORT_REASONS;
