import { z } from 'zod';
import { IdSchema, PageQuerySchema, listExportSchema, pageSchema, personFields } from './api.js';
import { LearnerStateSchema, LearnerStatusSchema } from './learning.js';

/**
 * A date range filter on learning activity: ISO dates (`2026-01-31`, whole days) or the instants
 * the page's range picker sends (start and end of the reader's days).
 */
const instant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);
const dateRange = {
  from: instant.optional(),
  to: instant.optional(),
};

/** `manage-study-report`: one row per person with learning in the range. */
export const STUDY_REPORT_SORT_KEYS = ['realname', 'learning', 'passed', 'learnedSeconds', 'credits', 'lastLearnedAt'] as const;
const studyFilters = {
  keyword: z.string().trim().max(100).optional(),
  /** An organization and its subtree. */
  orgId: IdSchema.optional(),
  ...dateRange,
};
export const StudyReportQuerySchema = PageQuerySchema.extend(studyFilters);
export type StudyReportQuery = z.infer<typeof StudyReportQuerySchema>;
export const StudyReportExportSchema = listExportSchema(studyFilters);
export type StudyReportExport = z.infer<typeof StudyReportExportSchema>;
/** A person's study totals: courses being learnt (not passed yet) and passed, counted time, credits, last study. */
const studyTotals = {
  learning: z.number(),
  passed: z.number(),
  learnedSeconds: z.number(),
  credits: z.number(),
  lastLearnedAt: z.string().nullable(),
};
export const StudyReportRowSchema = z.object({ ...personFields, ...studyTotals });
export type StudyReportRow = z.infer<typeof StudyReportRowSchema>;

/** `person-report`: one person's courses. */
export const PERSON_REPORT_SORT_KEYS = ['courseName', 'progress', 'learnedSeconds', 'score', 'startedAt', 'passedAt'] as const;
const personFilters = {
  userId: IdSchema,
  keyword: z.string().trim().max(100).optional(),
  status: LearnerStatusSchema.optional(),
  ...dateRange,
};
export const PersonReportQuerySchema = PageQuerySchema.extend(personFilters);
export type PersonReportQuery = z.infer<typeof PersonReportQuerySchema>;
export const PersonReportExportSchema = listExportSchema(personFilters);
export type PersonReportExport = z.infer<typeof PersonReportExportSchema>;
/** A learner's state in one course as the reports show it: the learner row, with the last study. */
const learnerFields = {
  ...LearnerStateSchema.pick({ status: true, progress: true, learnedSeconds: true, score: true, startedAt: true, passedAt: true }).shape,
  lastLearnedAt: z.string().nullable(),
};
export const PersonReportRowSchema = z.object({
  courseId: z.number(),
  courseName: z.string(),
  required: z.boolean(),
  ...learnerFields,
  credits: z.number(),
});
export type PersonReportRow = z.infer<typeof PersonReportRowSchema>;
export const PersonReportSchema = pageSchema(PersonReportRowSchema).extend({
  user: z.object({ id: z.number(), realname: z.string(), username: z.string(), orgName: z.string().nullable() }),
  /** The person's totals over every course (whatever the filters). */
  totals: z.object(studyTotals),
});
export type PersonReport = z.infer<typeof PersonReportSchema>;

/** `manage-course-report`: one row per course, over learners in the caller's scope. */
export const COURSE_REPORT_SORT_KEYS = ['name', 'learners', 'passed', 'passRate', 'avgSeconds'] as const;
const courseFilters = {
  keyword: z.string().trim().max(100).optional(),
  categoryId: IdSchema.optional(),
  /** Learners of this organization subtree only. */
  orgId: IdSchema.optional(),
  ...dateRange,
};
export const CourseReportQuerySchema = PageQuerySchema.extend(courseFilters);
export type CourseReportQuery = z.infer<typeof CourseReportQuerySchema>;
export const CourseReportExportSchema = listExportSchema(courseFilters);
export type CourseReportExport = z.infer<typeof CourseReportExportSchema>;
export const CourseReportRowSchema = z.object({
  courseId: z.number(),
  name: z.string(),
  categoryName: z.string().nullable(),
  status: z.string(),
  learners: z.number(),
  passed: z.number(),
  /** Percent, one decimal. */
  passRate: z.number(),
  /** Average counted time per learner, seconds. */
  avgSeconds: z.number(),
});
export type CourseReportRow = z.infer<typeof CourseReportRowSchema>;

/** `course-info`: one course's learners. */
export const COURSE_INFO_SORT_KEYS = ['realname', 'progress', 'learnedSeconds', 'score', 'startedAt', 'passedAt'] as const;
const courseInfoFilters = {
  courseId: IdSchema,
  keyword: z.string().trim().max(100).optional(),
  orgId: IdSchema.optional(),
  status: LearnerStatusSchema.optional(),
  ...dateRange,
};
export const CourseInfoQuerySchema = PageQuerySchema.extend(courseInfoFilters);
export type CourseInfoQuery = z.infer<typeof CourseInfoQuerySchema>;
export const CourseInfoExportSchema = listExportSchema(courseInfoFilters);
export type CourseInfoExport = z.infer<typeof CourseInfoExportSchema>;
export const CourseInfoRowSchema = z.object({
  ...personFields,
  source: z.string(),
  ...learnerFields,
});
export type CourseInfoRow = z.infer<typeof CourseInfoRowSchema>;
export const CourseInfoSchema = pageSchema(CourseInfoRowSchema).extend({
  course: z.object({ id: z.number(), name: z.string(), status: z.string() }),
});
export type CourseInfo = z.infer<typeof CourseInfoSchema>;
