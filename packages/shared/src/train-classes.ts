import { defineLifecycle } from './lifecycle.js';
import { z } from 'zod';
import { IdSchema, PageQuerySchema, ownerFields } from './api.js';

/**
 * Training classes (spec §3 "Training class", §4 "Training class", §5 "Training", §6 `pxapgl`; pages
 * manage-train-class, add-train-class, manage-trainClass, manage-train-calendar). This file holds the
 * core every training module shares: the lifecycle, the kinds and the limits. The request and answer
 * schemas of the class pages live beside them (train-classes module).
 */

/** Face-to-face (in-person stages only) or mixed (online courses from the courses module plus in-person stages). */
export const TRAIN_CLASS_MODES = ['faceToFace', 'mixed'] as const;
export type TrainClassMode = (typeof TRAIN_CLASS_MODES)[number];
/** Spec §3 "form (internal or external)". */
export const TRAIN_CLASS_FORMS = ['internal', 'external'] as const;
export type TrainClassForm = (typeof TRAIN_CLASS_FORMS)[number];
/** Spec §3 "type (in the plan or outside it)": an in-plan class names the annual plan line it carries out. */
export const TRAIN_CLASS_PLAN_KINDS = ['inPlan', 'outsidePlan'] as const;
export type TrainClassPlanKind = (typeof TRAIN_CLASS_PLAN_KINDS)[number];

/** Spec §5 "Training" limits. */
export const TRAIN_CLASS_LIMITS = {
  /** Days: positive integer up to 8 digits. */
  DAYS_MAX: 99_999_999,
  /** Trainees: positive integer up to 6 digits. */
  TRAINEES_MAX: 999_999,
  APPLICATION_NOTICE_MAX: 200,
  BUDGET_PROJECT_MAX: 20,
  /** Budget amount per capita: positive integer (yuan) up to 6 digits. */
  BUDGET_AMOUNT_MAX: 999_999,
  CONTACT_MAX: 30,
  /** Training intro / content. */
  CONTENT_MAX: 2000,
  PURPOSE_MAX: 2000,
  STAGES_MAX: 200,
  BUDGET_ITEMS_MAX: 50,
} as const;

/**
 * The class lifecycle (spec §4). A new class waits to be published; editing a published class makes it
 * "changed, to be published" (under the change rules: start fixed, end only later, enrolment start fixed,
 * enrolment end only later, trainee number only up) until it is published again; the clock starts a
 * published class at its start time; a class is cancelled, completed, or taken offline (back to be published).
 */
export const TRAIN_CLASS_LIFECYCLE = defineLifecycle({
  name: 'train_classes',
  states: ['toPublish', 'published', 'changedToPublish', 'started', 'cancelled', 'completed'],
  initial: 'toPublish',
  transitions: {
    publish: { from: ['toPublish', 'changedToPublish'], to: 'published' },
    change: { from: ['published'], to: 'changedToPublish' },
    offline: { from: ['published', 'changedToPublish'], to: 'toPublish' },
    start: { from: ['published', 'changedToPublish'], to: 'started' },
    cancel: { from: ['toPublish', 'published', 'changedToPublish'], to: 'cancelled' },
    complete: { from: ['started'], to: 'completed' },
  },
  editable: ['toPublish', 'published', 'changedToPublish'],
  deletable: ['toPublish'],
  colors: { toPublish: 'default', published: 'green', changedToPublish: 'orange', started: 'processing', cancelled: 'red', completed: 'blue' },
  labels: {
    states: {
      toPublish: 'trainClasses.status_toPublish',
      published: 'trainClasses.status_published',
      changedToPublish: 'trainClasses.status_changedToPublish',
      started: 'trainClasses.status_started',
      cancelled: 'trainClasses.status_cancelled',
      completed: 'trainClasses.status_completed',
    },
    commands: {
      publish: 'trainClasses.publish',
      change: 'trainClasses.change',
      offline: 'trainClasses.offline',
      start: 'trainClasses.start',
      cancel: 'trainClasses.cancel',
      complete: 'trainClasses.complete',
    },
  },
});
export type TrainClassState = (typeof TRAIN_CLASS_LIFECYCLE.states)[number];

