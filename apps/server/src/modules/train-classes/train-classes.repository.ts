import { and, asc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { TRAIN_CLASS_APPROVAL_TYPE, type TrainClassApprovalState, type TrainClassChoiceKind } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineList } from '../../platform/list.js';
import { onlyRow } from '../../platform/db/rows.js';
import { lockOrgRows } from '../../platform/org-rows.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { lecturers } from '../lecturers/index.js';
import { boardrooms, boardroomBookings } from '../boardrooms/index.js';
import { trainPlaces } from '../train-places/index.js';
import { courses } from '../courses/index.js';
import { yearPlanLines, yearPlans } from '../year-plans/index.js';
import { approvalInstances } from '../approvals/index.js';
import { certificateTemplates } from '../certificates/index.js';
import { trainClassBudgetItems, trainClassCourses, trainClassStages, trainClasses } from './train-classes.schema.js';

/** States whose stages hold their rooms and lecturers (a cancelled or completed class frees them). */
export const HOLDING_STATES = ['toPublish', 'published', 'changedToPublish', 'started'] as const;

const approvalState = sql<TrainClassApprovalState>`coalesce((select ai.state from ${approvalInstances} ai where ai.business_type = ${TRAIN_CLASS_APPROVAL_TYPE} and ai.business_id = ${trainClasses.id}), 'none')`;
const headmasterName = sql<string | null>`(select hu.realname from users hu where hu.id = ${trainClasses.headmasterId})`;

const columns = {
  id: trainClasses.id,
  code: trainClasses.code,
  name: trainClasses.name,
  status: trainClasses.status,
  mode: trainClasses.mode,
  form: trainClasses.form,
  planKind: trainClasses.planKind,
  days: trainClasses.days,
  startAt: trainClasses.startAt,
  endAt: trainClasses.endAt,
  enrolStartAt: trainClasses.enrolStartAt,
  enrolEndAt: trainClasses.enrolEndAt,
  traineeQuota: trainClasses.traineeQuota,
  headmasterId: trainClasses.headmasterId,
  headmasterName,
  approvalState,
  publishedAt: trainClasses.publishedAt,
  coverFile: trainClasses.coverFile,
  orgId: trainClasses.orgId,
  orgName: organizations.name,
  orgPath: organizations.path,
  createdBy: trainClasses.createdBy,
  creatorName: users.realname,
  createdAt: trainClasses.createdAt,
  updatedAt: trainClasses.updatedAt,
};

/** The display state (spec §4) on the database's clock, as a filter: the same rule as `trainClassDisplayState`. */
const displayStateIs = (v: SQLWrapperLike): SQL => sql`(case ${v}::text
  when 'cancelled' then ${trainClasses.status} = 'cancelled'
  when 'ended' then ${trainClasses.status} <> 'cancelled' and (${trainClasses.status} = 'completed' or ${trainClasses.endAt} <= now())
  when 'ongoing' then ${trainClasses.status} not in ('cancelled', 'completed') and ${trainClasses.endAt} > now() and (${trainClasses.status} = 'started' or ${trainClasses.startAt} <= now())
  else ${trainClasses.status} not in ('cancelled', 'completed', 'started') and ${trainClasses.startAt} > now() end)`;
type SQLWrapperLike = Parameters<typeof sql.param>[0] | SQL;

/** The management list: classes hosted by the departments in the caller's data scope. */
export const trainClassList = defineList({
  name: 'train_class_list',
  table: trainClasses,
  tables: ['train_classes', 'organizations'],
  scope: { column: trainClasses.orgId },
  filters: {
    state: (v) => eq(trainClasses.status, v),
    displayState: (v) => displayStateIs(v),
    orgId: (v) => eq(trainClasses.orgId, v),
    mode: (v) => eq(trainClasses.mode, v),
    from: (v) => sql`${trainClasses.endAt} >= ${v}::timestamptz`,
    to: (v) => sql`${trainClasses.startAt} <= ${v}::timestamptz`,
  },
  keyword: (pattern) => or(ilike(trainClasses.name, pattern), ilike(trainClasses.code, pattern))!,
  sort: {
    id: trainClasses.id,
    name: trainClasses.name,
    code: trainClasses.code,
    startAt: trainClasses.startAt,
    endAt: trainClasses.endAt,
    enrolEndAt: trainClasses.enrolEndAt,
    createdAt: trainClasses.createdAt,
  },
  columns,
  join: (q) => q.leftJoin(organizations, eq(organizations.id, trainClasses.orgId)).leftJoin(users, eq(users.id, trainClasses.createdBy)),
});
export type TrainClassListRow = Awaited<ReturnType<typeof trainClassList.rowsOf>>[number];

