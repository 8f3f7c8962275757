import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { TRAIN_ENROLMENT_APPROVAL_TYPE } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineList, nullsLast } from '../../platform/list.js';
import { lockOrgRows, orgPathOf } from '../../platform/org-rows.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { trainClasses } from '../train-classes/index.js';
import { trainEnrolments } from './train-enrolments.schema.js';

const e = trainEnrolments;

/** The host department of the sign-up's class: the data scope of every back-office read and write. */
const classOrg = sql`(select c.org_id from train_classes c where c.id = ${e.classId})`;
/** Place in the class's queue (1 = next) while queued. */
export const queuePosition = sql<number | null>`case when ${e.status} = 'queued' then (select count(*)::int from train_enrolments q
  where q.class_id = ${e.classId} and q.status = 'queued' and q.queue_seq <= ${e.queueSeq}) end`;
/** The sign-up's approval while it waits in the engine (decided in the approvals inbox). */
const pendingApproval = sql<number | null>`(select a.id from approval_instances a
  where a.business_type = ${TRAIN_ENROLMENT_APPROVAL_TYPE} and a.business_id = ${e.id} and a.state = 'pending')`;

/**
 * Sign-ups of classes: `scoped` in the caller's data scope (a class's roster, or the pending ones of
 * enroll-approval); the other for the ends, which the service uses only with the one class the caller heads or teaches.
 */
const listOf = (name: string, scoped: boolean) =>
  defineList({
    name,
    table: trainEnrolments,
    tables: ['train_enrolments', 'users', 'train_classes'],
    ...(scoped ? { scope: { column: classOrg } } : {}),
    filters: {
      classId: (v) => eq(e.classId, v as never),
      state: (v) => eq(e.status, v as never),
      orgId: (v) =>
        sql`exists (select 1 from users u join organizations o on o.id = u.org_id join organizations f on f.id = ${v}
        where u.id = ${e.userId} and o.path like f.path || '%')`,
    },
    keyword: (p) => sql`exists (select 1 from users u where u.id = ${e.userId} and (u.realname ilike ${p} or u.username ilike ${p} or u.card_number ilike ${p}))`,
    sort: {
      id: e.id,
      queueSeq: { column: e.queueSeq, order: nullsLast },
      createdAt: e.createdAt,
      realname: sql`(select u.realname from users u where u.id = ${e.userId})`,
    },
    columns: {
      id: e.id,
      classId: e.classId,
      className: trainClasses.name,
      classStatus: trainClasses.status,
      /** The class's host department: the scope `get` checks. */
      orgPath: orgPathOf(trainClasses.orgId),
      userId: e.userId,
      username: users.username,
      realname: users.realname,
      number: users.cardNumber,
      orgId: users.orgId,
      orgName: organizations.name,
      status: e.status,
      source: e.source,
      queuePosition,
      reason: e.reason,
      reRegistrations: e.reRegistrations,
      approvalId: pendingApproval,
      decidedAt: e.decidedAt,
      createdAt: e.createdAt,
      updatedAt: e.updatedAt,
    },
    join: (q) => q.innerJoin(trainClasses, eq(trainClasses.id, e.classId)).innerJoin(users, eq(users.id, e.userId)).leftJoin(organizations, eq(organizations.id, users.orgId)),
  });
export const enrolmentList = listOf('train_enrolment_list', true);
/** One class's roster read from an end (its class teacher or lecturer): no data scope, `classId` always set. */
export const classEndEnrolmentList = listOf('train_enrolment_class_end_list', false);
export type EnrolmentListRow = Awaited<ReturnType<typeof enrolmentList.rowsOf>>[number];

/** The class row for a seat-changing command: locked (FOR UPDATE of train_classes) with its host department's path. */
export async function lockClass(tx: DbOrTx, id: number) {
  const [row] = await lockOrgRows(
    tx,
    trainClasses,
    [id],
    ['name', 'status', 'traineeQuota', 'enrolApproval', 'queueEnabled', 'enrolStartAt', 'enrolEndAt', 'startAt', 'endAt'],
  );
  return row;
}
export type LockedClass = NonNullable<Awaited<ReturnType<typeof lockClass>>>;

/** The sign-ups among `where`, locked (after their class: every command locks the class first). */
export function lockEnrolments(tx: DbOrTx, where: SQL) {
  return tx
    .select({ id: e.id, classId: e.classId, userId: e.userId, status: e.status, reRegistrations: e.reRegistrations })
    .from(e)
    .where(where)
    .orderBy(asc(e.id))
    .for('update');
}
export type LockedEnrolment = Awaited<ReturnType<typeof lockEnrolments>>[number];

export async function seatCounts(db: DbOrTx, classId: number) {
  const [r] = await db
    .select({
      taken: sql<number>`count(*) filter (where ${e.status} = 'approved')::int`,
      queued: sql<number>`count(*) filter (where ${e.status} = 'queued')::int`,
      pending: sql<number>`count(*) filter (where ${e.status} = 'pending')::int`,
    })
    .from(e)
    .where(eq(e.classId, classId));
  return r ?? { taken: 0, queued: 0, pending: 0 };
}

/** The first `n` of a class's queue, in arrival order. */
export function firstQueued(tx: DbOrTx, classId: number, n: number) {
  return tx
    .select({ id: e.id, userId: e.userId, status: e.status })
    .from(e)
    .where(and(eq(e.classId, classId), eq(e.status, 'queued')))
    .orderBy(asc(e.queueSeq))
    .limit(n)
    .for('update');
}

export const nextQueueSeq = sql`nextval('train_enrolments_queue_seq')`;

export const byIds = (ids: number[]) => inArray(e.id, ids);
export const byClassUser = (classId: number, userId: number) => and(eq(e.classId, classId), eq(e.userId, userId))!;

/** The host department's path of a class (null when the class or its department is missing). */
export async function classOrgPath(db: DbOrTx, classId: number): Promise<string | null> {
  const [r] = await db
    .select({ path: orgPathOf(trainClasses.orgId) })
    .from(trainClasses)
    .where(eq(trainClasses.id, classId));
  return r?.path ?? null;
}
