import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { parseSort, type Page, type TrainClassState, type TrainResultClassQuery, type TrainResultSheetState } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { escapeLike } from '../../platform/db/pg-errors.js';
import { onlyRow } from '../../platform/db/rows.js';
import { inScope, requireInScope } from '../../platform/scope.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { courseLearners } from '../learning/index.js';
import { trainClassCourses, trainClasses } from '../train-classes/index.js';
import { trainEnrolments } from '../train-enrolments/index.js';
import { trainResults, trainResultSheets } from './train-results.schema.js';

const c = trainClasses;

/** The class fields this module reads (train_classes is the train-classes module's table, read only). */
const classColumns = {
  id: c.id,
  code: c.code,
  name: c.name,
  mode: c.mode,
  status: c.status,
  startAt: c.startAt,
  endAt: c.endAt,
  orgId: c.orgId,
  yearPlanLineId: c.yearPlanLineId,
  orgName: organizations.name,
  orgPath: organizations.path,
};
export type ClassRow = {
  id: number;
  code: string;
  name: string;
  mode: 'faceToFace' | 'mixed';
  status: TrainClassState;
  startAt: Date;
  endAt: Date;
  orgId: number | null;
  yearPlanLineId: number | null;
  orgName: string | null;
  orgPath: string | null;
};

/** A class by id: NOT_FOUND_ERROR, or (with a principal) NO_DATA_PERMISSION_ERROR outside the caller's data scope. */
export async function findClass(db: DbOrTx, id: number, p?: Principal, field = 'classId'): Promise<ClassRow> {
  const [row] = await db.select(classColumns).from(c).leftJoin(organizations, eq(organizations.id, c.orgId)).where(eq(c.id, id));
  if (!row) throw new AppError('NOT_FOUND_ERROR', { field });
  if (p) requireInScope(p, row.orgPath, { field });
  return row;
}

/** Admitted trainees of a class (enrolment approved), with their names, in name order. */
export function admittedTrainees(db: DbOrTx, classId: number) {
  return db
    .select({ userId: users.id, realname: users.realname, username: users.username, orgName: organizations.name })
    .from(trainEnrolments)
    .innerJoin(users, eq(users.id, trainEnrolments.userId))
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(and(eq(trainEnrolments.classId, classId), eq(trainEnrolments.status, 'approved')))
    .orderBy(asc(users.realname), asc(users.id));
}

export async function isAdmitted(db: DbOrTx, classId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: trainEnrolments.id })
    .from(trainEnrolments)
    .where(and(eq(trainEnrolments.classId, classId), eq(trainEnrolments.userId, userId), eq(trainEnrolments.status, 'approved')));
  return !!row;
}

const admittedCount = sql<number>`(select count(*)::int from train_enrolments e where e.class_id = train_classes.id and e.status = 'approved')`;
const enteredCount = sql<number>`(select count(*)::int from train_results r where r.class_id = train_classes.id)`;
const SORTS = { id: c.id, name: c.name, startAt: c.startAt } as const;

export type ClassPageRow = ClassRow & { sheetState: TrainResultSheetState; trainees: number; entered: number };

/** A page of the classes in the caller's data scope, with their result sheet's state (draft when none yet). */
export async function classPage(db: DbOrTx, p: Principal, q: TrainResultClassQuery): Promise<Page<ClassPageRow>> {
  const conds: SQL[] = [inScope(p, c.orgId)];
  if (q.keyword) {
    const pattern = `%${escapeLike(q.keyword)}%`;
    conds.push(or(ilike(c.name, pattern), ilike(c.code, pattern))!);
  }
  if (q.mode) conds.push(eq(c.mode, q.mode));
  if (q.sheetState) conds.push(sql`coalesce(${trainResultSheets.status}, 'draft') = ${q.sheetState}`);
  const where = and(...conds);
  const { key, desc: isDesc } = parseSort(q.sort, Object.keys(SORTS) as (keyof typeof SORTS)[], 'startAt');
  const order = isDesc ? [desc(SORTS[key]), desc(c.id)] : [asc(SORTS[key]), asc(c.id)];
  const [records, totals] = await Promise.all([
    db
      .select({ ...classColumns, sheetState: sql<TrainResultSheetState>`coalesce(${trainResultSheets.status}, 'draft')`, trainees: admittedCount, entered: enteredCount })
      .from(c)
      .leftJoin(organizations, eq(organizations.id, c.orgId))
      .leftJoin(trainResultSheets, eq(trainResultSheets.classId, c.id))
      .where(where)
      .orderBy(...order)
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(c).leftJoin(trainResultSheets, eq(trainResultSheets.classId, c.id)).where(where),
  ]);
  return { records, total: onlyRow(totals).n, page: q.page, size: q.size };
}