/** Locks classes for a change, with their host department's path for the scope check. */
export const lockTrainClasses = (tx: DbOrTx, ids: number[]) =>
  lockOrgRows(tx, trainClasses, ids, [
    'status',
    'name',
    'code',
    'mode',
    'planKind',
    'yearPlanLineId',
    'startAt',
    'endAt',
    'enrolStartAt',
    'enrolEndAt',
    'traineeQuota',
    'headmasterId',
    'certificateTemplateId',
    'orgId',
  ]);
export type LockedTrainClass = Awaited<ReturnType<typeof lockTrainClasses>>[number];

/** A class's own row (no scope check: the caller decides). */
export async function getTrainClass(db: DbOrTx, id: number) {
  const [row] = await db.select().from(trainClasses).where(eq(trainClasses.id, id));
  return row;
}

/** The next class code: `PX` + the year + a six-digit number from the sequence. */
export async function nextCode(tx: DbOrTx): Promise<string> {
  const { rows } = await tx.execute<{ code: string }>(sql`select 'PX' || to_char(now(), 'YYYY') || lpad(nextval('train_classes_code_seq')::text, 6, '0') as code`);
  return onlyRow(rows).code;
}

export async function insertTrainClass(tx: DbOrTx, values: typeof trainClasses.$inferInsert): Promise<number> {
  return onlyRow(await tx.insert(trainClasses).values(values).returning({ id: trainClasses.id })).id;
}

const stageColumns = {
  id: trainClassStages.id,
  classId: trainClassStages.classId,
  name: trainClassStages.name,
  startsAt: trainClassStages.startsAt,
  endsAt: trainClassStages.endsAt,
  boardroomId: trainClassStages.boardroomId,
  boardroomName: boardrooms.name,
  trainPlaceId: trainClassStages.trainPlaceId,
  trainPlaceName: trainPlaces.name,
  placeText: trainClassStages.placeText,
  lecturerId: trainClassStages.lecturerId,
  lecturerName: lecturers.realname,
  lecturerUserId: lecturers.userId,
  trainCourseId: trainClassStages.trainCourseId,
  trainCourseName: sql<string | null>`(select tc.name from train_courses tc where tc.id = ${trainClassStages.trainCourseId})`,
  topic: trainClassStages.topic,
  sort: trainClassStages.sort,
};

/** The stages of classes, in their order, with room, site and lecturer names. */
export function stagesOf(db: DbOrTx, classIds: number[], where?: SQL) {
  if (!classIds.length) return Promise.resolve([]);
  return db
    .select(stageColumns)
    .from(trainClassStages)
    .leftJoin(boardrooms, eq(boardrooms.id, trainClassStages.boardroomId))
    .leftJoin(trainPlaces, eq(trainPlaces.id, trainClassStages.trainPlaceId))
    .leftJoin(lecturers, eq(lecturers.id, trainClassStages.lecturerId))
    .where(and(inArray(trainClassStages.classId, classIds), where))
    .orderBy(asc(trainClassStages.classId), asc(trainClassStages.startsAt), asc(trainClassStages.sort), asc(trainClassStages.id));
}
export type StageRow = Awaited<ReturnType<typeof stagesOf>>[number];

export interface StageWrite {
  id?: number | undefined;
  name: string;
  startsAt: Date;
  endsAt: Date;
  boardroomId: number | null;
  trainPlaceId: number | null;
  placeText: string;
  lecturerId: number | null;
  trainCourseId: number | null;
  topic: string;
}

/**
 * Writes the class's stages as given: a stage with the `id` of one of this class's stages updates it
 * (sign-ins and attendance keep pointing at it), one without is added, the others are removed.
 * Answers false when an `id` is not a stage of this class.
 */
