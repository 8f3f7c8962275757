import { and, asc, count, desc, eq, ilike, inArray, isNotNull, max, or, sql, type SQL } from 'drizzle-orm';
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
import { exams, examAttempts } from '../exams/index.js';
import { trainClassCourses, trainClasses } from '../train-classes/index.js';
import { trainEnrolments } from '../train-enrolments/index.js';
import { yearPlans } from '../year-plans/index.js';
import { trainClassCharges, trainClassExams, trainResults, trainResultSheets } from './train-results.schema.js';

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

/** The sheet of a class under a share lock (an approval in progress finishes first); null when none yet. */
export async function shareLockSheet(tx: DbOrTx, classId: number) {
  const [row] = await tx.select({ status: trainResultSheets.status }).from(trainResultSheets).where(eq(trainResultSheets.classId, classId)).for('share');
  return row ?? null;
}

/** Moves a sheet from state `from` (the locked row's) with the given fields. */
export async function updateSheet(tx: DbOrTx, classId: number, from: TrainResultSheetState, set: Partial<typeof trainResultSheets.$inferInsert>) {
  await tx
    .update(trainResultSheets)
    .set(set)
    .where(and(eq(trainResultSheets.classId, classId), eq(trainResultSheets.status, from)));
}

/** Writes results (one per trainee), replacing those already entered, and marks the sheet changed. */
export async function upsertResults(tx: DbOrTx, classId: number, values: (typeof trainResults.$inferInsert)[], now: Date) {
  await tx
    .insert(trainResults)
    .values(values)
    .onConflictDoUpdate({
      target: [trainResults.classId, trainResults.userId],
      set: {
        score: sql`excluded.score`,
        passed: sql`excluded.passed`,
        comment: sql`excluded.comment`,
        enteredBy: sql`excluded.entered_by`,
        enteredAt: sql`excluded.entered_at`,
      },
    });
  await tx.update(trainResultSheets).set({ updatedAt: now }).where(eq(trainResultSheets.classId, classId));
}

/** Locks a trainee's result row of a class (FOR UPDATE). */
export async function lockResult(tx: DbOrTx, classId: number, userId: number) {
  await tx
    .select({ id: trainResults.id })
    .from(trainResults)
    .where(and(eq(trainResults.classId, classId), eq(trainResults.userId, userId)))
    .for('update');
}

/** Of `userIds` (every trainee when left out), the admitted ones whose result passed, in id order. */
export async function passedAdmitted(db: DbOrTx, classId: number, userIds?: number[]): Promise<number[]> {
  const rows = await db
    .select({ userId: trainResults.userId })
    .from(trainResults)
    .innerJoin(trainEnrolments, and(eq(trainEnrolments.classId, trainResults.classId), eq(trainEnrolments.userId, trainResults.userId)))
    .where(
      and(
        eq(trainResults.classId, classId),
        eq(trainResults.passed, true),
        eq(trainEnrolments.status, 'approved'),
        userIds ? inArray(trainResults.userId, userIds) : undefined,
      ),
    )
    .orderBy(asc(trainResults.userId));
  return rows.map((r) => r.userId);
}

/** The classes (in id order) that hold course `courseId` and in which `userId`'s result passed. */
export async function passedClassesWithCourse(db: DbOrTx, userId: number, courseId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ classId: trainClassCourses.classId })
    .from(trainClassCourses)
    .innerJoin(trainResults, and(eq(trainResults.classId, trainClassCourses.classId), eq(trainResults.userId, userId)))
    .where(and(eq(trainClassCourses.courseId, courseId), eq(trainResults.passed, true)))
    .orderBy(asc(trainClassCourses.classId));
  return rows.map((r) => r.classId);
}

/** What a class's certificate needs: its name, state and certificate template (null: none). */
export async function certificateOf(db: DbOrTx, classId: number) {
  const [row] = await db
    .select({ name: trainClasses.name, status: trainClasses.status, templateId: trainClasses.certificateTemplateId })
    .from(trainClasses)
    .where(eq(trainClasses.id, classId));
  return row ?? null;
}

/** The exams linked to a class, in id order. */
export function linkedExams(db: DbOrTx, classId: number) {
  return db
    .select({ id: exams.id, name: exams.name })
    .from(trainClassExams)
    .innerJoin(exams, eq(exams.id, trainClassExams.examId))
    .where(eq(trainClassExams.classId, classId))
    .orderBy(asc(exams.id));
}

