import { and, asc, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { COURSE_CATEGORY_DEPTH, COURSE_SORT_KEYS, parseSort, type CourseCommentManageQuery, type CourseListQuery, type CourseOutlineChapter } from '@hanlin/shared';
import { pageWithTotal } from '../../platform/paging.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { insertRow, rowExists, updateRow } from '../../platform/table-rows.js';
import { lockOrgRows, lockOrgRowsThrough } from '../../platform/org-rows.js';
import type { Principal } from '../../platform/auth/principal.js';
import { defineCategoryTree } from '../../platform/category-tree.js';
import { defineList, keywordPattern, type ListRuntime } from '../../platform/list.js';
import { inScope } from '../../platform/scope.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { files } from '../uploads/index.js';
import { coursewares } from '../courseware/index.js';
import { lecturers } from '../lecturers/index.js';
import { certificateTemplates } from '../certificates/index.js';
import { inAudience } from '../audiences/index.js';
import { COURSE_AUDIENCE } from '@hanlin/shared';
import { courseCategories, courseChapters, courseComments, courseItems, courseLecturers, courses } from './courses.schema.js';

/** The classification tree: several roots, at most 5 levels (§9); a category holding courses is in use. */
export const categoryTree = defineCategoryTree(courseCategories, {
  maxDepth: COURSE_CATEGORY_DEPTH,
  lockKey: 'courseCategoryTree',
  duplicateName: 'DUPLICATE_COURSE_CLASS',
  items: courses.categoryId,
});

const userParam = (userId: SQLWrapper | number) => (typeof userId === 'number' ? sql`${userId}::int` : userId);

/**
 * The one audience check of courses (a WHERE fragment on `courses`): the user is in the course's
 * audience, found from the user's keys through the audience index (`inAudience`).
 */
export function inCourseAudience(userId: SQLWrapper | number): SQL {
  return inAudience(COURSE_AUDIENCE, courses.id, userParam(userId));
}

/** Published, not past its validity, and open to the user: what a learner may see and enter. */
export function coursesVisibleTo(userId: SQLWrapper | number): SQL {
  return sql`(${courses.status} = 'published' and (${courses.validUntil} is null or ${courses.validUntil} > now()) and ${inCourseAudience(userId)})`;
}

/**
 * The courses a user reaches: open to them, or theirs as a learner (who keeps an unpublished,
 * off-shelf or expired course, and a course whose audience no longer names them).
 */
export function coursesReachedBy(userId: SQLWrapper | number): SQL {
  const user = userParam(userId);
  return sql`(${coursesVisibleTo(user)} or exists (select 1 from course_learners l where l.course_id = ${courses.id} and l.user_id = ${user}))`;
}

const rowColumns = {
  id: courses.id,
  name: courses.name,
  categoryId: courses.categoryId,
  categoryName: courseCategories.name,
  coverId: files.publicId,
  labels: courses.labels,
  credit: courses.credit,
  required: courses.required,
  validUntil: courses.validUntil,
  status: courses.status,
  approval: courses.approval,
  approvalReason: courses.approvalReason,
  orgId: courses.orgId,
  orgName: organizations.name,
  orgPath: organizations.path,
  createdBy: courses.createdBy,
  creatorName: users.realname,
  createdAt: courses.createdAt,
  publishedAt: courses.publishedAt,
  chapterCount: sql<number>`(select count(*)::int from course_chapters ch where ch.course_id = ${courses.id})`,
  learnerCount: sql<number>`(select count(*)::int from course_learners l where l.course_id = ${courses.id})`,
};
const sortColumns = {
  id: courses.id,
  name: courses.name,
  createdAt: courses.createdAt,
  publishedAt: courses.publishedAt,
  credit: courses.credit,
} satisfies Record<(typeof COURSE_SORT_KEYS)[number], unknown>;
const joins = <Q extends { leftJoin: any }>(q: Q) =>
  q
    .leftJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .leftJoin(organizations, eq(organizations.id, courses.orgId))
    .leftJoin(users, eq(users.id, courses.createdBy))
    .leftJoin(files, eq(files.id, courses.coverFileId));

const listFilters = {
  status: (v: SQLWrapper) => eq(courses.status, v),
  approval: (v: SQLWrapper) => eq(courses.approval, v),
  required: (v: SQLWrapper) => eq(courses.required, v),
  label: (v: SQLWrapper) => sql`${courses.labels} @> array[${v}]::text[]`,
  categoryId: (v: SQLWrapper) => categoryTree.inSubtree(courses.categoryId, v),
};

/** The course list: the caller's organization subtrees; keyword, category subtree, states, kind, label. */
export const courseList = defineList({
  name: 'course_list',
  table: courses,
  tables: ['courses', 'course_categories'],
  scope: { column: courses.orgId },
  filters: listFilters,
  keyword: (pattern) => sql`${courses.name} ilike ${pattern}`,
  sort: sortColumns,
  columns: rowColumns,
  join: joins,
});
export type CourseRecord = Awaited<ReturnType<typeof getCourses>>[number];

export const findCourses = (lists: ListRuntime, p: Principal, q: CourseListQuery) => courseList.run(lists, p, q);

/** Every course of the list's filters in its order (the export), at most `limit`. */
export function exportCourses(db: DbOrTx, p: Principal, q: Omit<CourseListQuery, 'page' | 'size'>, limit: number): Promise<CourseRecord[]> {
  const sort = parseSort(q.sort, COURSE_SORT_KEYS, 'id');
  const column = sortColumns[sort.key];
  return joins(db.select(rowColumns).from(courses))
    .where(courseList.where(p, q))
    .orderBy(sort.desc ? desc(column) : asc(column), sort.desc ? desc(courses.id) : asc(courses.id))
    .limit(limit);
}

export const getCourses = courseList.rowsOf;

export async function getCourseExtra(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      intro: courses.intro,
      passProgress: courses.passProgress,
      passScore: courses.passScore,
      certificateTemplateId: courses.certificateTemplateId,
      antiCheat: courses.antiCheat,
      antiCheatInterval: courses.antiCheatInterval,
      antiSkip: courses.antiSkip,
    })
    .from(courses)
    .where(eq(courses.id, id));
  return row;
}