export async function replaceStages(tx: DbOrTx, classId: number, stages: StageWrite[]): Promise<boolean> {
  const current = new Set((await tx.select({ id: trainClassStages.id }).from(trainClassStages).where(eq(trainClassStages.classId, classId))).map((r) => r.id));
  const kept = stages.flatMap((s) => (s.id ? [s.id] : []));
  if (kept.some((id) => !current.has(id)) || new Set(kept).size !== kept.length) return false;
  await tx.delete(trainClassStages).where(and(eq(trainClassStages.classId, classId), kept.length ? notInArray(trainClassStages.id, kept) : undefined));
  for (const [sort, { id, ...s }] of stages.entries()) {
    if (id)
      await tx
        .update(trainClassStages)
        .set({ ...s, sort })
        .where(eq(trainClassStages.id, id));
    else await tx.insert(trainClassStages).values({ ...s, classId, sort });
  }
  return true;
}

export async function replaceBudgetItems(tx: DbOrTx, classId: number, items: { project: string; amountPerCapita: number }[]) {
  await tx.delete(trainClassBudgetItems).where(eq(trainClassBudgetItems.classId, classId));
  if (items.length) await tx.insert(trainClassBudgetItems).values(items.map((it, sort) => ({ ...it, classId, sort })));
}

export async function replaceCourses(tx: DbOrTx, classId: number, courseIds: number[]) {
  await tx.delete(trainClassCourses).where(eq(trainClassCourses.classId, classId));
  const unique = [...new Set(courseIds)];
  if (unique.length) await tx.insert(trainClassCourses).values(unique.map((courseId, sort) => ({ classId, courseId, sort })));
}

export function budgetItemsOf(db: DbOrTx, classId: number) {
  return db
    .select({ project: trainClassBudgetItems.project, amountPerCapita: trainClassBudgetItems.amountPerCapita })
    .from(trainClassBudgetItems)
    .where(eq(trainClassBudgetItems.classId, classId))
    .orderBy(asc(trainClassBudgetItems.sort), asc(trainClassBudgetItems.id));
}

export function coursesOf(db: DbOrTx, classId: number) {
  return db
    .select({ id: courses.id, name: courses.name })
    .from(trainClassCourses)
    .innerJoin(courses, eq(courses.id, trainClassCourses.courseId))
    .where(eq(trainClassCourses.classId, classId))
    .orderBy(asc(trainClassCourses.sort));
}

/** Whether a flow is defined for class applications (read-only look at the approval engine's definitions). */
export async function approvalFlowDefined(db: DbOrTx): Promise<boolean> {
  const { rows } = await db.execute<{ ok: boolean }>(sql`select exists (select 1 from approval_flows where business_type = ${TRAIN_CLASS_APPROVAL_TYPE}) as ok`);
  return !!rows[0]?.ok;
}

/** The plan line of an approved annual plan, with the plan's department path (for the scope check). */
export async function planLineOf(db: DbOrTx, lineId: number) {
  const [r] = await db
    .select({ id: yearPlanLines.id, planStatus: yearPlans.status, orgPath: organizations.path })
    .from(yearPlanLines)
    .innerJoin(yearPlans, eq(yearPlans.id, yearPlanLines.planId))
    .leftJoin(organizations, eq(organizations.id, yearPlans.orgId))
    .where(eq(yearPlanLines.id, lineId));
  return r;
}

/**
 * Serializes schedule checks: the rooms and lecturers a class books are locked (row locks, in id
 * order) for the rest of the transaction, so two classes saved together cannot both take a slot.
 */
export async function lockSchedule(tx: DbOrTx, roomIds: number[], lecturerIds: number[]) {
  if (roomIds.length) await tx.select({ id: boardrooms.id }).from(boardrooms).where(inArray(boardrooms.id, roomIds)).orderBy(asc(boardrooms.id)).for('update');
  if (lecturerIds.length) await tx.select({ id: lecturers.id }).from(lecturers).where(inArray(lecturers.id, lecturerIds)).orderBy(asc(lecturers.id)).for('update');
}