const enterer = alias(users, 'enterer');
/** The admitted trainees of a class with their results (null when none entered yet). */
export function sheetRows(db: DbOrTx, classId: number) {
  return db
    .select({
      userId: users.id,
      realname: users.realname,
      username: users.username,
      orgName: organizations.name,
      score: trainResults.score,
      passed: trainResults.passed,
      comment: trainResults.comment,
      enteredByName: enterer.realname,
      enteredAt: trainResults.enteredAt,
    })
    .from(trainEnrolments)
    .innerJoin(users, eq(users.id, trainEnrolments.userId))
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .leftJoin(trainResults, and(eq(trainResults.classId, trainEnrolments.classId), eq(trainResults.userId, trainEnrolments.userId)))
    .leftJoin(enterer, eq(enterer.id, trainResults.enteredBy))
    .where(and(eq(trainEnrolments.classId, classId), eq(trainEnrolments.status, 'approved')))
    .orderBy(asc(users.realname), asc(users.id));
}

/** The sheet of a class, made (as a draft) when missing, locked for the transaction. */
export async function lockSheet(tx: DbOrTx, classId: number) {
  await tx.insert(trainResultSheets).values({ classId }).onConflictDoNothing();
  return onlyRow(await tx.select().from(trainResultSheets).where(eq(trainResultSheets.classId, classId)).for('update'));
}

export async function sheetOf(db: DbOrTx, classId: number) {
  const [row] = await db.select().from(trainResultSheets).where(eq(trainResultSheets.classId, classId));
  return row ?? null;
}

/**
 * A class's online courses (a mixed class's) and, of `userIds`, how many of them each has passed in the courses
 * module (absent: none). The one count behind the mixed completion page and the completion certificate.
 */
export async function onlineCoursesPassed(db: DbOrTx, classId: number, userIds: number[]): Promise<{ courses: number; passedBy: Map<number, number> }> {
  const courseIds = (await db.select({ id: trainClassCourses.courseId }).from(trainClassCourses).where(eq(trainClassCourses.classId, classId))).map((r) => r.id);
  if (!courseIds.length || !userIds.length) return { courses: courseIds.length, passedBy: new Map() };
  const done = await db
    .select({ userId: courseLearners.userId, n: sql<number>`count(*)::int` })
    .from(courseLearners)
    .where(and(inArray(courseLearners.courseId, courseIds), inArray(courseLearners.userId, userIds), eq(courseLearners.status, 'passed')))
    .groupBy(courseLearners.userId);
  return { courses: courseIds.length, passedBy: new Map(done.map((d) => [d.userId, d.n])) };
}

/** Results of classes, for the performance figures. */
export function resultsOf(db: DbOrTx, classIds: number[]) {
  if (!classIds.length) return Promise.resolve([]);
  return db
    .select({ classId: trainResults.classId, userId: trainResults.userId, score: trainResults.score, passed: trainResults.passed })
    .from(trainResults)
    .where(inArray(trainResults.classId, classIds));
}

/** Up to 50 records of another module's table (id, name, org) in the caller's scope, newest first. */
export function choicesIn(db: DbOrTx, p: Principal, t: { id: AnyPgColumn; name: AnyPgColumn; orgId: AnyPgColumn }, keyword: string | undefined, extra?: SQL) {
  const conds: SQL[] = [inScope(p, t.orgId)];
  if (keyword) conds.push(ilike(t.name, `%${escapeLike(keyword)}%`));
  if (extra) conds.push(extra);
  return db
    .select({ id: sql<number>`${t.id}`, name: sql<string>`${t.name}` })
    .from(t.id.table)
    .where(and(...conds))
    .orderBy(desc(t.id))
    .limit(50);
}