/** What a reader sees on lists and the calendar (spec §4 "Display also uses not started, ongoing, ended, cancelled"), from the server's clock. */
export const TRAIN_CLASS_DISPLAY_STATES = ['notStarted', 'ongoing', 'ended', 'cancelled'] as const;
export type TrainClassDisplayState = (typeof TRAIN_CLASS_DISPLAY_STATES)[number];

/** The display state of a class at `now` (server time). */
export function trainClassDisplayState(c: { status: TrainClassState; startAt: Date | string; endAt: Date | string }, now: Date): TrainClassDisplayState {
  if (c.status === 'cancelled') return 'cancelled';
  if (c.status === 'completed' || now.getTime() >= new Date(c.endAt).getTime()) return 'ended';
  if (c.status === 'started' || now.getTime() >= new Date(c.startAt).getTime()) return 'ongoing';
  return 'notStarted';
}

// ---------------------------------------------------------------------------------------------
// Request and answer schemas of the class pages (train-classes module: manage-train-class,
// add-train-class, manage-trainClass, manage-train-calendar, train-class-approval, the portal and the ends).
// ---------------------------------------------------------------------------------------------

/** The approval engine's business type of class applications (`APPROVAL_BUSINESS_TYPES`). */
export const TRAIN_CLASS_APPROVAL_TYPE = 'trainingClass';
/** Upload purposes: the cover picture (JPG/PNG) and the file to read before the class. */
export const TRAIN_CLASS_COVER_PURPOSE = 'cover';
export const TRAIN_CLASS_PREVIEW_PURPOSE = 'attachment';
export const TRAIN_CLASS_NAME_MAX = 200;
export const TRAIN_CLASS_STAGE_TEXT_MAX = 200;
export const TRAIN_CLASS_CANCEL_REASON_MAX = 200;
export const TRAIN_CLASS_COURSES_MAX = 100;
/** Calendar reads span at most this many days (a month view with its leading and trailing weeks fits). */
export const TRAIN_CLASS_CALENDAR_DAYS_MAX = 62;

const isoTime = z.iso.datetime({ offset: true });
const shortText = (max: number) => z.string().trim().max(max);

/**
 * One stage (session) of a class: its span, where (a meeting room, a training site, or a place in
 * text; at most one of room and site), who teaches and what (a face-to-face course or a topic).
 * `id` keeps an existing stage (sign-ins and attendance refer to it); a stage left out is removed.
 */
export const TrainClassStageInputSchema = z.object({
  id: IdSchema.optional(),
  name: z.string().trim().min(1).max(TRAIN_CLASS_STAGE_TEXT_MAX),
  startsAt: isoTime,
  endsAt: isoTime,
  boardroomId: IdSchema.nullish(),
  trainPlaceId: IdSchema.nullish(),
  placeText: shortText(TRAIN_CLASS_STAGE_TEXT_MAX).default(''),
  lecturerId: IdSchema.nullish(),
  trainCourseId: IdSchema.nullish(),
  topic: shortText(TRAIN_CLASS_STAGE_TEXT_MAX).default(''),
});
export type TrainClassStageInput = z.input<typeof TrainClassStageInputSchema>;

/** A budget item: project (≤20 characters) and amount per capita in yuan (1–999,999). */
export const TrainClassBudgetItemSchema = z.object({
  project: z.string().trim().min(1).max(TRAIN_CLASS_LIMITS.BUDGET_PROJECT_MAX),
  amountPerCapita: z.number().int().min(1).max(TRAIN_CLASS_LIMITS.BUDGET_AMOUNT_MAX),
});
export type TrainClassBudgetItem = z.infer<typeof TrainClassBudgetItemSchema>;