/** Stages of other holding classes in a room (or a lecturer's) overlapping [start, end). */
export async function overlappingStages(db: DbOrTx, exceptClassId: number, by: { boardroomId: number } | { lecturerId: number }, start: Date, end: Date) {
  const who = 'boardroomId' in by ? eq(trainClassStages.boardroomId, by.boardroomId) : eq(trainClassStages.lecturerId, by.lecturerId);
  return db
    .select({ id: trainClassStages.id, classId: trainClassStages.classId, className: trainClasses.name })
    .from(trainClassStages)
    .innerJoin(trainClasses, eq(trainClasses.id, trainClassStages.classId))
    .where(
      and(
        who,
        sql`${trainClassStages.classId} <> ${exceptClassId}`,
        inArray(trainClasses.status, [...HOLDING_STATES]),
        sql`${trainClassStages.startsAt} < ${end.toISOString()}::timestamptz and ${trainClassStages.endsAt} > ${start.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
}

/** A booking of the room (boardrooms module's bookings, read-only) overlapping [start, end). */
export async function overlappingBooking(db: DbOrTx, roomId: number, start: Date, end: Date) {
  const [r] = await db
    .select({ id: boardroomBookings.id })
    .from(boardroomBookings)
    .where(
      and(
        eq(boardroomBookings.roomId, roomId),
        sql`${boardroomBookings.startAt} < ${end.toISOString()}::timestamptz and ${boardroomBookings.endAt} > ${start.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return r;
}

/** Of the given ids, the rooms / sites / lecturers / face-to-face courses some class stage references (the owners' in-use checks). */
export async function usedBy(db: DbOrTx, column: 'boardroomId' | 'trainPlaceId' | 'lecturerId' | 'trainCourseId', ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const col = trainClassStages[column];
  const rows = await db
    .selectDistinct({ id: sql<number>`${col}` })
    .from(trainClassStages)
    .where(inArray(col, ids));
  return rows.map((r) => r.id);
}

export const classRowColumns = columns;

/** Rows with the list's columns by an arbitrary condition (pickers, ends), paged. */
export async function classPage(db: DbOrTx, where: SQL, page: number, size: number, order: SQL[] = [sql`${trainClasses.startAt} desc`, sql`${trainClasses.id} desc`]) {
  const base = db
    .select(columns)
    .from(trainClasses)
    .leftJoin(organizations, eq(organizations.id, trainClasses.orgId))
    .leftJoin(users, eq(users.id, trainClasses.createdBy))
    .where(where);
  const [records, [count]] = await Promise.all([
    base
      .orderBy(...order)
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(trainClasses)
      .where(where),
  ]);
  return { records: records as TrainClassListRow[], total: count?.n ?? 0, page, size };
}

/** Classes with a stage taught by the lecturer linked to this user. */
export const lecturerClassesWhere = (userId: number) =>
  sql`exists (select 1 from ${trainClassStages} s join ${lecturers} l on l.id = s.lecturer_id where s.class_id = ${trainClasses.id} and l.user_id = ${userId})`;

/** Extra columns of one class for its detail page. */
export async function detailOf(db: DbOrTx, id: number) {
  const [r] = await db
    .select({
      yearPlanLineId: trainClasses.yearPlanLineId,
      purpose: trainClasses.purpose,
      enrolApproval: trainClasses.enrolApproval,
      queueEnabled: trainClasses.queueEnabled,
      applicationNotice: trainClasses.applicationNotice,
      content: trainClasses.content,
      contact: trainClasses.contact,
      phone: trainClasses.phone,
      coverFile: trainClasses.coverFile,
      previewFile: trainClasses.previewFile,
      cancelReason: trainClasses.cancelReason,
      certificateTemplateId: trainClasses.certificateTemplateId,
      certificateTemplateName: certificateTemplates.name,
    })
    .from(trainClasses)
    .leftJoin(certificateTemplates, eq(certificateTemplates.id, trainClasses.certificateTemplateId))
    .where(eq(trainClasses.id, id));
  return r;
}

/** Classes in scope (by name or code) for pickers. */
export function optionsWhere(keyword: string | undefined): SQL | undefined {
  return keyword ? or(ilike(trainClasses.name, `%${keyword}%`), ilike(trainClasses.code, `%${keyword}%`)) : undefined;
}

/** The classes and their stages for the calendar span. */
export const inSpan = (from: Date, to: Date) => sql`${trainClasses.startAt} < ${to.toISOString()}::timestamptz and ${trainClasses.endAt} > ${from.toISOString()}::timestamptz`;

/** Of the given course ids, those a mixed class uses. */
export async function coursesUsedByClasses(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectDistinct({ id: trainClassCourses.courseId }).from(trainClassCourses).where(inArray(trainClassCourses.courseId, ids));
  return rows.map((r) => r.id);
}

const like = (k: string) => `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Choices of the editor's pickers (30 at most), by name; plan lines only of approved plans, and certificate
 * templates only of organizations, in the caller's scope (`inScope(orgColumn)`).
 */
export async function choices(
  db: DbOrTx,
  kind: TrainClassChoiceKind,
  keyword: string | undefined,
  inScope: (orgColumn: AnyPgColumn) => SQL,
): Promise<{ id: number; label: string }[]> {
  const k = keyword ? like(keyword) : undefined;
  switch (kind) {
    case 'lecturer':
      return db
        .select({ id: lecturers.id, label: sql<string>`${lecturers.realname} || ' (' || ${lecturers.username} || ')'` })
        .from(lecturers)
        .where(and(eq(lecturers.status, 'normal'), k ? or(ilike(lecturers.realname, k), ilike(lecturers.username, k)) : undefined))
        .orderBy(asc(lecturers.realname), asc(lecturers.id))
        .limit(30);
    case 'boardroom':
      return db
        .select({ id: boardrooms.id, label: sql<string>`${boardrooms.name} || ' (' || ${boardrooms.number} || ')'` })
        .from(boardrooms)
        .where(k ? or(ilike(boardrooms.name, k), ilike(boardrooms.number, k)) : undefined)
        .orderBy(asc(boardrooms.name))
        .limit(30);
    case 'trainPlace':
      return db
        .select({ id: trainPlaces.id, label: trainPlaces.name })
        .from(trainPlaces)
        .where(k ? ilike(trainPlaces.name, k) : undefined)
        .orderBy(asc(trainPlaces.name))
        .limit(30);
    case 'course':
      return db
        .select({ id: courses.id, label: courses.name })
        .from(courses)
        .where(k ? ilike(courses.name, k) : undefined)
        .orderBy(asc(courses.name))
        .limit(30);
    case 'user':
      return db
        .select({ id: users.id, label: sql<string>`${users.realname} || ' (' || ${users.username} || ')'` })
        .from(users)
        .where(and(eq(users.status, 'normal'), k ? or(ilike(users.realname, k), ilike(users.username, k)) : undefined))
        .orderBy(asc(users.realname), asc(users.id))
        .limit(30);
    case 'planLine':
      return db
        .select({
          id: yearPlanLines.id,
          label: sql<string>`${yearPlans.name} || ' · ' || ${yearPlanLines.month} || ' · ' || ${yearPlanLines.trainingType} || ' · ' || ${yearPlanLines.content}`,
        })
        .from(yearPlanLines)
        .innerJoin(yearPlans, eq(yearPlans.id, yearPlanLines.planId))
        .where(
          and(
            eq(yearPlans.status, 'approved'),
            inScope(yearPlans.orgId),
            k ? or(ilike(yearPlans.name, k), ilike(yearPlanLines.content, k), ilike(yearPlanLines.trainingType, k)) : undefined,
          ),
        )
        .orderBy(sql`${yearPlans.year} desc`, asc(yearPlanLines.month), asc(yearPlanLines.id))
        .limit(30);
    case 'certificate':
      return db
        .select({ id: certificateTemplates.id, label: certificateTemplates.name })
        .from(certificateTemplates)
        .where(and(inScope(certificateTemplates.orgId), k ? ilike(certificateTemplates.name, k) : undefined))
        .orderBy(asc(certificateTemplates.name), asc(certificateTemplates.id))
        .limit(30);
  }
}

/** The user's roles in one class: its class teacher (`headmaster_id`), a lecturer of one of its stages (`lecturers.user_id`). */
export async function classRolesOf(db: DbOrTx, classId: number, userId: number) {
  const [r] = await db
    .select({
      headmaster: sql<boolean>`${trainClasses.headmasterId} is not distinct from ${userId}`,
      lecturer: sql<boolean>`${lecturerClassesWhere(userId)}`,
    })
    .from(trainClasses)
    .where(eq(trainClasses.id, classId));
  return { headmaster: !!r?.headmaster, lecturer: !!r?.lecturer };
}
