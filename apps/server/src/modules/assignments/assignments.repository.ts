import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { ASSIGNEE_SORT_KEYS, ASSIGNMENT_AUDIENCE, type AssignmentCourseSearch, type AssignmentListQuery, type AssignmentProgressQuery } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { deleteRows, insertRow, updateRow } from '../../platform/table-rows.js';
import { lockOrgRows } from '../../platform/org-rows.js';
import type { Principal } from '../../platform/auth/principal.js';
import { inScope } from '../../platform/scope.js';
import { defineList, keywordPattern, type ListRuntime } from '../../platform/list.js';
import { orderOf, pagedRows, type PageWindow } from '../../platform/paging.js';
import { filterOrgPath, organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { courses } from '../courses/index.js';
import { audienceUserIds } from '../audiences/index.js';
import { enrolLearners } from '../learning/index.js';
import { learnAssignmentCourses, learnAssignments } from './assignments.schema.js';

const countCourses = (required: boolean) =>
  sql<number>`(select count(*)::int from learn_assignment_courses c where c.assignment_id = ${learnAssignments.id} and c.required = ${required})`;

const rowColumns = {
  id: learnAssignments.id,
  title: learnAssignments.title,
  deadline: learnAssignments.deadline,
  status: learnAssignments.status,
  orgId: learnAssignments.orgId,
  orgName: organizations.name,
  orgPath: organizations.path,
  creatorName: users.realname,
  createdAt: learnAssignments.createdAt,
  publishedAt: learnAssignments.publishedAt,
  requiredCount: countCourses(true),
  electiveCount: countCourses(false),
  assigneeCount: sql<number>`(select count(*)::int from learn_assignment_users au where au.assignment_id = ${learnAssignments.id})`,
};

/** The management list: assignments whose organization lies in the caller's data scope. */
export const assignmentList = defineList({
  name: 'learn_assignment_list',
  table: learnAssignments,
  tables: ['learn_assignments', 'organizations'],
  scope: { column: learnAssignments.orgId },
  filters: { status: (v) => eq(learnAssignments.status, v) },
  keyword: (pattern) => ilike(learnAssignments.title, pattern),
  sort: { id: learnAssignments.id, title: learnAssignments.title, deadline: learnAssignments.deadline, createdAt: learnAssignments.createdAt },
  columns: rowColumns,
  join: (q) => q.leftJoin(organizations, eq(organizations.id, learnAssignments.orgId)).leftJoin(users, eq(users.id, learnAssignments.createdBy)),
});
/** A row of the list (organization and creator left-joined). */
export type AssignmentListRow = Omit<NonNullable<Awaited<ReturnType<typeof getAssignmentRow>>>, 'orgPath'>;

export async function findAssignments(lists: ListRuntime, principal: Principal, q: AssignmentListQuery) {
  const page = await assignmentList.run(lists, principal, q);
  return { ...page, records: page.records };
}

/** One assignment as a list row, with its organization's path for the scope check. */
export async function getAssignmentRow(db: DbOrTx, id: number) {
  const [row] = await assignmentList.rowsOf(db, [id]);
  return row ?? null;
}

export async function getAssignmentCourses(db: DbOrTx, id: number) {
  return db
    .select({ courseId: courses.id, name: courses.name, required: learnAssignmentCourses.required, status: courses.status })
    .from(learnAssignmentCourses)
    .innerJoin(courses, eq(courses.id, learnAssignmentCourses.courseId))
    .where(eq(learnAssignmentCourses.assignmentId, id))
    .orderBy(asc(learnAssignmentCourses.sort), asc(courses.id));
}

/** Locks assignments for a change, with their organization path for the scope check. */
export async function lockAssignments(tx: DbOrTx, ids: number[]) {
  return lockOrgRows(tx, learnAssignments, ids, ['status', 'deadline']);
}

export async function insertAssignment(db: DbOrTx, values: typeof learnAssignments.$inferInsert) {
  return insertRow(db, learnAssignments, values);
}

export async function updateAssignment(db: DbOrTx, id: number, set: Partial<typeof learnAssignments.$inferInsert>) {
  await updateRow(db, learnAssignments, id, set);
}

export const deleteAssignments = (db: DbOrTx, ids: number[]) => deleteRows(db, learnAssignments, ids);

/** Ids among `ids` that are not published courses. */
export async function unpublishedCourses(db: DbOrTx, ids: number[]): Promise<number[]> {
  const found = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(inArray(courses.id, ids), eq(courses.status, 'published')));
  return ids.filter((id) => !found.some((f) => f.id === id));
}

/**
 * Courses of the assignments that are no longer published (unpublished or off the shelf since
 * they were chosen); the published ones are held (`for share`) until the caller's transaction
 * ends, so none leaves the shelf while the assignment is being published.
 */