const classFields = {
  name: z.string().trim().min(1).max(TRAIN_CLASS_NAME_MAX),
  mode: z.enum(TRAIN_CLASS_MODES),
  form: z.enum(TRAIN_CLASS_FORMS),
  planKind: z.enum(TRAIN_CLASS_PLAN_KINDS),
  /** In plan: the line of an approved annual plan in the caller's scope. */
  yearPlanLineId: IdSchema.nullable(),
  purpose: shortText(TRAIN_CLASS_LIMITS.PURPOSE_MAX),
  days: z.number().int().min(1).max(TRAIN_CLASS_LIMITS.DAYS_MAX),
  startAt: isoTime,
  endAt: isoTime,
  enrolStartAt: isoTime,
  enrolEndAt: isoTime,
  traineeQuota: z.number().int().min(1).max(TRAIN_CLASS_LIMITS.TRAINEES_MAX),
  enrolApproval: z.boolean(),
  queueEnabled: z.boolean(),
  applicationNotice: shortText(TRAIN_CLASS_LIMITS.APPLICATION_NOTICE_MAX),
  content: shortText(TRAIN_CLASS_LIMITS.CONTENT_MAX),
  contact: shortText(TRAIN_CLASS_LIMITS.CONTACT_MAX),
  phone: z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9+\-() ]*$/),
  /** Uploads (`/api/upload/file/<uuid>`): the caller's own cover picture and preview file, or null. */
  coverFile: z.string().max(200).nullable(),
  previewFile: z.string().max(200).nullable(),
  headmasterId: IdSchema.nullable(),
  /** The host department (the class's data scope); the caller's own when left out. */
  orgId: IdSchema,
  stages: z.array(TrainClassStageInputSchema).max(TRAIN_CLASS_LIMITS.STAGES_MAX),
  budgetItems: z.array(TrainClassBudgetItemSchema).max(TRAIN_CLASS_LIMITS.BUDGET_ITEMS_MAX),
  /** Online courses of a mixed class (at least one: COURSE_REQUIRED). */
  courseIds: z.array(IdSchema).max(TRAIN_CLASS_COURSES_MAX),
  /** The certificate a trainee who completes the class receives (a template in the caller's data scope); null: none. */
  certificateTemplateId: IdSchema.nullable(),
};

export const TrainClassCreateSchema = z.object({
  ...classFields,
  mode: classFields.mode.default('faceToFace'),
  form: classFields.form.default('internal'),
  planKind: classFields.planKind.default('outsidePlan'),
  yearPlanLineId: classFields.yearPlanLineId.default(null),
  purpose: classFields.purpose.default(''),
  enrolApproval: classFields.enrolApproval.default(false),
  queueEnabled: classFields.queueEnabled.default(true),
  applicationNotice: classFields.applicationNotice.default(''),
  content: classFields.content.default(''),
  contact: classFields.contact.default(''),
  phone: classFields.phone.default(''),
  coverFile: classFields.coverFile.default(null),
  previewFile: classFields.previewFile.default(null),
  headmasterId: classFields.headmasterId.default(null),
  orgId: classFields.orgId.optional(),
  stages: classFields.stages.default([]),
  budgetItems: classFields.budgetItems.default([]),
  courseIds: classFields.courseIds.default([]),
  certificateTemplateId: classFields.certificateTemplateId.default(null),
});
export type TrainClassCreate = z.infer<typeof TrainClassCreateSchema>;
export type TrainClassCreateInput = z.input<typeof TrainClassCreateSchema>;
/** Fields left out keep their value; `stages`, `budgetItems` and `courseIds`, when given, are the whole new list. */
export const TrainClassUpdateSchema = z.object(classFields).partial().extend({ id: IdSchema });
export type TrainClassUpdate = z.infer<typeof TrainClassUpdateSchema>;

/** What a class row lets its reader do (each also needs its `pxapgl:*` code); `submit`: to the application flow. */
export const TrainClassAbilitiesSchema = TRAIN_CLASS_LIFECYCLE.abilitiesSchema
  .pick({ modify: true, delete: true, publish: true, offline: true, cancel: true, complete: true })
  .extend({ submit: z.boolean() });
export type TrainClassAbilities = z.infer<typeof TrainClassAbilitiesSchema>;

/** The class application's approval (none: never submitted). */
export const TRAIN_CLASS_APPROVAL_STATES = ['none', 'pending', 'approved', 'refused', 'withdrawn'] as const;
export type TrainClassApprovalState = (typeof TRAIN_CLASS_APPROVAL_STATES)[number];

