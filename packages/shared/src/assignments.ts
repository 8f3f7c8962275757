import { z } from 'zod';
import { IdSchema, PageQuerySchema, listExportSchema, ownerNameFields, pageSchema, personFields } from './api.js';
import { AudienceSchema, AudienceTargetRowSchema } from './audiences.js';
import { LearnerStatusSchema } from './learning.js';
import { PUBLISH_STATES, definePublishLifecycle } from './lifecycle.js';

/**
 * Learning assignments (`manage-learn-assign`, `add-learn-assign`, `view-learn-assign`): required
 * and elective courses given to an audience until a deadline. Spec §4 "release and unrelease": an
 * expired assignment cannot be published; it changes only while a draft or unpublished.
 */
export const ASSIGNMENT_STATUSES = PUBLISH_STATES;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

export const ASSIGNMENT_LIFECYCLE = definePublishLifecycle('learn_assignments', 'assignment', { deletable: ['draft', 'unpublished'] });
export type AssignmentCommand = (typeof ASSIGNMENT_LIFECYCLE.commands)[number];
export const AssignmentAbilitiesSchema = ASSIGNMENT_LIFECYCLE.abilitiesSchema;
export type AssignmentAbilities = z.infer<typeof AssignmentAbilitiesSchema>;

/** Audience owner type of assignments (audiences module). */
export const ASSIGNMENT_AUDIENCE = 'assignment';
export const ASSIGNMENT_TITLE_MAX = 200;
export const ASSIGNMENT_COURSES_MAX = 100;

export const AssignmentCourseInputSchema = z.object({ courseId: IdSchema, required: z.boolean() });

const assignmentFields = {
  title: z.string().trim().min(1).max(ASSIGNMENT_TITLE_MAX),
  /** ISO date-time with offset; must be later than now to publish. */
  deadline: z.iso.datetime({ offset: true }),
  /** Required and elective courses, in order (published courses only). */
  courses: z.array(AssignmentCourseInputSchema).min(1).max(ASSIGNMENT_COURSES_MAX),
  audience: AudienceSchema,
};
export const AssignmentCreateSchema = z.object(assignmentFields);
export type AssignmentCreate = z.infer<typeof AssignmentCreateSchema>;
export const AssignmentUpdateSchema = z.object(assignmentFields).extend({ id: IdSchema });
export type AssignmentUpdate = z.infer<typeof AssignmentUpdateSchema>;

export const ASSIGNMENT_SORT_KEYS = ['id', 'title', 'deadline', 'createdAt'] as const;
export const AssignmentListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  status: ASSIGNMENT_LIFECYCLE.stateSchema.optional(),
});
export type AssignmentListQuery = z.infer<typeof AssignmentListQuerySchema>;

export const AssignmentRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  deadline: z.string(),
  status: ASSIGNMENT_LIFECYCLE.stateSchema,
  requiredCount: z.number(),
  electiveCount: z.number(),
  assigneeCount: z.number(),
  ...ownerNameFields,
  publishedAt: z.string().nullable(),
  /** The deadline has passed. */
  expired: z.boolean(),
  abilities: AssignmentAbilitiesSchema,
});
export type AssignmentRow = z.infer<typeof AssignmentRowSchema>;

export const AssignmentCourseRowSchema = z.object({ courseId: z.number(), name: z.string(), required: z.boolean(), status: z.string() });
export type AssignmentCourseRow = z.infer<typeof AssignmentCourseRowSchema>;
export const AssignmentDetailSchema = AssignmentRowSchema.extend({
  courses: z.array(AssignmentCourseRowSchema),
  audience: z.array(AudienceTargetRowSchema),
});
export type AssignmentDetail = z.infer<typeof AssignmentDetailSchema>;

/** Published courses to pick from, by name. */
export const AssignmentCourseSearchSchema = z.strictObject({
  keyword: z.string().trim().max(100).optional(),
  limit: z.number().int().min(1).max(50).default(20),
});
export type AssignmentCourseSearch = z.input<typeof AssignmentCourseSearchSchema>;
export const AssignmentCourseOptionSchema = z.object({ id: z.number(), name: z.string(), required: z.boolean() });
export type AssignmentCourseOption = z.infer<typeof AssignmentCourseOptionSchema>;

/** Progress of the assignees (`view-learn-assign`). */
export const ASSIGNEE_STATES = ['done', 'undone', 'overdue'] as const;
export type AssigneeState = (typeof ASSIGNEE_STATES)[number];
export const ASSIGNEE_SORT_KEYS = ['realname', 'progress', 'learnedSeconds', 'passedCount'] as const;
const progressFilters = {
  id: IdSchema,
  keyword: z.string().trim().max(100).optional(),
  orgId: IdSchema.optional(),
  /** done: every required course passed; overdue: not done and the deadline passed. */
  state: z.enum(ASSIGNEE_STATES).optional(),
};
export const AssignmentProgressQuerySchema = PageQuerySchema.extend(progressFilters);
export type AssignmentProgressQuery = z.infer<typeof AssignmentProgressQuerySchema>;
export const AssignmentProgressExportSchema = listExportSchema(progressFilters);
export type AssignmentProgressExport = z.infer<typeof AssignmentProgressExportSchema>;

export const AssigneeCourseSchema = z.object({
  courseId: z.number(),
  progress: z.number(),
  status: LearnerStatusSchema.nullable(),
  learnedSeconds: z.number(),
});
export const AssigneeRowSchema = z.object({
  ...personFields,
  /** Average progress over the assignment's courses. */
  progress: z.number(),
  passedCount: z.number(),
  requiredPassed: z.number(),
  learnedSeconds: z.number(),
  done: z.boolean(),
  overdue: z.boolean(),
  courses: z.array(AssigneeCourseSchema),
});
export type AssigneeRow = z.infer<typeof AssigneeRowSchema>;
export const AssignmentProgressSchema = pageSchema(AssigneeRowSchema).extend({
  title: z.string(),
  deadline: z.string(),
  expired: z.boolean(),
  courses: z.array(AssignmentCourseRowSchema),
  /** Over every assignee: how many, done, overdue. */
  summary: z.object({ assignees: z.number(), done: z.number(), overdue: z.number() }),
});
export type AssignmentProgress = z.infer<typeof AssignmentProgressSchema>;

/**
 * The student's side (portal home, "assignments due"): the caller's published assignments, not done
 * first, then by deadline. `done` and `overdue` are judged on the server's figures and clock.
 */
export const MyAssignmentQuerySchema = PageQuerySchema.extend({ open: z.boolean().default(true) });
export type MyAssignmentQuery = z.infer<typeof MyAssignmentQuerySchema>;
export const MyAssignmentRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  deadline: z.string(),
  requiredTotal: z.number(),
  requiredPassed: z.number(),
  /** Average progress over the assignment's courses. */
  progress: z.number(),
  done: z.boolean(),
  overdue: z.boolean(),
  /** The first required course not yet passed (where "continue" leads), if any. */
  nextCourseId: z.number().nullable(),
});
export type MyAssignmentRow = z.infer<typeof MyAssignmentRowSchema>;