export async function coursesOffShelfOf(tx: DbOrTx, assignmentIds: number[]): Promise<number[]> {
  const { rows } = await tx.execute<{ id: number; status: string }>(sql`select c.id, c.status from courses c
    where c.id in (select ac.course_id from learn_assignment_courses ac where ac.assignment_id = any(${sql.param(assignmentIds)}::int[]))
    order by c.id for share of c`);
  return rows.filter((r) => r.status !== 'published').map((r) => r.id);
}

export async function setAssignmentCourses(db: DbOrTx, id: number, list: { courseId: number; required: boolean }[]) {
  await db.delete(learnAssignmentCourses).where(eq(learnAssignmentCourses.assignmentId, id));
  if (list.length) await db.insert(learnAssignmentCourses).values(list.map((c, i) => ({ assignmentId: id, courseId: c.courseId, required: c.required, sort: i })));
}

/** Published courses by name, to pick from. */
export async function searchPublishedCourses(db: DbOrTx, q: Required<Pick<AssignmentCourseSearch, 'limit'>> & AssignmentCourseSearch) {
  return db
    .select({ id: courses.id, name: courses.name, required: courses.required })
    .from(courses)
    .where(and(eq(courses.status, 'published'), q.keyword ? ilike(courses.name, keywordPattern(q.keyword)) : undefined))
    .orderBy(asc(courses.name), asc(courses.id))
    .limit(q.limit);
}

/**
 * Publication: the audience's members become assignees, then learners of every course of the
 * assignment (source `assignment`). Two INSERT … SELECT statements, whatever the audience's size;
 * people already assigned or already learning a course are left as they are.
 */
export async function enrolAudience(tx: DbOrTx, id: number) {
  const members = audienceUserIds({ type: ASSIGNMENT_AUDIENCE, id });
  await tx.execute(sql`insert into learn_assignment_users (assignment_id, user_id)
    select ${id}::int, m.user_id from (${members}) m where true on conflict do nothing`);
  await enrolLearners(
    tx,
    sql`select c.course_id, au.user_id from learn_assignment_courses c join learn_assignment_users au on au.assignment_id = c.assignment_id where c.assignment_id = ${id}::int`,
    'assignment',
  );
}

/** An assignee is done when every required course is passed (every course, when none is required). */
const DONE = sql`(case when p.required_total > 0 then p.required_passed = p.required_total else p.passed = p.total end)`;

/** Assignees of an assignment whose organization lies in the caller's scope (one who moved to another branch is not theirs to see). */
function progressWhere(principal: Principal, id: number, q: Pick<AssignmentProgressQuery, 'keyword' | 'orgId'>, orgPath: string | null): SQL {
  const parts: SQL[] = [sql`au.assignment_id = ${id}::int`, inScope(principal, sql`u.org_id`)];
  if (q.keyword) parts.push(sql`(u.realname ilike ${keywordPattern(q.keyword)} or u.username ilike ${keywordPattern(q.keyword)})`);
  if (orgPath) parts.push(sql`u.org_id in (select o.id from organizations o where o.path like ${`${orgPath}%`})`);
  return sql.join(parts, sql` and `);
}

export interface AssigneeDbRow {
  userId: number;
  realname: string;
  username: string;
  orgName: string | null;
  progress: number;
  passedCount: number;
  requiredPassed: number;
  learnedSeconds: number;
  done: boolean;
  overdue: boolean;
  courses: { courseId: number; progress: number; status: 'learning' | 'passed' | null; learnedSeconds: number }[];
}

/**
 * Assignees with their progress per course (from course_learners) and overall, filtered by name,
 * organization subtree and state, one page (`limit` null: all of them, for the export).
 */