export const TRAIN_CLASS_SORT_KEYS = ['id', 'name', 'code', 'startAt', 'endAt', 'enrolEndAt', 'createdAt'] as const;
export const TrainClassListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  state: TRAIN_CLASS_LIFECYCLE.stateSchema.optional(),
  /** On the server's clock: not started, ongoing, ended, cancelled. */
  displayState: z.enum(TRAIN_CLASS_DISPLAY_STATES).optional(),
  orgId: IdSchema.optional(),
  mode: z.enum(TRAIN_CLASS_MODES).optional(),
  /** Classes running at some time in [from, to] (start before `to`, end after `from`). */
  from: isoTime.optional(),
  to: isoTime.optional(),
});
export type TrainClassListQuery = z.infer<typeof TrainClassListQuerySchema>;
export type TrainClassListQueryInput = z.input<typeof TrainClassListQuerySchema>;

export const TrainClassRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  state: TRAIN_CLASS_LIFECYCLE.stateSchema,
  displayState: z.enum(TRAIN_CLASS_DISPLAY_STATES),
  mode: z.enum(TRAIN_CLASS_MODES),
  form: z.enum(TRAIN_CLASS_FORMS),
  planKind: z.enum(TRAIN_CLASS_PLAN_KINDS),
  days: z.number(),
  startAt: z.string(),
  endAt: z.string(),
  enrolStartAt: z.string(),
  enrolEndAt: z.string(),
  traineeQuota: z.number(),
  headmasterId: z.number().nullable(),
  headmasterName: z.string().nullable(),
  approvalState: z.enum(TRAIN_CLASS_APPROVAL_STATES),
  publishedAt: z.string().nullable(),
  ...ownerFields,
  updatedAt: z.string(),
  abilities: TrainClassAbilitiesSchema,
});
export type TrainClassRow = z.infer<typeof TrainClassRowSchema>;

