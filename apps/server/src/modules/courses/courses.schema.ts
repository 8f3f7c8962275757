import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { COMMENT_LIFECYCLE, COURSE_APPROVAL_LIFECYCLE, COURSE_LIFECYCLE, type StateOf } from '@hanlin/shared';
import { defineConstraintErrors, ownedRecordConstraintErrors, treeConstraintErrors } from '../../platform/db/constraints.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineTreeTable } from '../../platform/tree-repository.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { files } from '../uploads/index.js';
import { coursewares } from '../courseware/index.js';
import { lecturers } from '../lecturers/index.js';
import { certificateTemplates } from '../certificates/index.js';
import { linkTable, ownedRecordColumns, requiredRef, textArray } from '../../platform/db/columns.js';

/** Course classification (`manage-course-classify`): a tree, depth rules of §9. */
export const courseCategories = defineTreeTable('course_categories');

/** Courses (spec §3 Course, §4 Course and textbook, §5 Courses). */
export const courses = pgTable(
  'courses',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 200 }).notNull(),
    categoryId: integer().references(() => courseCategories.id, { onDelete: 'restrict' }),
    /** Cover or promotion image (an uploaded file of purpose `cover`). */
    coverFileId: integer().references(() => files.id, { onDelete: 'restrict' }),
    labels: textArray(),
    /** Learners may enter until then (null: no end). Must be later than now when saved. */
    validUntil: timestamp({ withTimezone: true }),
    /** Credits awarded once on passing: 0–99. */
    credit: integer().notNull().default(0),
    /** Rich text, sanitized on the server, at most 10,000 characters. */
    intro: text().notNull().default(''),
    /** Compulsory (required) or elective. */
    required: boolean().notNull().default(false),
    /** Pass condition: learning progress (percent of the course's courseware completed) needed to pass. */
    passProgress: integer().notNull().default(100),
    /** Pass condition: minimum score percentage where the courseware reports a score (SCORM); null: no score needed. */
    passScore: integer(),
    /** Certificate issued when the course is passed. */
    certificateTemplateId: integer().references(() => certificateTemplates.id, { onDelete: 'restrict' }),
    /** Anti-cheat: a pop-up every `antiCheatInterval` seconds (null: the parameter page's interval) pauses the counting of time until answered. */
    antiCheat: boolean().notNull().default(false),
    antiCheatInterval: integer(),
    /** Video courseware cannot be sought past the furthest point watched. */
    antiSkip: boolean().notNull().default(false),
    status: varchar({ length: 16 }).notNull().default(COURSE_LIFECYCLE.initial).$type<StateOf<typeof COURSE_LIFECYCLE>>(),
    approval: varchar({ length: 16 }).notNull().default(COURSE_APPROVAL_LIFECYCLE.initial).$type<StateOf<typeof COURSE_APPROVAL_LIFECYCLE>>(),
    approvalReason: varchar({ length: 200 }),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('courses_name_uq').on(t.name),
    index('courses_org_idx').on(t.orgId, t.id),
    index('courses_category_idx').on(t.categoryId, t.id),
    index('courses_status_idx').on(t.status, t.id),
    index('courses_cover_idx').on(t.coverFileId),
    index('courses_certificate_template_idx').on(t.certificateTemplateId),
    stateCheck('courses_status_check', t.status, COURSE_LIFECYCLE),
    stateCheck('courses_approval_check', t.approval, COURSE_APPROVAL_LIFECYCLE),
    check('courses_credit_check', sql`${t.credit} between 0 and 99`),
    check('courses_pass_progress_check', sql`${t.passProgress} between 0 and 100`),
    check('courses_pass_score_check', sql`${t.passScore} is null or ${t.passScore} between 0 and 100`),
    check('courses_anti_cheat_check', sql`not ${t.antiCheat} or ${t.antiCheatInterval} > 0`),
  ],
);

/** Up to three lecturers per course, in order. */
export const courseLecturers = linkTable(
  'course_lecturers',
  ['courseId', () => courses.id, 'cascade'],
  ['lecturerId', () => lecturers.id, 'restrict'],
  'course_lecturers_lecturer_idx',
  { sort: integer().notNull().default(0) },
);