export function courseLecturerRows(db: DbOrTx, courseId: number) {
  return db
    .select({ id: lecturers.id, name: lecturers.realname })
    .from(courseLecturers)
    .innerJoin(lecturers, eq(lecturers.id, courseLecturers.lecturerId))
    .where(eq(courseLecturers.courseId, courseId))
    .orderBy(asc(courseLecturers.sort));
}

export async function setLecturers(tx: DbOrTx, courseId: number, lecturerIds: number[]) {
  await tx.delete(courseLecturers).where(eq(courseLecturers.courseId, courseId));
  if (lecturerIds.length) await tx.insert(courseLecturers).values(lecturerIds.map((lecturerId, sort) => ({ courseId, lecturerId, sort })));
}

/** Locks the rows (id order) for a change, with their organization's path for the scope check. */
export function lockCourses(tx: DbOrTx, ids: number[]) {
  return lockOrgRows(tx, courses, ids, ['name', 'status', 'approval', 'validUntil', 'coverFileId', 'antiCheat', 'antiCheatInterval']);
}

export async function nameTaken(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  return rowExists(db, courses, eq(courses.name, name), exceptId);
}

export type CourseWrite = Partial<typeof courses.$inferInsert>;

export async function insertCourse(db: DbOrTx, v: CourseWrite & { name: string }): Promise<number> {
  return insertRow(db, courses, v);
}

export async function updateCourse(db: DbOrTx, id: number, set: CourseWrite) {
  await updateRow(db, courses, id, set);
}

export async function deleteCourses(db: DbOrTx, ids: number[]) {
  await db.delete(courses).where(inArray(courses.id, ids));
}

/** Of the ids, the courses whose every chapter holds courseware (and that have a chapter). */
export async function completeCourseIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.execute<{ id: number }>(sql`
    select c.id from courses c
    where c.id in (${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )})
      and exists (select 1 from course_chapters ch where ch.course_id = c.id)
      and not exists (select 1 from course_chapters ch where ch.course_id = c.id
                      and not exists (select 1 from course_items i where i.chapter_id = ch.id))`);
  return new Set(rows.rows.map((r) => Number(r.id)));
}

/** Of the courseware ids, those that exist. */
export async function existingCoursewareIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: coursewares.id }).from(coursewares).where(inArray(coursewares.id, ids));
  return new Set(rows.map((r) => r.id));
}