/** Best marked score per exam and trainee (the exams module's attempts, read through its index). */
export async function bestExamScores(db: DbOrTx, examIds: number[], userIds: number[]) {
  if (!examIds.length || !userIds.length) return [];
  return db
    .select({ examId: examAttempts.examId, userId: examAttempts.userId, best: max(examAttempts.score) })
    .from(examAttempts)
    .where(and(inArray(examAttempts.examId, examIds), inArray(examAttempts.userId, userIds), isNotNull(examAttempts.score)))
    .groupBy(examAttempts.examId, examAttempts.userId);
}

/** Exams by id with their department's path (for the scope check). */
export function examsWithOrgPath(db: DbOrTx, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select({ id: exams.id, orgPath: organizations.path }).from(exams).leftJoin(organizations, eq(organizations.id, exams.orgId)).where(inArray(exams.id, ids));
}

/** Replaces the exams linked to a class. */
export async function replaceClassExams(tx: DbOrTx, classId: number, examIds: number[]) {
  await tx.delete(trainClassExams).where(eq(trainClassExams.classId, classId));
  if (examIds.length) await tx.insert(trainClassExams).values(examIds.map((examId) => ({ classId, examId })));
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

/** An annual plan with its department's path (for the scope check); null when none. */
export async function yearPlanOf(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: yearPlans.id, orgPath: organizations.path })
    .from(yearPlans)
    .leftJoin(organizations, eq(organizations.id, yearPlans.orgId))
    .where(eq(yearPlans.id, id));
  return row ?? null;
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

// ---- charges (manage-train-chargeDetails) ----

const ch = trainClassCharges;

/** A page of a class's charges, the latest spent first, with who entered each. */
export function chargesOfClass(db: DbOrTx, classId: number, q: { page: number; size: number }) {
  return db
    .select({
      id: ch.id,
      classId: ch.classId,
      planLineId: ch.planLineId,
      item: ch.item,
      amountFen: ch.amountFen,
      spentOn: ch.spentOn,
      note: ch.note,
      creatorName: users.realname,
      createdAt: ch.createdAt,
    })
    .from(ch)
    .leftJoin(users, eq(users.id, ch.createdBy))
    .where(eq(ch.classId, classId))
    .orderBy(desc(ch.spentOn), desc(ch.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
}

/** How many charges a class has and their sum in fen. */
export async function chargeTotalsOfClass(db: DbOrTx, classId: number): Promise<{ n: number; fen: number }> {
  const row = onlyRow(
    await db
      .select({ n: count(), fen: sql<string>`coalesce(sum(${ch.amountFen}), 0)::bigint` })
      .from(ch)
      .where(eq(ch.classId, classId)),
  );
  return { n: row.n, fen: Number(row.fen) };
}

/** Locks charges (for an update or a delete) and answers each with its class's organization path (the data scope). */
export function lockChargesWithOrg(tx: DbOrTx, ids: number[]) {
  return tx
    .select({ id: ch.id, orgPath: organizations.path })
    .from(ch)
    .innerJoin(trainClasses, eq(trainClasses.id, ch.classId))
    .leftJoin(organizations, eq(organizations.id, trainClasses.orgId))
    .where(inArray(ch.id, ids))
    .for('update', { of: ch });
}

export async function insertCharge(db: DbOrTx, values: typeof ch.$inferInsert): Promise<number> {
  return onlyRow(await db.insert(ch).values(values).returning({ id: ch.id })).id;
}

export async function updateCharge(tx: DbOrTx, id: number, fields: Partial<Pick<typeof ch.$inferInsert, 'item' | 'amountFen' | 'spentOn' | 'note'>>) {
  await tx
    .update(ch)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(ch.id, id));
}

/** Deletes charges; answers how many went. */
export async function deleteCharges(tx: DbOrTx, ids: number[]): Promise<number> {
  return (await tx.delete(ch).where(inArray(ch.id, ids)).returning({ id: ch.id })).length;
}

/** Charges per annual plan line, in fen: what the plan's own page shows as actual (registered with year-plans). */
export async function chargesByPlanLine(db: DbOrTx, lineIds: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ lineId: ch.planLineId, fen: sql<string>`sum(${ch.amountFen})` })
    .from(ch)
    .where(inArray(ch.planLineId, lineIds))
    .groupBy(ch.planLineId);
  return new Map(rows.flatMap((r) => (r.lineId === null ? [] : [[r.lineId, Number(r.fen)] as const])));
}
