import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { TRAIN_CLASS_CANCEL_REASON_MAX, TRAIN_CLASS_LIFECYCLE, type StateOf, type TrainClassForm, type TrainClassMode, type TrainClassPlanKind } from '@hanlin/shared';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { lecturers } from '../lecturers/index.js';
import { boardrooms } from '../boardrooms/index.js';
import { trainPlaces } from '../train-places/index.js';
import { courses } from '../courses/index.js';
import { trainCourses } from '../train-courses/index.js';
import { yearPlanLines } from '../year-plans/index.js';
import { certificateTemplates } from '../certificates/index.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { defineConstraintErrors, ownedRecordConstraintErrors } from '../../platform/db/constraints.js';
import { ownedRecordColumns } from '../../platform/db/columns.js';

const at = () => timestamp({ withTimezone: true });

/**
 * Training classes (spec §3 "Training class"). `org_id` is the host department (the class's data scope).
 * Times are instants (timestamptz) set by the server's rules: enrolment window before the start, start before end.
 */
export const trainClasses = pgTable(
  'train_classes',
  {
    id: serial().primaryKey(),
    /** Readable, unique, given by the server (`PX` + year + sequence). */
    code: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 200 }).notNull(),
    status: varchar({ length: 24 }).notNull().default('toPublish').$type<StateOf<typeof TRAIN_CLASS_LIFECYCLE>>(),
    mode: varchar({ length: 16 }).notNull().default('faceToFace').$type<TrainClassMode>(),
    form: varchar({ length: 16 }).notNull().default('internal').$type<TrainClassForm>(),
    planKind: varchar({ length: 16 }).notNull().default('outsidePlan').$type<TrainClassPlanKind>(),
    /** The annual plan line an in-plan class carries out (its actual charges roll up to it). */
    yearPlanLineId: integer().references(() => yearPlanLines.id, { onDelete: 'restrict' }),
    purpose: varchar({ length: 2000 }).notNull().default(''),
    days: integer().notNull(),
    startAt: at().notNull(),
    endAt: at().notNull(),
    enrolStartAt: at().notNull(),
    enrolEndAt: at().notNull(),
    /** Seats: the number of trainees (only increases once published). */
    traineeQuota: integer().notNull(),
    /** Sign-ups wait for enrolment approval (`pxbmsp`, through the approval engine). */
    enrolApproval: boolean().notNull().default(false),
    /** A full class queues further sign-ups (off: ENROLL_IS_BEYOUND). */
    queueEnabled: boolean().notNull().default(true),
    applicationNotice: varchar({ length: 200 }).notNull().default(''),
    content: varchar({ length: 2000 }).notNull().default(''),
    contact: varchar({ length: 30 }).notNull().default(''),
    phone: varchar({ length: 30 }).notNull().default(''),
    /** Uploaded files (uploads module public ids): cover image and the preview-before-class file. */
    coverFile: varchar({ length: 64 }),
    previewFile: varchar({ length: 64 }),
    /** The class teacher (headmaster). */
    headmasterId: integer().references(() => users.id, { onDelete: 'set null' }),
    publishedAt: at(),
    /** Why the class was cancelled (kept with the class, shown in its detail; '' until cancelled). */
    cancelReason: varchar({ length: TRAIN_CLASS_CANCEL_REASON_MAX }).notNull().default(''),
    /** The certificate a trainee who completes the class receives (train-results issues it); null: none. */
    certificateTemplateId: integer(),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
  },
  (t) => [
    uniqueIndex('train_classes_code_uq').on(t.code),
    uniqueIndex('train_classes_name_uq').on(t.name),
    index('train_classes_org_idx').on(t.orgId, t.id),
    index('train_classes_start_idx').on(t.startAt),
    index('train_classes_headmaster_idx').on(t.headmasterId),
    index('train_classes_certificate_template_idx').on(t.certificateTemplateId),
    // Named here: the generated name would pass PostgreSQL's 63 characters and be cut, so no error mapping would find it.
    foreignKey({ name: 'train_classes_certificate_template_fk', columns: [t.certificateTemplateId], foreignColumns: [certificateTemplates.id] }).onDelete('restrict'),
    stateCheck('train_classes_status_check', t.status, TRAIN_CLASS_LIFECYCLE),
    check('train_classes_times_check', sql`${t.startAt} < ${t.endAt} and ${t.enrolStartAt} < ${t.enrolEndAt} and ${t.enrolEndAt} <= ${t.startAt}`),
    check('train_classes_counts_check', sql`${t.days} between 1 and 99999999 and ${t.traineeQuota} between 1 and 999999`),
    check('train_classes_kinds_check', sql`${t.mode} in ('faceToFace', 'mixed') and ${t.form} in ('internal', 'external') and ${t.planKind} in ('inPlan', 'outsidePlan')`),
    check('train_classes_plan_line_check', sql`(${t.planKind} = 'inPlan') = (${t.yearPlanLineId} is not null)`),
  ],
);

/**
 * The stages (sessions) of a class: a time span, where (a meeting room, a training site or a place named in text),
 * who teaches (a lecturer) and what (a face-to-face course, or a topic). Sign-in and attendance are per stage.
 */