export const TrainClassStageSchema = z.object({
  id: z.number(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  boardroomId: z.number().nullable(),
  boardroomName: z.string().nullable(),
  trainPlaceId: z.number().nullable(),
  trainPlaceName: z.string().nullable(),
  placeText: z.string(),
  lecturerId: z.number().nullable(),
  lecturerName: z.string().nullable(),
  trainCourseId: z.number().nullable(),
  /** The face-to-face course's name (null: no course). */
  trainCourseName: z.string().nullable(),
  topic: z.string(),
});
export type TrainClassStage = z.infer<typeof TrainClassStageSchema>;

export const TrainClassFileSchema = z.object({ ref: z.string(), name: z.string(), url: z.string().nullable() });

/** One class for its editor and detail page. */
export const TrainClassDetailSchema = TrainClassRowSchema.extend({
  yearPlanLineId: z.number().nullable(),
  purpose: z.string(),
  enrolApproval: z.boolean(),
  queueEnabled: z.boolean(),
  applicationNotice: z.string(),
  content: z.string(),
  contact: z.string(),
  phone: z.string(),
  cover: TrainClassFileSchema.nullable(),
  preview: TrainClassFileSchema.nullable(),
  stages: z.array(TrainClassStageSchema),
  budgetItems: z.array(TrainClassBudgetItemSchema),
  /** Budget per capita: the items added up (yuan). */
  budgetPerCapita: z.number(),
  courses: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Seats taken (admitted sign-ups) and queued ones. */
  seatsTaken: z.number(),
  /** Why the class was cancelled ('' unless cancelled). */
  cancelReason: z.string(),
  /** The certificate issued on completion (null: none) and its template's name. */
  certificateTemplateId: z.number().nullable(),
  certificateTemplateName: z.string().nullable(),
});
export type TrainClassDetail = z.infer<typeof TrainClassDetailSchema>;

export const TrainClassCancelSchema = z.object({ id: IdSchema, reason: z.string().trim().min(1).max(TRAIN_CLASS_CANCEL_REASON_MAX) });
export type TrainClassCancel = z.infer<typeof TrainClassCancelSchema>;

export const TrainClassExportSchema = z.strictObject({
  ...TrainClassListQuerySchema.omit({ page: true, size: true }).shape,
  lang: z.enum(['zh-CN', 'en-US', 'pt']).default('zh-CN'),
  timeZone: z.string().max(64).default('Asia/Shanghai'),
});
export type TrainClassExport = z.infer<typeof TrainClassExportSchema>;

/** The calendar: classes and stages in a span (month or week view), in the caller's scope. */
export const TrainClassCalendarQuerySchema = z.object({ from: isoTime, to: isoTime, orgId: IdSchema.optional() });
export type TrainClassCalendarQuery = z.infer<typeof TrainClassCalendarQuerySchema>;
export const TrainClassCalendarSchema = z.object({
  classes: z.array(TrainClassRowSchema.pick({ id: true, code: true, name: true, state: true, displayState: true, startAt: true, endAt: true, mode: true })),
  stages: z.array(TrainClassStageSchema.extend({ classId: z.number(), className: z.string() })),
});
export type TrainClassCalendar = z.infer<typeof TrainClassCalendarSchema>;

/** The ends: my classes as class teacher, or the classes (with my stages) where I lecture. */
export const MyTrainClassQuerySchema = PageQuerySchema.pick({ page: true, size: true }).extend({ keyword: z.string().trim().max(100).optional() });
export type MyTrainClassQuery = z.infer<typeof MyTrainClassQuerySchema>;
export const MyTrainClassRowSchema = TrainClassRowSchema.pick({
  id: true,
  code: true,
  name: true,
  state: true,
  displayState: true,
  mode: true,
  startAt: true,
  endAt: true,
  traineeQuota: true,
  orgName: true,
  headmasterName: true,
}).extend({ seatsTaken: z.number(), stages: z.array(TrainClassStageSchema) });
export type MyTrainClassRow = z.infer<typeof MyTrainClassRowSchema>;

/** A short row of a picker (classes in the caller's scope). */
export const TrainClassOptionSchema = z.object({ id: z.number(), code: z.string(), name: z.string(), state: TRAIN_CLASS_LIFECYCLE.stateSchema });
export type TrainClassOption = z.infer<typeof TrainClassOptionSchema>;

/**
 * What the class editor picks from (rooms, sites, lecturers, online courses, users as class teachers, lines of approved
 * annual plans, certificate templates in the caller's data scope).
 */
export const TRAIN_CLASS_CHOICE_KINDS = ['lecturer', 'boardroom', 'trainPlace', 'course', 'user', 'planLine', 'certificate'] as const;
export type TrainClassChoiceKind = (typeof TRAIN_CLASS_CHOICE_KINDS)[number];
export const TrainClassChoiceQuerySchema = z.object({ kind: z.enum(TRAIN_CLASS_CHOICE_KINDS), keyword: z.string().trim().max(100).optional() });
export type TrainClassChoiceQuery = z.infer<typeof TrainClassChoiceQuerySchema>;
export const TrainClassChoiceSchema = z.object({ id: z.number(), label: z.string() });
export type TrainClassChoice = z.infer<typeof TrainClassChoiceSchema>;

/** A notice to a class (class-teacher end): title and content sent as an in-site message to its admitted trainees. */
export const TRAIN_CLASS_NOTICE_LIMITS = { TITLE_MAX: 200, CONTENT_MAX: 2000 } as const;
export const TrainClassNoticeSendSchema = z.strictObject({
  classId: IdSchema,
  title: z.string().trim().min(1).max(TRAIN_CLASS_NOTICE_LIMITS.TITLE_MAX),
  content: z.string().trim().min(1).max(TRAIN_CLASS_NOTICE_LIMITS.CONTENT_MAX),
});
export type TrainClassNoticeSend = z.infer<typeof TrainClassNoticeSendSchema>;
export const TrainClassNoticeSchema = z.object({
  id: z.number(),
  classId: z.number(),
  title: z.string(),
  content: z.string(),
  /** How many trainees it reached. */
  recipients: z.number(),
  sentByName: z.string().nullable(),
  createdAt: z.string(),
});
export type TrainClassNotice = z.infer<typeof TrainClassNoticeSchema>;

/** A class picker's query: by name or code, optionally one mode only (mixed classes' pages). */
export const TrainClassOptionQuerySchema = z.strictObject({ keyword: z.string().trim().max(100).optional(), mode: z.enum(TRAIN_CLASS_MODES).optional() });
export type TrainClassOptionQuery = z.infer<typeof TrainClassOptionQuerySchema>;
