import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { TRAIN_COURSE_CATEGORY_DEPTH, type TRAIN_COURSE_SORT_KEYS } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineCategoryTree } from '../../platform/category-tree.js';
import { defineList, keywordPattern } from '../../platform/list.js';
import { lockOrgRows } from '../../platform/org-rows.js';
import { insertRow } from '../../platform/table-rows.js';
import { lecturers } from '../lecturers/index.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { trainCourseCategories, trainCourseLecturers, trainCourses } from './train-courses.schema.js';

const t = trainCourses;
const tl = trainCourseLecturers;

/** The classification tree: several roots, at most 5 levels; a classification holding courses is in use. */
export const categoryTree = defineCategoryTree(trainCourseCategories, { maxDepth: TRAIN_COURSE_CATEGORY_DEPTH, lockKey: 'trainCourseCategoryTree', items: t.categoryId });

/** A course's lecturers in teaching order, as `[{ id, name }]`. */
const lecturersOf = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', ${lecturers.id}, 'name', ${lecturers.realname}) order by ${tl.sort}, ${lecturers.id})
  from ${tl} join ${lecturers} on ${lecturers.id} = ${tl.lecturerId}
  where ${tl.trainCourseId} = ${t.id}), '[]'::json)`;

/** The management list: the caller's organization subtrees; name, classification subtree, status, lecturer. */
export const trainCourseList = defineList({
  name: 'train_course_list',
  table: t,
  tables: ['train_courses', 'organizations', 'train_course_categories', 'train_course_lecturers'],
  scope: { column: t.orgId, nullable: true },
  filters: {
    categoryId: (v) => categoryTree.inSubtree(t.categoryId, v),
    status: (v) => eq(t.status, v),
    lecturerId: (v) => sql`exists (select 1 from ${tl} where ${tl.trainCourseId} = ${t.id} and ${tl.lecturerId} = ${v})`,
  },
  keyword: (p) => ilike(t.name, p),
  sort: { id: t.id, name: t.name, hours: t.hours, createdAt: t.createdAt, updatedAt: t.updatedAt } satisfies Record<(typeof TRAIN_COURSE_SORT_KEYS)[number], unknown>,
  columns: {
    id: t.id,
    name: t.name,
    categoryId: t.categoryId,
    categoryName: sql<string | null>`${trainCourseCategories.name}`,
    hours: t.hours,
    lecturers: lecturersOf,
    audience: t.audience,
    cover: t.cover,
    status: t.status,
    orgId: t.orgId,
    orgName: sql<string | null>`${organizations.name}`,
    orgPath: sql<string | null>`${organizations.path}`,
    creatorName: sql<string | null>`${users.realname}`,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  },
  join: (q) =>
    q
      .leftJoin(trainCourseCategories, eq(trainCourseCategories.id, t.categoryId))
      .leftJoin(organizations, eq(organizations.id, t.orgId))
      .leftJoin(users, eq(users.id, t.createdBy)),
});
export type TrainCourseListRow = Awaited<ReturnType<typeof trainCourseList.rowsOf>>[number];

export const insertTrainCourse = (db: DbOrTx, values: typeof t.$inferInsert) => insertRow(db, t, values);
/** Locks courses (id order) with their organization path for the scope check. */
export const lockTrainCourses = (tx: DbOrTx, ids: number[]) => lockOrgRows(tx, t, ids, ['name', 'status', 'cover', 'attachments']);

/** Replaces a course's lecturers (in the order given). */
export async function setLecturers(tx: DbOrTx, courseId: number, lecturerIds: number[]) {
  await tx.delete(tl).where(eq(tl.trainCourseId, courseId));
  if (lecturerIds.length) await tx.insert(tl).values(lecturerIds.map((lecturerId, sort) => ({ trainCourseId: courseId, lecturerId, sort })));
}

/** Of the lecturer ids given, those that exist. */
export async function existingLecturers(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: lecturers.id }).from(lecturers).where(inArray(lecturers.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** The lecturer picker: normal (not frozen) lecturers by name, at most 50. */
export function lecturerOptions(db: DbOrTx, keyword: string | undefined) {
  return db
    .select({ id: lecturers.id, name: lecturers.realname })
    .from(lecturers)
    .where(and(eq(lecturers.status, 'normal'), keyword ? ilike(lecturers.realname, keywordPattern(keyword)) : undefined))
    .orderBy(asc(lecturers.realname), asc(lecturers.id))
    .limit(50);
}

/** The course picker: enabled courses by name (at most 50), or the courses `ids` names in any status. */
export function courseOptions(db: DbOrTx, q: { keyword?: string; ids?: number[] }) {
  const cols = { id: t.id, name: t.name, hours: t.hours, status: t.status };
  if (q.ids)
    return db
      .select(cols)
      .from(t)
      .where(inArray(t.id, q.ids.length ? q.ids : [0]))
      .orderBy(asc(t.name), asc(t.id));
  return db
    .select(cols)
    .from(t)
    .where(and(eq(t.status, 'enabled'), q.keyword ? ilike(t.name, keywordPattern(q.keyword)) : undefined))
    .orderBy(asc(t.name), asc(t.id))
    .limit(50);
}

/** Of the ids given, those that are face-to-face courses. */
export async function existingIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (await db.select({ id: t.id }).from(t).where(inArray(t.id, ids))).map((r) => r.id);
}

/** Names by id of the courses given (missing ids are left out). */
export async function namesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: t.id, name: t.name }).from(t).where(inArray(t.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Organization path of a course (the read rule of its attachments). */
export async function orgPathOf(db: DbOrTx, id: number): Promise<string | null | undefined> {
  const [row] = await db.select({ path: organizations.path }).from(t).leftJoin(organizations, eq(organizations.id, t.orgId)).where(eq(t.id, id));
  return row ? row.path : undefined;
}

/** What the detail adds to a row: the rich texts and the attachments (kept out of the list's pages). */
export async function detailOf(db: DbOrTx, id: number) {
  const [row] = await db.select({ objectives: t.objectives, outline: t.outline, attachments: t.attachments }).from(t).where(eq(t.id, id));
  return row;
}
