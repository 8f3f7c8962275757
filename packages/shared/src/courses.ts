import { z } from 'zod';
import { CONSTANTS } from './constants.js';
import { IdSchema, IdsSchema, PageQuerySchema, listExportSchema, ownerFields } from './api.js';
import { AudienceSchema, AudienceTargetRowSchema } from './audiences.js';
import { COURSEWARE_TYPES } from './courseware.js';
import { LabelsSchema } from './labels.js';
import { defineLifecycle, definePublishLifecycle } from './lifecycle.js';

/** Spec §4 "Course and textbook": off the shelf is irreversible; a published course cannot change. */
export const COURSE_STATUSES = ['draft', 'published', 'unpublished', 'offshelf'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

export const COURSE_LIFECYCLE = definePublishLifecycle('courses', 'course', { deletable: ['draft'], offShelf: 'offshelf' });
export type CourseCommand = (typeof COURSE_LIFECYCLE.commands)[number];

/**
 * Approval of a course submitted by a lecturer (`course-approval`): a course an administrator
 * builds needs none; a lecturer's course is submitted, then approved (publishable) or refused
 * with a reason (editable and submittable again).
 */
export const COURSE_APPROVAL_STATES = ['none', 'pending', 'approved', 'refused'] as const;
export type CourseApprovalState = (typeof COURSE_APPROVAL_STATES)[number];
export const COURSE_APPROVAL_LIFECYCLE = defineLifecycle({
  name: 'course_approval',
  states: COURSE_APPROVAL_STATES,
  initial: 'none',
  transitions: {
    submit: { from: ['none', 'refused'], to: 'pending' },
    approve: { from: ['pending'], to: 'approved' },
    refuse: { from: ['pending'], to: 'refused' },
  },
  editable: ['none', 'refused', 'approved'],
  colors: { none: 'default', pending: 'processing', approved: 'green', refused: 'red' },
  labels: {
    states: { none: 'course.approval_none', pending: 'course.approval_pending', approved: 'course.approval_approved', refused: 'course.approval_refused' },
    commands: { submit: 'course.submit', approve: 'course.approve', refuse: 'course.refuse' },
  },
});

/** Spec §5 Courses and §9. */
export const COURSE_NAME_MAX = 200;
export const COURSE_INTRO_MAX = 10_000;
export const COURSE_CREDIT_MAX = 99;
export const COURSE_LECTURERS_MAX = 3;
export const COURSE_CHAPTER_NAME_MAX = 200;
/** Audience owner type of courses (audiences module). */
export const COURSE_AUDIENCE = 'course';

/** Classification tree depth (spec §9: classifications keep to 5 levels). */
export const COURSE_CATEGORY_DEPTH = 5;
export const COURSE_SORT_KEYS = ['id', 'name', 'createdAt', 'publishedAt', 'credit'] as const;
export const COURSE_ANTI_CHEAT_INTERVAL_MAX = 86_400;
export const COURSE_APPROVAL_REASON_MAX = 200;
export const COURSE_COMMENT_MAX = 500;

/** Basic information (`add-course`); the chapters are saved by the builder (`add-buildCourse`). */
const courseFields = {
  name: z.string().trim().min(1).max(COURSE_NAME_MAX),
  categoryId: IdSchema.nullable(),
  /** An uploaded JPG/PNG (`/api/upload/file/<public id>`, purpose `cover`), or none. */
  cover: z.string().trim().max(300).nullable(),
  labels: LabelsSchema,
  lecturerIds: z
    .array(IdSchema)
    .max(COURSE_LECTURERS_MAX)
    .refine((a) => new Set(a).size === a.length, { message: 'lecturers must be unique' }),
  /** ISO date-time with offset, later than now when it changes; null: no end. */
  validUntil: z.iso.datetime({ offset: true }).nullable(),
  credit: z.number().int().min(0).max(COURSE_CREDIT_MAX),
  /** Rich text (HTML), sanitized on the server. */
  intro: z.string().max(COURSE_INTRO_MAX),
  required: z.boolean(),
  /** Pass condition (spec §5, required): the learning progress needed to pass, 1–100 %. */
  passProgress: z.number().int().min(CONSTANTS.PASS_PERCENT_MIN).max(CONSTANTS.PASS_PERCENT_MAX),
  /** Pass percentage where the courseware reports a score, 1–100 %; null: no score needed. */
  passScore: z.number().int().min(CONSTANTS.PASS_PERCENT_MIN).max(CONSTANTS.PASS_PERCENT_MAX).nullable(),
  certificateTemplateId: IdSchema.nullable(),
  antiCheat: z.boolean(),
  /** Seconds between anti-cheat pop-ups; null with `antiCheat`: the parameter page's `antiCheatIntervalSeconds`. */
  antiCheatInterval: z.number().int().min(1).max(COURSE_ANTI_CHEAT_INTERVAL_MAX).nullable(),
  antiSkip: z.boolean(),
  audience: AudienceSchema,
};
const f = courseFields;
export const CourseInsertSchema = z.object({
  ...f,
  categoryId: f.categoryId.default(null),
  cover: f.cover.default(null),
  labels: f.labels.default([]),
  lecturerIds: f.lecturerIds.default([]),
  validUntil: f.validUntil.default(null),
  credit: f.credit.default(0),
  intro: f.intro.default(''),
  required: f.required.default(false),
  passScore: f.passScore.default(null),
  certificateTemplateId: f.certificateTemplateId.default(null),
  antiCheat: f.antiCheat.default(false),
  antiCheatInterval: f.antiCheatInterval.default(null),
  antiSkip: f.antiSkip.default(false),
  audience: f.audience.default([]),
});
export type CourseInsert = z.infer<typeof CourseInsertSchema>;
/** Fields left out keep their value. */
export const CourseUpdateSchema = z.object(courseFields).partial().extend({ id: IdSchema });
export type CourseUpdate = z.infer<typeof CourseUpdateSchema>;

/** The builder's catalog: chapters in order, each with its courseware in order. */
export const CourseChapterInputSchema = z.object({
  name: z.string().trim().min(1).max(COURSE_CHAPTER_NAME_MAX),
  coursewareIds: z
    .array(IdSchema)
    .min(1)
    .max(200)
    .refine((a) => new Set(a).size === a.length, { message: 'courseware must be unique in a chapter' }),
});
export const CourseChaptersSaveSchema = z.object({ id: IdSchema, chapters: z.array(CourseChapterInputSchema).min(1).max(200) });
export type CourseChaptersSave = z.infer<typeof CourseChaptersSaveSchema>;

const courseListFilters = {
  keyword: z.string().trim().max(100).optional(),
  /** The category and its sub-categories. */
  categoryId: IdSchema.optional(),
  status: z.enum(COURSE_STATUSES).optional(),
  approval: z.enum(COURSE_APPROVAL_STATES).optional(),
  required: z.boolean().optional(),
  label: z.string().trim().min(1).max(10).optional(),
};
export const CourseListQuerySchema = PageQuerySchema.extend(courseListFilters);
export type CourseListQuery = z.infer<typeof CourseListQuerySchema>;
/** The course list's Excel export: the list's filters and order, in the reader's language and time zone. */
export const CourseListExportSchema = listExportSchema(courseListFilters);
export type CourseListExport = z.infer<typeof CourseListExportSchema>;

export const CourseAbilitiesSchema = COURSE_LIFECYCLE.abilitiesSchema.extend({ submit: z.boolean(), approve: z.boolean(), refuse: z.boolean() });
export type CourseAbilities = z.infer<typeof CourseAbilitiesSchema>;

export const CourseRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  coverUrl: z.string().nullable(),
  labels: z.array(z.string()),
  credit: z.number(),
  required: z.boolean(),
  validUntil: z.string().nullable(),
  status: COURSE_LIFECYCLE.stateSchema,
  approval: COURSE_APPROVAL_LIFECYCLE.stateSchema,
  approvalReason: z.string().nullable(),
  ...ownerFields,
  publishedAt: z.string().nullable(),
  chapterCount: z.number(),
  learnerCount: z.number(),
  abilities: CourseAbilitiesSchema,
});
export type CourseRow = z.infer<typeof CourseRowSchema>;