/**
 * Writes the catalog: chapters kept by name and items by (chapter, courseware), so learners'
 * progress on items that stay is kept; the rest is removed, the new inserted, all renumbered.
 */
export async function saveChapters(tx: DbOrTx, courseId: number, chapters: { name: string; coursewareIds: number[] }[]) {
  const existing = await tx.select({ id: courseChapters.id, name: courseChapters.name }).from(courseChapters).where(eq(courseChapters.courseId, courseId));
  const byName = new Map(existing.map((c) => [c.name, c.id]));
  const keep = new Set(chapters.map((c) => c.name));
  const gone = existing.filter((c) => !keep.has(c.name)).map((c) => c.id);
  if (gone.length) await tx.delete(courseChapters).where(inArray(courseChapters.id, gone));
  for (const [sort, ch] of chapters.entries()) {
    let chapterId = byName.get(ch.name);
    if (chapterId) await tx.update(courseChapters).set({ sort }).where(eq(courseChapters.id, chapterId));
    else [{ id: chapterId }] = await tx.insert(courseChapters).values({ courseId, name: ch.name, sort }).returning({ id: courseChapters.id });
    const items = await tx.select({ id: courseItems.id, coursewareId: courseItems.coursewareId }).from(courseItems).where(eq(courseItems.chapterId, chapterId));
    const wanted = new Set(ch.coursewareIds);
    const drop = items.filter((i) => !wanted.has(i.coursewareId)).map((i) => i.id);
    if (drop.length) await tx.delete(courseItems).where(inArray(courseItems.id, drop));
    const have = new Map(items.map((i) => [i.coursewareId, i.id]));
    for (const [itemSort, coursewareId] of ch.coursewareIds.entries()) {
      const itemId = have.get(coursewareId);
      if (itemId) await tx.update(courseItems).set({ sort: itemSort }).where(eq(courseItems.id, itemId));
      else await tx.insert(courseItems).values({ chapterId, coursewareId, sort: itemSort });
    }
  }
}

/** The catalog's order, the same for the builder and the learner: chapters, then their items, by position (then id). */
export const catalogOrder = [asc(courseChapters.sort), asc(courseChapters.id), asc(courseItems.sort), asc(courseItems.id)];

/** The catalog of a course: chapters in order with their courseware (type, file, SCORM package). */
export async function getCourseOutline(db: DbOrTx, courseId: number): Promise<CourseOutlineChapter[]> {
  const rows = await db
    .select({
      chapterId: courseChapters.id,
      chapterName: courseChapters.name,
      id: courseItems.id,
      coursewareId: coursewares.id,
      name: coursewares.name,
      type: coursewares.type,
      scormPackageId: coursewares.scormPackageId,
      fileId: files.publicId,
    })
    .from(courseChapters)
    .leftJoin(courseItems, eq(courseItems.chapterId, courseChapters.id))
    .leftJoin(coursewares, eq(coursewares.id, courseItems.coursewareId))
    .leftJoin(files, eq(files.id, coursewares.fileId))
    .where(eq(courseChapters.courseId, courseId))
    .orderBy(...catalogOrder);
  const out: CourseOutlineChapter[] = [];
  for (const r of rows) {
    let ch = out.at(-1);
    if (!ch || ch.id !== r.chapterId) out.push((ch = { id: r.chapterId, name: r.chapterName, items: [] }));
    // An item's courseware (left-joined) comes whole: its name, type and file are required columns.
    if (r.id != null && r.coursewareId != null && r.name != null && r.type != null && r.fileId != null)
      ch.items.push({ id: r.id, coursewareId: r.coursewareId, name: r.name, type: r.type, scormPackageId: r.scormPackageId, fileId: r.fileId });
  }
  return out;
}

/** Of the courseware ids, those some course's chapter holds. */
export async function coursewareInCourses(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectDistinct({ id: courseItems.coursewareId }).from(courseItems).where(inArray(courseItems.coursewareId, ids));
  return rows.map((r) => r.id);
}

/** Whether the user may read a course's comments and post one: it is visible to them, or they learnt it. */
export async function userReachesCourse(db: DbOrTx, userId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), coursesReachedBy(userId)));
  return !!row;
}

// Comments

