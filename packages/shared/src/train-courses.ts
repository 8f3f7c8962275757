import { z } from 'zod';
import { IdSchema, PageQuerySchema, listExportSchema, ownerNameFields } from './api.js';
import { defineLifecycle } from './lifecycle.js';

/**
 * Face-to-face training courses (spec §2 `manage-train-course`, `add-train-course`): the in-person
 * course a training class stage teaches. Names are unique (DUPLICATE_FACE_COURSE); a course a
 * registered module uses (a class stage) is not deleted (IN_USE_TRAINING_SITE, "training site and
 * course"). Code pxkcgl (the spec lists none).
 */
export const TRAIN_COURSE_SORT_KEYS = ['id', 'name', 'hours', 'createdAt', 'updatedAt'] as const;
/** Classifications keep to 5 levels (spec §9), like the other category trees. */
export const TRAIN_COURSE_CATEGORY_DEPTH = 5;
/** Spec §9 "Lecturers per course": 3. */
export const TRAIN_COURSE_LECTURERS_MAX = 3;
/** Spec §9 "Attachments per class upload": 5. */
export const TRAIN_COURSE_ATTACHMENTS_MAX = 5;
/** Objectives and outline: rich text, at most this many characters of sanitized HTML. */
export const TRAIN_COURSE_RICH_TEXT_MAX = 10_000;
/** Class hours: one decimal, at most 999.9. */
export const TRAIN_COURSE_HOURS_MAX = 999.9;
/** Upload purpose of a course's attachments (its cover is an ordinary `cover`). */
export const TRAIN_COURSE_UPLOAD_PURPOSE = 'train-course';

/**
 * Enabled courses are offered to training classes; a disabled one stays in the catalogue (and in the
 * classes that already teach it) but is no longer offered. Both are edited and deleted.
 */
export const TRAIN_COURSE_LIFECYCLE = defineLifecycle({
  name: 'train_courses',
  states: ['enabled', 'disabled'],
  initial: 'enabled',
  transitions: {
    enable: { from: ['disabled'], to: 'enabled' },
    disable: { from: ['enabled'], to: 'disabled' },
  },
  colors: { enabled: 'green', disabled: 'default' },
  labels: {
    states: { enabled: 'trainCourse.status_enabled', disabled: 'trainCourse.status_disabled' },
    commands: { enable: 'trainCourse.enable', disable: 'trainCourse.disable' },
  },
});
export type TrainCourseState = (typeof TRAIN_COURSE_LIFECYCLE.states)[number];
/** Whether a course in this state is offered to training classes (the pickers). */
export const trainCourseOffered = (state: TrainCourseState) => state === 'enabled';
export const TrainCourseAbilitiesSchema = TRAIN_COURSE_LIFECYCLE.abilitiesSchema;
export type TrainCourseAbilities = z.infer<typeof TrainCourseAbilitiesSchema>;

/** An uploaded file named by its reference (`/api/upload/file/<uuid>`, as the upload answered). */
const fileRef = z.string().trim().min(1).max(300);

const fields = {
  /** Unique among face-to-face courses. */
  name: z.string().trim().min(1).max(200),
  categoryId: IdSchema.nullable(),
  /** Class hours: positive, one decimal. */
  hours: z.number().positive().max(TRAIN_COURSE_HOURS_MAX).multipleOf(0.1),
  /** 0–3 lecturers of the lecturers module, in teaching order. */
  lecturerIds: z
    .array(IdSchema)
    .max(TRAIN_COURSE_LECTURERS_MAX)
    .refine((ids) => new Set(ids).size === ids.length),
  /** Who the course is for. */
  audience: z.string().trim().max(200),
  /** Rich text (sanitized on the server). */
  objectives: z.string().max(TRAIN_COURSE_RICH_TEXT_MAX),
  outline: z.string().max(TRAIN_COURSE_RICH_TEXT_MAX),
  /** The uploaded cover (purpose `cover`), or none. */
  cover: fileRef.nullable(),
  /** Uploaded files (purpose `train-course`); when given, the whole list. */
  attachments: z.array(fileRef).max(TRAIN_COURSE_ATTACHMENTS_MAX),
};

export const TrainCourseCreateSchema = z.object({
  name: fields.name,
  categoryId: fields.categoryId.optional(),
  hours: fields.hours,
  lecturerIds: fields.lecturerIds.default([]),
  audience: fields.audience.default(''),
  objectives: fields.objectives.default(''),
  outline: fields.outline.default(''),
  cover: fields.cover.optional(),
  attachments: fields.attachments.default([]),
});
export type TrainCourseCreate = z.infer<typeof TrainCourseCreateSchema>;
/** Fields left out keep their value. */
export const TrainCourseUpdateSchema = z.object(fields).partial().extend({ id: IdSchema });
export type TrainCourseUpdate = z.infer<typeof TrainCourseUpdateSchema>;

const listFilters = {
  /** Part of the name. */
  keyword: z.string().trim().max(100).optional(),
  /** The classification and its sub-classifications. */
  categoryId: IdSchema.optional(),
  status: TRAIN_COURSE_LIFECYCLE.stateSchema.optional(),
  /** Courses this lecturer teaches. */
  lecturerId: IdSchema.optional(),
};
export const TrainCourseListQuerySchema = PageQuerySchema.extend(listFilters);
export type TrainCourseListQuery = z.infer<typeof TrainCourseListQuerySchema>;
/** The Excel file of the list: its filters and order, in the reader's language and time zone. */
export const TrainCourseExportSchema = listExportSchema(listFilters);
export type TrainCourseExport = z.infer<typeof TrainCourseExportSchema>;

export const TrainCourseLecturerSchema = z.object({ id: z.number(), name: z.string() });
export const TrainCourseFileSchema = z.object({ ref: z.string(), name: z.string(), size: z.number() });
export type TrainCourseFile = z.infer<typeof TrainCourseFileSchema>;

export const TrainCourseRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  hours: z.number(),
  lecturers: z.array(TrainCourseLecturerSchema),
  audience: z.string(),
  status: TRAIN_COURSE_LIFECYCLE.stateSchema,
  cover: z.string().nullable(),
  /** Signed link an <img> loads without headers. */
  coverUrl: z.string().nullable(),
  ...ownerNameFields,
  updatedAt: z.string(),
  abilities: TrainCourseAbilitiesSchema,
});
export type TrainCourseRow = z.infer<typeof TrainCourseRowSchema>;
export const TrainCourseDetailSchema = TrainCourseRowSchema.extend({
  objectives: z.string(),
  outline: z.string(),
  attachments: z.array(TrainCourseFileSchema),
});
export type TrainCourseDetail = z.infer<typeof TrainCourseDetailSchema>;

/** Pickers: by part of the name (enabled courses only), or the courses `ids` names (any status, to show a choice made earlier). */
export const TrainCourseOptionQuerySchema = z.strictObject({
  keyword: z.string().trim().max(100).optional(),
  ids: z.array(IdSchema).max(200).optional(),
});
export type TrainCourseOptionQuery = z.infer<typeof TrainCourseOptionQuerySchema>;
export const TrainCourseOptionSchema = z.object({ id: z.number(), name: z.string(), hours: z.number(), status: TRAIN_COURSE_LIFECYCLE.stateSchema });
export type TrainCourseOption = z.infer<typeof TrainCourseOptionSchema>;
export const TrainCourseLecturerQuerySchema = z.strictObject({ keyword: z.string().trim().max(100).optional() });