export const CourseOutlineItemSchema = z.object({
  id: z.number(),
  coursewareId: z.number(),
  name: z.string(),
  type: z.enum(COURSEWARE_TYPES),
  scormPackageId: z.number().nullable(),
  /** Public id of the courseware's file. */
  fileId: z.string(),
});
export type CourseOutlineItem = z.infer<typeof CourseOutlineItemSchema>;
export const CourseOutlineChapterSchema = z.object({ id: z.number(), name: z.string(), items: z.array(CourseOutlineItemSchema) });
export type CourseOutlineChapter = z.infer<typeof CourseOutlineChapterSchema>;

export const CourseDetailSchema = CourseRowSchema.extend({
  cover: z.string().nullable(),
  intro: z.string(),
  lecturers: z.array(z.object({ id: z.number(), name: z.string() })),
  passProgress: z.number(),
  passScore: z.number().nullable(),
  certificateTemplateId: z.number().nullable(),
  antiCheat: z.boolean(),
  antiCheatInterval: z.number().nullable(),
  antiSkip: z.boolean(),
  audience: z.array(AudienceTargetRowSchema),
  chapters: z.array(CourseOutlineChapterSchema),
});
export type CourseDetail = z.infer<typeof CourseDetailSchema>;

export const CourseRefuseSchema = IdsSchema.extend({ reason: z.string().trim().min(1).max(COURSE_APPROVAL_REASON_MAX) });
export type CourseRefuse = z.infer<typeof CourseRefuseSchema>;

