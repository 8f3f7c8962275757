import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AttendanceSheetState, AttendanceStatus } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { onlyRow } from '../../platform/db/rows.js';
import { defineList } from '../../platform/list.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { trainClasses, trainClassStages } from '../train-classes/index.js';
import { trainEnrolments } from '../train-enrolments/index.js';
import { trainAttendanceRecords, trainAttendanceSheets } from './train-attendance.schema.js';

const c = trainClasses;
const s = trainAttendanceSheets;
/** The sheet's state: a class without a sheet row is a draft. */
const sheetState = sql<AttendanceSheetState>`coalesce(${s.status}, 'draft')`;

const columns = {
  id: c.id,
  code: c.code,
  name: c.name,
  classState: c.status,
  mode: c.mode,
  startAt: c.startAt,
  endAt: c.endAt,
  orgId: c.orgId,
  orgName: organizations.name,
  orgPath: organizations.path,
  headmasterId: c.headmasterId,
  sheetState,
  reason: sql<string>`coalesce(${s.reason}, '')`,
  decidedAt: s.decidedAt,
};

/**
 * The classes whose attendance a caller keeps: `scoped` for attendance approvers and arrangers (the class's
 * host department in their data scope), the other for a class teacher (`headmasterId` = the caller).
 */
const listOf = (name: string, scoped: boolean) =>
  defineList({
    name,
    table: c,
    tables: ['train_classes', 'organizations', 'train_attendance_sheets'],
    ...(scoped ? { scope: { column: c.orgId, nullable: true } } : {}),
    filters: {
      mode: (v) => eq(c.mode, v as never),
      sheetState: (v) => sql`${sheetState} = ${v}`,
      headmasterId: (v) => eq(c.headmasterId, v as never),
    },
    keyword: (pattern) => or(ilike(c.name, pattern), ilike(c.code, pattern))!,
    sort: { id: c.id, startAt: c.startAt, name: c.name },
    columns,
    join: (q) => q.leftJoin(organizations, eq(organizations.id, c.orgId)).leftJoin(s, eq(s.classId, c.id)),
  });
export const attendanceClassList = listOf('attendance_class_list', true);
export const headmasterClassList = listOf('attendance_headmaster_class_list', false);
export type AttendanceClassListRow = Awaited<ReturnType<typeof attendanceClassList.rowsOf>>[number];

export const stagesOf = (db: DbOrTx, classId: number) =>
  db
    .select({ id: trainClassStages.id, name: trainClassStages.name, startsAt: trainClassStages.startsAt, endsAt: trainClassStages.endsAt })
    .from(trainClassStages)
    .where(eq(trainClassStages.classId, classId))
    .orderBy(asc(trainClassStages.startsAt), asc(trainClassStages.sort), asc(trainClassStages.id));

/** The admitted trainees (sign-up approved) of a class, by name. */
export const traineesOf = (db: DbOrTx, classId: number) =>
  db
    .select({ userId: users.id, realname: users.realname, username: users.username, orgName: organizations.name })
    .from(trainEnrolments)
    .innerJoin(users, eq(users.id, trainEnrolments.userId))
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(and(eq(trainEnrolments.classId, classId), eq(trainEnrolments.status, 'approved')))
    .orderBy(asc(users.realname), asc(users.id));

export const recordsOf = (db: DbOrTx, classId: number) =>
  db
    .select({
      stageId: trainAttendanceRecords.stageId,
      userId: trainAttendanceRecords.userId,
      status: trainAttendanceRecords.status,
      source: trainAttendanceRecords.source,
      signedAt: trainAttendanceRecords.signedAt,
    })
    .from(trainAttendanceRecords)
    .where(eq(trainAttendanceRecords.classId, classId));

/** The sheet row of a class, made (draft) when missing, locked for the caller's transaction. */
export async function lockSheet(tx: DbOrTx, classId: number) {
  await tx.insert(s).values({ classId }).onConflictDoNothing();
  return onlyRow(await tx.select().from(s).where(eq(s.classId, classId)).for('update'));
}

export interface Entry {
  stageId: number;
  userId: number;
  status: AttendanceStatus;
}

/**
 * Writes entered or imported records: each replaces the stage's record of the person (a QR sign-in too);
 * the sign-in time stays only while the person still counts as attended.
 */
export async function upsertEntries(tx: DbOrTx, classId: number, entries: Entry[], source: 'manual' | 'import', by: number) {
  const CHUNK = 1000;
  for (let i = 0; i < entries.length; i += CHUNK) {
    await tx
      .insert(trainAttendanceRecords)
      .values(entries.slice(i, i + CHUNK).map((e) => ({ classId, stageId: e.stageId, userId: e.userId, status: e.status, source, enteredBy: by })))
      .onConflictDoUpdate({
        target: [trainAttendanceRecords.stageId, trainAttendanceRecords.userId],
        set: {
          status: sql`excluded.status`,
          source: sql`excluded.source`,
          enteredBy: sql`excluded.entered_by`,
          signedAt: sql`case when excluded.status in ('present', 'late') then ${trainAttendanceRecords.signedAt} end`,
          updatedAt: sql`now()`,
        },
      });
  }
}

/**
 * A QR sign-in: a new record, or one entered absent or on leave before; a record already present or late
 * stays as it is (answers null: a repeated sign-in).
 */
export async function signInRecord(db: DbOrTx, v: { classId: number; stageId: number; userId: number; status: 'present' | 'late'; at: Date }) {
  const r = trainAttendanceRecords;
  const rows = await db
    .insert(r)
    .values({ classId: v.classId, stageId: v.stageId, userId: v.userId, status: v.status, source: 'qr', signedAt: v.at })
    .onConflictDoUpdate({
      target: [r.stageId, r.userId],
      set: { status: v.status, source: 'qr', signedAt: v.at, enteredBy: null, updatedAt: sql`now()` },
      setWhere: sql`${r.status} not in ('present', 'late')`,
    })
    .returning({ id: r.id });
  return rows[0] ?? null;
}

/** What a sign-in needs in one read: the stage, its class and the person's sign-up state. */
export async function signInContext(db: DbOrTx, stageId: number, userId: number) {
  const [row] = await db
    .select({
      stageId: trainClassStages.id,
      stageName: trainClassStages.name,
      startsAt: trainClassStages.startsAt,
      endsAt: trainClassStages.endsAt,
      classId: c.id,
      className: c.name,
      classState: c.status,
      enrolment: sql<string | null>`(select e.status from train_enrolments e where e.class_id = ${c.id} and e.user_id = ${userId})`,
    })
    .from(trainClassStages)
    .innerJoin(c, eq(c.id, trainClassStages.classId))
    .where(eq(trainClassStages.id, stageId));
  return row;
}

/** A stage with its class, for the QR screen. */
export async function stageWithClass(db: DbOrTx, stageId: number) {
  const [row] = await db
    .select({ stageId: trainClassStages.id, stageName: trainClassStages.name, classId: trainClassStages.classId })
    .from(trainClassStages)
    .where(eq(trainClassStages.id, stageId));
  return row;
}