/** Chapters (the catalog): name unique in the course, each with at least one courseware. */
export const courseChapters = pgTable(
  'course_chapters',
  {
    id: serial().primaryKey(),
    courseId: requiredRef(() => courses.id, 'cascade'),
    name: varchar({ length: 200 }).notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('course_chapters_course_name_uq').on(t.courseId, t.name), index('course_chapters_course_idx').on(t.courseId, t.sort)],
);

/** The courseware of a chapter, in order: the units a learner completes. */
export const courseItems = pgTable(
  'course_items',
  {
    id: serial().primaryKey(),
    chapterId: requiredRef(() => courseChapters.id, 'cascade'),
    coursewareId: requiredRef(() => coursewares.id, 'restrict'),
    sort: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('course_items_chapter_courseware_uq').on(t.chapterId, t.coursewareId),
    index('course_items_chapter_idx').on(t.chapterId, t.sort),
    index('course_items_courseware_idx').on(t.coursewareId),
  ],
);

/** Learners' comments on a course (`manage-course-comment`): shielded ones are hidden from learners. */
export const courseComments = pgTable(
  'course_comments',
  {
    id: serial().primaryKey(),
    courseId: requiredRef(() => courses.id, 'cascade'),
    userId: requiredRef(() => users.id, 'cascade'),
    content: varchar({ length: 500 }).notNull(),
    /** 1–5 stars, optional. */
    rating: integer(),
    status: varchar({ length: 16 }).notNull().default(COMMENT_LIFECYCLE.initial).$type<StateOf<typeof COMMENT_LIFECYCLE>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('course_comments_course_idx').on(t.courseId, t.id),
    index('course_comments_user_idx').on(t.userId),
    stateCheck('course_comments_status_check', t.status, COMMENT_LIFECYCLE),
    check('course_comments_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

export const constraintErrors = defineConstraintErrors({
  ...treeConstraintErrors('course_categories', 'DUPLICATE_COURSE_CLASS'),
  courses_name_uq: { code: 'DUPLICATE_COURSE', field: 'name' },
  courses_category_id_course_categories_id_fk: { code: 'IN_USE_CLASSIFICATION', field: 'categoryId' },
  courses_cover_file_id_files_id_fk: { code: 'NOT_FOUND_ERROR', field: 'coverFileId' },
  courses_certificate_template_id_certificate_templates_id_fk: { code: 'IN_USE_CERTIFICATE', field: 'certificateTemplateId' },
  ...ownedRecordConstraintErrors('courses'),
  courses_status_check: null,
  courses_approval_check: null,
  courses_credit_check: { code: 'PARAMETER_INVALID', field: 'credit' },
  courses_pass_progress_check: { code: 'PARAMETER_INVALID', field: 'passProgress' },
  courses_pass_score_check: { code: 'PARAMETER_INVALID', field: 'passScore' },
  courses_anti_cheat_check: { code: 'PARAMETER_INVALID', field: 'antiCheatInterval' },
  course_lecturers_course_id_courses_id_fk: null,
  course_lecturers_lecturer_id_lecturers_id_fk: { code: 'IN_USE_LECTURER', field: 'lecturerIds' },
  course_chapters_course_name_uq: { code: 'DUPLICATE_CHAPTER', field: 'chapters' },
  course_chapters_course_id_courses_id_fk: null,
  course_items_chapter_courseware_uq: { code: 'PARAMETER_INVALID', field: 'chapters' },
  course_items_chapter_id_course_chapters_id_fk: null,
  course_items_courseware_id_coursewares_id_fk: { code: 'IN_USE_COURSEWARE', field: 'chapters' },
  course_comments_course_id_courses_id_fk: { code: 'NOT_FOUND_ERROR', field: 'courseId' },
  course_comments_user_id_users_id_fk: null,
  course_comments_status_check: null,
  course_comments_rating_check: { code: 'PARAMETER_INVALID', field: 'rating' },
});