/** Comments (`manage-course-comment`): shielded ones are hidden from learners until restored. */
export const COMMENT_LIFECYCLE = defineLifecycle({
  name: 'course_comments',
  states: ['visible', 'shielded'],
  initial: 'visible',
  transitions: { shield: { from: ['visible'], to: 'shielded' }, restore: { from: ['shielded'], to: 'visible' } },
  colors: { visible: 'green', shielded: 'red' },
  labels: {
    states: { visible: 'course.comment.status_visible', shielded: 'course.comment.status_shielded' },
    commands: { shield: 'course.comment.shield', restore: 'course.comment.restore' },
  },
});
export type CommentStatus = (typeof COMMENT_LIFECYCLE.states)[number];
export const CourseCommentPostSchema = z.object({
  courseId: IdSchema,
  content: z.string().trim().min(1).max(COURSE_COMMENT_MAX),
  rating: z.number().int().min(1).max(5).nullable().default(null),
});
export type CourseCommentPost = z.infer<typeof CourseCommentPostSchema>;
export const CourseCommentListQuerySchema = PageQuerySchema.extend({ courseId: IdSchema });
export type CourseCommentListQuery = z.infer<typeof CourseCommentListQuerySchema>;
export const CourseCommentSchema = z.object({
  id: z.number(),
  userName: z.string().nullable(),
  content: z.string(),
  rating: z.number().nullable(),
  createdAt: z.string(),
  mine: z.boolean(),
});
export type CourseComment = z.infer<typeof CourseCommentSchema>;
export const CourseCommentManageQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  courseId: IdSchema.optional(),
  status: COMMENT_LIFECYCLE.stateSchema.optional(),
});
export type CourseCommentManageQuery = z.infer<typeof CourseCommentManageQuerySchema>;
/** A comment as the management list shows it: which course, its state and what the caller may do. */
export const CourseCommentRowSchema = CourseCommentSchema.omit({ mine: true }).extend({
  courseId: z.number(),
  courseName: z.string(),
  status: COMMENT_LIFECYCLE.stateSchema,
  abilities: COMMENT_LIFECYCLE.abilitiesSchema,
});
export type CourseCommentRow = z.infer<typeof CourseCommentRowSchema>;

export const CourseOptionQuerySchema = z.strictObject({ keyword: z.string().trim().max(50).optional() });
export type CourseOptionQuery = z.infer<typeof CourseOptionQuerySchema>;
export const CourseOptionSchema = z.object({ id: z.number(), name: z.string() });
