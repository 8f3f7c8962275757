import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { TRAIN_COURSE_ATTACHMENTS_MAX, TRAIN_COURSE_LIFECYCLE, type StateOf, type TrainCourseFile } from '@hanlin/shared';
import { defineConstraintErrors, ownedRecordConstraintErrors, treeConstraintErrors } from '../../platform/db/constraints.js';
import { linkTable, ownedRecordColumns } from '../../platform/db/columns.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineTreeTable } from '../../platform/tree-repository.js';
import { lecturers } from '../lecturers/index.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';

/** Classification of face-to-face courses: a tree, at most 5 levels. */
export const trainCourseCategories = defineTreeTable('train_course_categories');

/** Face-to-face courses (spec: manage-train-course, add-train-course; code pxkcgl). */
export const trainCourses = pgTable(
  'train_courses',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 200 }).notNull(),
    categoryId: integer().references(() => trainCourseCategories.id, { onDelete: 'restrict' }),
    /** Class hours, one decimal. */
    hours: numeric({ precision: 4, scale: 1, mode: 'number' }).notNull(),
    audience: varchar({ length: 200 }).notNull().default(''),
    /** Sanitized rich text. */
    objectives: text().notNull().default(''),
    outline: text().notNull().default(''),
    /** Stored cover reference (`/api/upload/file/<public id>`, purpose `cover`). */
    cover: varchar({ length: 300 }),
    /** The uploaded files (purpose `train-course`), as claimed: reference, name, size. */
    attachments: jsonb().notNull().default([]).$type<TrainCourseFile[]>(),
    status: varchar({ length: 16 }).notNull().default('enabled').$type<StateOf<typeof TRAIN_COURSE_LIFECYCLE>>(),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
  },
  (t) => [
    uniqueIndex('train_courses_name_uq').on(sql`lower(${t.name})`),
    index('train_courses_org_idx').on(t.orgId, t.id),
    index('train_courses_category_idx').on(t.categoryId, t.id),
    index('train_courses_status_idx').on(t.status, t.id),
    stateCheck('train_courses_status_check', t.status, TRAIN_COURSE_LIFECYCLE),
    check('train_courses_hours_check', sql`${t.hours} > 0`),
    check('train_courses_attachments_check', sql`jsonb_array_length(${t.attachments}) <= ${sql.raw(String(TRAIN_COURSE_ATTACHMENTS_MAX))}`),
  ],
);

/** A course's lecturers (0–3), in teaching order; a lecturer teaching a course is not deleted. */
export const trainCourseLecturers = linkTable(
  'train_course_lecturers',
  ['trainCourseId', () => trainCourses.id, 'cascade'],
  ['lecturerId', () => lecturers.id, 'restrict'],
  'train_course_lecturers_lecturer_idx',
  { sort: integer().notNull().default(0) },
);

export const constraintErrors = defineConstraintErrors({
  ...treeConstraintErrors('train_course_categories', 'DUPLICATE_CATEGORY'),
  train_courses_name_uq: { code: 'DUPLICATE_FACE_COURSE', field: 'name' },
  train_courses_status_check: null,
  train_courses_hours_check: { code: 'PARAMETER_INVALID', field: 'hours' },
  train_courses_attachments_check: { code: 'PARAMETER_INVALID', field: 'attachments' },
  train_courses_category_id_train_course_categories_id_fk: { code: 'IN_USE_CLASSIFICATION', field: 'categoryId' },
  ...ownedRecordConstraintErrors('train_courses'),
  train_course_lecturers_train_course_id_train_courses_id_fk: null,
  train_course_lecturers_lecturer_id_lecturers_id_fk: { code: 'IN_USE_LECTURER', field: 'lecturerIds' },
});