export async function insertComment(db: DbOrTx, v: { courseId: number; userId: number; content: string; rating: number | null }) {
  return insertRow(db, courseComments, v);
}

/** Visible comments of a course, newest first (learners' view). */
export function findVisibleComments(db: DbOrTx, courseId: number, q: { page: number; size: number }) {
  const where = and(eq(courseComments.courseId, courseId), eq(courseComments.status, 'visible'));
  return pageWithTotal(
    db
      .select({
        id: courseComments.id,
        userId: courseComments.userId,
        userName: users.realname,
        content: courseComments.content,
        rating: courseComments.rating,
        createdAt: courseComments.createdAt,
      })
      .from(courseComments)
      .leftJoin(users, eq(users.id, courseComments.userId))
      .where(where)
      .orderBy(sql`${courseComments.id} desc`),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(courseComments)
      .where(where),
    q,
  );
}

const commentColumns = {
  id: courseComments.id,
  courseId: courseComments.courseId,
  courseName: courses.name,
  userName: users.realname,
  content: courseComments.content,
  rating: courseComments.rating,
  status: courseComments.status,
  createdAt: courseComments.createdAt,
};

/** Comments for their managers: of courses in the caller's organization subtrees, newest first. */
export async function findManagedComments(db: DbOrTx, p: Principal, q: CourseCommentManageQuery) {
  const where = and(
    inScope(p, courses.orgId),
    q.courseId ? eq(courseComments.courseId, q.courseId) : undefined,
    q.status ? eq(courseComments.status, q.status) : undefined,
    q.keyword ? sql`(${courseComments.content} ilike ${keywordPattern(q.keyword)} or ${courses.name} ilike ${keywordPattern(q.keyword)})` : undefined,
  );
  const base = () =>
    db.select(commentColumns).from(courseComments).innerJoin(courses, eq(courses.id, courseComments.courseId)).leftJoin(users, eq(users.id, courseComments.userId));
  return pageWithTotal(
    base()
      .where(where)
      .orderBy(sql`${courseComments.id} desc`),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(courseComments)
      .innerJoin(courses, eq(courses.id, courseComments.courseId))
      .where(where),
    q,
  );
}

export const lockComments = (tx: DbOrTx, ids: number[]) =>
  lockOrgRowsThrough(tx, courseComments, ids, ['status'], { table: courses, on: eq(courses.id, courseComments.courseId), orgId: courses.orgId });

/** Pickers of the builder: at most 50 by name. Frozen lecturers are not offered. */
export function lecturerOptions(db: DbOrTx, keyword: string | undefined) {
  return db
    .select({ id: lecturers.id, name: lecturers.realname })
    .from(lecturers)
    .where(and(eq(lecturers.status, 'normal'), keyword ? sql`${lecturers.realname} ilike ${keywordPattern(keyword)}` : undefined))
    .orderBy(asc(lecturers.realname), asc(lecturers.id))
    .limit(50);
}
export async function coursewareOptions(db: DbOrTx, keyword: string | undefined) {
  const rows = await db
    .select({ id: coursewares.id, name: coursewares.name, type: coursewares.type })
    .from(coursewares)
    .where(keyword ? sql`${coursewares.name} ilike ${keywordPattern(keyword)}` : undefined)
    .orderBy(sql`${coursewares.id} desc`)
    .limit(50);
  return rows.map((r) => ({ ...r, type: r.type }));
}
/** Certificate templates a course may name: those in the caller's data scope. */
export function certificateOptions(db: DbOrTx, principal: Principal, keyword: string | undefined) {
  const scoped = inScope(principal, certificateTemplates.orgId);
  return db
    .select({ id: certificateTemplates.id, name: certificateTemplates.name })
    .from(certificateTemplates)
    .where(keyword ? and(scoped, sql`${certificateTemplates.name} ilike ${keywordPattern(keyword)}`) : scoped)
    .orderBy(asc(certificateTemplates.name), asc(certificateTemplates.id))
    .limit(50);
}

/** The certificate template a course names now (null: none). */
export async function certificateTemplateOf(db: DbOrTx, courseId: number): Promise<number | null> {
  const [row] = await db.select({ t: courses.certificateTemplateId }).from(courses).where(eq(courses.id, courseId));
  return row?.t ?? null;
}