export const trainClassStages = pgTable(
  'train_class_stages',
  {
    id: serial().primaryKey(),
    classId: integer()
      .notNull()
      .references(() => trainClasses.id, { onDelete: 'cascade' }),
    name: varchar({ length: 200 }).notNull(),
    startsAt: at().notNull(),
    endsAt: at().notNull(),
    boardroomId: integer().references(() => boardrooms.id, { onDelete: 'restrict' }),
    trainPlaceId: integer().references(() => trainPlaces.id, { onDelete: 'restrict' }),
    placeText: varchar({ length: 200 }).notNull().default(''),
    lecturerId: integer().references(() => lecturers.id, { onDelete: 'restrict' }),
    /** The face-to-face course the stage teaches (train-courses; a course in use is not deleted), besides or instead of a topic. */
    trainCourseId: integer().references(() => trainCourses.id, { onDelete: 'restrict' }),
    topic: varchar({ length: 200 }).notNull().default(''),
    sort: integer().notNull().default(0),
  },
  (t) => [
    index('train_class_stages_class_idx').on(t.classId, t.sort),
    index('train_class_stages_lecturer_idx').on(t.lecturerId, t.startsAt),
    index('train_class_stages_boardroom_idx').on(t.boardroomId, t.startsAt),
    index('train_class_stages_course_idx').on(t.trainCourseId),
    check('train_class_stages_times_check', sql`${t.startsAt} < ${t.endsAt}`),
    check('train_class_stages_place_check', sql`not (${t.boardroomId} is not null and ${t.trainPlaceId} is not null)`),
  ],
);

/** Budget items of a class (spec §3): project (≤20 characters) and amount per capita in yuan (1–999,999). */
export const trainClassBudgetItems = pgTable(
  'train_class_budget_items',
  {
    id: serial().primaryKey(),
    classId: integer()
      .notNull()
      .references(() => trainClasses.id, { onDelete: 'cascade' }),
    project: varchar({ length: 20 }).notNull(),
    amountPerCapita: integer().notNull(),
    sort: integer().notNull().default(0),
  },
  (t) => [index('train_class_budget_items_class_idx').on(t.classId, t.sort), check('train_class_budget_items_amount_check', sql`${t.amountPerCapita} between 1 and 999999`)],
);

/** The online courses of a mixed class (completion needs them and the in-person stages). */
export const trainClassCourses = pgTable(
  'train_class_courses',
  {
    classId: integer()
      .notNull()
      .references(() => trainClasses.id, { onDelete: 'cascade' }),
    courseId: integer()
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    sort: integer().notNull().default(0),
  },
  (t) => [primaryKey({ name: 'train_class_courses_pk', columns: [t.classId, t.courseId] }), index('train_class_courses_course_idx').on(t.courseId)],
);

/** Notices sent to a class's admitted trainees (class-teacher end); each went out as one in-site message per trainee. */
export const trainClassNotices = pgTable(
  'train_class_notices',
  {
    id: serial().primaryKey(),
    classId: integer()
      .notNull()
      .references(() => trainClasses.id, { onDelete: 'cascade' }),
    title: varchar({ length: 200 }).notNull(),
    content: varchar({ length: 2000 }).notNull(),
    recipients: integer().notNull(),
    sentBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('train_class_notices_class_idx').on(t.classId, t.id)],
);

export const constraintErrors = defineConstraintErrors({
  train_classes_code_uq: { code: 'DUPLICATE_DATA', field: 'code' },
  train_classes_name_uq: { code: 'DUPLICATE_TRAINING_CLASS', field: 'name' },
  train_classes_status_check: null,
  train_classes_times_check: { code: 'PARAMETER_INVALID', field: 'startAt' },
  train_classes_counts_check: { code: 'PARAMETER_INVALID', field: 'traineeQuota' },
  train_classes_kinds_check: { code: 'PARAMETER_INVALID', field: 'mode' },
  train_classes_plan_line_check: { code: 'PARAMETER_INVALID', field: 'yearPlanLineId' },
  train_classes_year_plan_line_id_year_plan_lines_id_fk: { code: 'NOT_FOUND_ERROR', field: 'yearPlanLineId' },
  train_classes_headmaster_id_users_id_fk: { code: 'NOT_FOUND_ERROR', field: 'headmasterId' },
  // A template a class names is not deleted (as for courses and exams).
  train_classes_certificate_template_fk: { code: 'IN_USE_CERTIFICATE', field: 'certificateTemplateId' },
  ...ownedRecordConstraintErrors('train_classes'),
  train_class_stages_class_id_train_classes_id_fk: null,
  train_class_stages_times_check: { code: 'PARAMETER_INVALID', field: 'stages' },
  train_class_stages_place_check: { code: 'PARAMETER_INVALID', field: 'stages' },
  train_class_stages_boardroom_id_boardrooms_id_fk: { code: 'IN_USE_MEETING_ROOM', field: 'stages' },
  train_class_stages_train_place_id_train_places_id_fk: { code: 'IN_USE_TRAINING_SITE', field: 'stages' },
  train_class_stages_lecturer_id_lecturers_id_fk: { code: 'IN_USE_LECTURER', field: 'stages' },
  train_class_stages_train_course_id_train_courses_id_fk: { code: 'NOT_FOUND_ERROR', field: 'stages' },
  train_class_budget_items_class_id_train_classes_id_fk: null,
  train_class_budget_items_amount_check: { code: 'PARAMETER_INVALID', field: 'budgetItems' },
  train_class_courses_class_id_train_classes_id_fk: null,
  train_class_courses_course_id_courses_id_fk: { code: 'IN_USE_COURSE', field: 'courseIds' },
  train_class_notices_class_id_train_classes_id_fk: { code: 'NOT_FOUND_ERROR', field: 'classId' },
  train_class_notices_sent_by_users_id_fk: null,
});
