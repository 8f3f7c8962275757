import { boolean, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { ASSIGNMENT_LIFECYCLE, type StateOf } from '@hanlin/shared';
import { defineConstraintErrors, ownedRecordConstraintErrors } from '../../platform/db/constraints.js';
import { stateCheck } from '../../platform/lifecycle.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { courses } from '../courses/index.js';
import { linkTable, ownedRecordColumns } from '../../platform/db/columns.js';

/** Learning assignments (spec §3 "Course assignment": title, deadline, required and elective courses). */
export const learnAssignments = pgTable(
  'learn_assignments',
  {
    id: serial().primaryKey(),
    title: varchar({ length: 200 }).notNull(),
    deadline: timestamp({ withTimezone: true }).notNull(),
    status: varchar({ length: 16 }).notNull().default(ASSIGNMENT_LIFECYCLE.initial).$type<StateOf<typeof ASSIGNMENT_LIFECYCLE>>(),
    ...ownedRecordColumns(() => ({ org: organizations.id, user: users.id })),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('learn_assignments_org_idx').on(t.orgId, t.id),
    index('learn_assignments_status_idx').on(t.status, t.id),
    stateCheck('learn_assignments_status_check', t.status, ASSIGNMENT_LIFECYCLE),
  ],
);

/** The courses of an assignment, required or elective, in order. */
export const learnAssignmentCourses = linkTable(
  'learn_assignment_courses',
  ['assignmentId', () => learnAssignments.id, 'cascade'],
  ['courseId', () => courses.id, 'restrict'],
  'learn_assignment_courses_course_idx',
  { required: boolean().notNull().default(true), sort: integer().notNull().default(0) },
);

/**
 * Who was assigned: the audience's members at each publication (added to, never removed, so a
 * person stays assigned when they leave the audience later). Progress pages over it.
 */
export const learnAssignmentUsers = linkTable(
  'learn_assignment_users',
  ['assignmentId', () => learnAssignments.id, 'cascade'],
  ['userId', () => users.id, 'cascade'],
  'learn_assignment_users_user_idx',
  { assignedAt: timestamp({ withTimezone: true }).notNull().defaultNow() },
);

export const constraintErrors = defineConstraintErrors({
  learn_assignments_status_check: null,
  ...ownedRecordConstraintErrors('learn_assignments'),
  learn_assignment_courses_assignment_id_learn_assignments_id_fk: null,
  learn_assignment_courses_course_id_courses_id_fk: { code: 'IN_USE_COURSE', field: 'courses' },
  learn_assignment_users_assignment_id_learn_assignments_id_fk: null,
  learn_assignment_users_user_id_users_id_fk: null,
});