export async function findAssignees(
  db: DbOrTx,
  principal: Principal,
  a: { id: number; deadline: Date },
  q: Pick<AssignmentProgressQuery, 'keyword' | 'orgId' | 'state' | 'sort'>,
  page: PageWindow,
) {
  const orgPath = await filterOrgPath(db, q.orgId);
  const expired = a.deadline.getTime() < Date.now();
  const stateCond = q.state === 'done' ? DONE : q.state === 'undone' ? sql`not ${DONE}` : q.state === 'overdue' ? (expired ? sql`not ${DONE}` : sql`false`) : sql`true`;
  const order = orderOf(q.sort, ASSIGNEE_SORT_KEYS, { key: 'realname', desc: false }, 'user_id');
  const base = sql`with p as (
      select u.id as user_id, u.realname, u.username, o.name as org_name,
        count(*)::int as total, count(*) filter (where c.required)::int as required_total,
        count(*) filter (where l.status = 'passed')::int as passed,
        count(*) filter (where c.required and l.status = 'passed')::int as required_passed,
        round(avg(coalesce(l.progress, 0)))::int as progress,
        coalesce(sum(l.learned_seconds), 0)::int as learned_seconds,
        json_agg(json_build_object('courseId', c.course_id, 'progress', coalesce(l.progress, 0), 'status', l.status, 'learnedSeconds', coalesce(l.learned_seconds, 0)) order by c.sort, c.course_id) as courses
      from learn_assignment_users au
      join users u on u.id = au.user_id
      left join organizations o on o.id = u.org_id
      join learn_assignment_courses c on c.assignment_id = au.assignment_id
      left join course_learners l on l.course_id = c.course_id and l.user_id = au.user_id
      where ${progressWhere(principal, a.id, q, orgPath)}
      group by u.id, o.name)`;
  const { rows, total } = await pagedRows<{
    user_id: number;
    realname: string;
    username: string;
    org_name: string | null;
    progress: number;
    passed: number;
    required_passed: number;
    learned_seconds: number;
    done: boolean;
    courses: AssigneeDbRow['courses'];
  }>(db, sql`${base} select p.*, p.learned_seconds as "learnedSeconds", p.passed as "passedCount", ${DONE} as done from p where ${stateCond}`, order, page);
  const records: AssigneeDbRow[] = rows.map((r) => ({
    userId: r.user_id,
    realname: r.realname,
    username: r.username,
    orgName: r.org_name,
    progress: r.progress,
    passedCount: r.passed,
    requiredPassed: r.required_passed,
    learnedSeconds: r.learned_seconds,
    done: r.done,
    overdue: expired && !r.done,
    courses: r.courses,
  }));
  return { records, total };
}

/** Over every assignee of an assignment in the caller's scope: how many, and how many are done. */
export async function assigneeSummary(db: DbOrTx, principal: Principal, id: number) {
  const { rows } = await db.execute<{ assignees: number; done: number }>(sql`with p as (
      select au.user_id, count(*) as total, count(*) filter (where c.required) as required_total,
        count(*) filter (where l.status = 'passed') as passed, count(*) filter (where c.required and l.status = 'passed') as required_passed
      from learn_assignment_users au
      join users u on u.id = au.user_id
      join learn_assignment_courses c on c.assignment_id = au.assignment_id
      left join course_learners l on l.course_id = c.course_id and l.user_id = au.user_id
      where au.assignment_id = ${id}::int and ${inScope(principal, sql`u.org_id`)} group by au.user_id)
    select count(*)::int as assignees, count(*) filter (where ${DONE})::int as done from p`);
  return rows[0] ?? { assignees: 0, done: 0 };
}

/**
 * The caller's published assignments with their figures (portal home): not done first, then the
 * nearest deadline. `open` keeps the ones not done yet. Index-backed through the user's link rows.
 */
export async function findMyAssignments(db: DbOrTx, userId: number, q: { open: boolean }, page: PageWindow) {
  const base = sql`with p as (
      select a.id, a.title, a.deadline,
        count(*) filter (where c.required)::int as required_total,
        count(*) filter (where c.required and l.status = 'passed')::int as required_passed,
        count(*)::int as total, count(*) filter (where l.status = 'passed')::int as passed,
        round(avg(coalesce(l.progress, 0)))::int as progress,
        (array_agg(c.course_id order by c.sort, c.course_id) filter (where c.required and l.status is distinct from 'passed'))[1] as next_course_id
      from learn_assignment_users au
      join learn_assignments a on a.id = au.assignment_id and a.status = 'published'
      join learn_assignment_courses c on c.assignment_id = a.id
      left join course_learners l on l.course_id = c.course_id and l.user_id = au.user_id
      where au.user_id = ${userId}::int
      group by a.id)
    select p.*, ${DONE} as done, (not ${DONE} and p.deadline < now()) as overdue from p`;
  const query = q.open ? sql`select * from (${base}) x where not x.done` : base;
  const { rows, total } = await pagedRows<{
    id: number;
    title: string;
    deadline: string | Date;
    required_total: number;
    required_passed: number;
    progress: number;
    done: boolean;
    overdue: boolean;
    next_course_id: number | null;
  }>(db, query, sql.raw('done asc, deadline asc, id desc'), page);
  return {
    total,
    records: rows.map((r) => ({
      id: r.id,
      title: r.title,
      deadline: new Date(r.deadline).toISOString(),
      requiredTotal: r.required_total,
      requiredPassed: r.required_passed,
      progress: r.progress,
      done: r.done,
      overdue: r.overdue,
      nextCourseId: r.next_course_id,
    })),
  };
}
