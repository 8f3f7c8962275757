import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  TRAIN_ENROLMENT_APPROVAL_TYPE,
  TRAIN_ENROLMENT_LIFECYCLE,
  hasAnyPermission,
  trainClassDisplayState,
  type ApprovalState,
  type CommandOf,
  type MessageTemplate,
  type TrainCatalogDetail,
  type TrainCatalogQuery,
  type TrainCatalogRow,
  type TrainClassState,
  type TrainEnrolmentCancel,
  type TrainEnrolmentDecide,
  type TrainEnrolmentEnrol,
  type TrainEnrolmentEnrolResult,
  type TrainEnrolmentListQuery,
  type TrainEnrolmentRow,
  type TrainEnrolmentSource,
  type TrainEnrolmentState,
  type TrainMyQuery,
  type TrainMyRow,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import { onlyRow } from '../../platform/db/rows.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListPage, ListRuntime } from '../../platform/list.js';
import { listReads } from '../../platform/list.js';
import { applyStatusTransition } from '../../platform/lifecycle.js';
import { pathInScope, requireInScope } from '../../platform/scope.js';
import { submitApproval } from '../approvals/index.js';
import { certificatesForSources } from '../certificates/index.js';
import { sendMessage } from '../messages/index.js';
import { readsClassFromEnd } from '../train-classes/index.js';
import { trainEnrolments } from './train-enrolments.schema.js';
import * as repo from './train-enrolments.repository.js';

type Command = CommandOf<typeof TRAIN_ENROLMENT_LIFECYCLE>;
const ACTIVE: readonly TrainEnrolmentState[] = ['pending', 'approved', 'queued'];
/** Class states that take sign-ups from students (inside the window). */
const OPEN_CLASS: readonly TrainClassState[] = ['published', 'changedToPublish'];
/** Class states in which an administrator still changes the roster. */
const ROSTER_CLASS: readonly TrainClassState[] = ['toPublish', 'published', 'changedToPublish'];
/** The command that brings a cancelled or refused sign-up back, by the state it reaches. */
const AGAIN: Record<'pending' | 'approved' | 'queued', Command> = { pending: 'reapply', approved: 'readmit', queued: 'requeue' };

/** An instant as ISO text (the raw SQL rows give strings, Drizzle's Dates); null stays null. */
function iso(d: Date | string): string;
function iso(d: Date | string | null): string | null;
function iso(d: Date | string | null): string | null {
  return d === null ? null : new Date(d).toISOString();
}
/** Who reads the rosters of the classes in their data scope (enrolment list, seats). */
const MANAGER_CODES = ['pxapgl', 'pxbmsp'];
const isActive = (s: TrainEnrolmentState | null | undefined) => !!s && ACTIVE.includes(s);

interface Deps {
  app: FastifyInstance;
  db: Db;
  lists: ListRuntime;
}

export function createTrainEnrolmentsService({ app, db, lists }: Deps) {
  /** The class locked for a seat change, for a student (published ones only: the others are not found). */
  async function lockClassForStudent(tx: DbOrTx, classId: number) {
    const cls = await repo.lockClass(tx, classId);
    if (!cls || cls.status === 'toPublish') throw new AppError('NOT_FOUND_ERROR', { field: 'classId' });
    return cls;
  }

  /** The class locked for a roster change, in the caller's data scope. */
  async function lockClassInScope(tx: DbOrTx, p: Principal, classId: number, field = 'classId') {
    const cls = await repo.lockClass(tx, classId);
    if (!cls) throw new AppError('NOT_FOUND_ERROR', { field });
    requireInScope(p, cls.orgPath, { field });
    return cls;
  }

  async function transition(tx: DbOrTx, rows: repo.LockedEnrolment[], command: Command, set: Record<string, unknown> = {}) {
    await applyStatusTransition<TrainEnrolmentState, Command, repo.LockedEnrolment>(tx, {
      lifecycle: TRAIN_ENROLMENT_LIFECYCLE,
      command,
      rows,
      table: trainEnrolments,
      set,
    });
  }

  const tell = (tx: DbOrTx, to: number[], template: MessageTemplate, cls: { name: string }, reason = '') =>
    sendMessage(tx, { to, template, params: { name: cls.name, reason } });

  /**
   * Places one person on the locked class: to approval (`viaApproval` on a class that needs it), a free
   * seat, or the queue (its number drawn now, under the class lock: arrival order); a full class without a
   * queue refuses (ENROLL_IS_BEYOUND). A cancelled or refused sign-up comes back (re_registrations + 1);
   * an active one refuses (ALREADY_ENROLLED).
   */
  async function place(tx: DbOrTx, cls: repo.LockedClass, userId: number, opts: { source: TrainEnrolmentSource; viaApproval: boolean }) {
    const [existing] = await repo.lockEnrolments(tx, repo.byClassUser(cls.id, userId));
    if (existing && isActive(existing.status)) throw new AppError('ALREADY_ENROLLED', { field: 'classId' });
    let to: 'pending' | 'approved' | 'queued';
    if (opts.viaApproval && cls.enrolApproval) to = 'pending';
    else if ((await repo.seatCounts(tx, cls.id)).taken < cls.traineeQuota) to = 'approved';
    else if (cls.queueEnabled) to = 'queued';
    else throw new AppError('ENROLL_IS_BEYOUND', { field: 'classId' });
    const now = new Date();
    const values = {
      source: opts.source,
      queueSeq: to === 'queued' ? repo.nextQueueSeq : null,
      reason: '',
      decidedAt: to === 'approved' ? now : null,
      decidedBy: null,
    };
    let id: number;
    if (existing) {
      await transition(tx, [existing], AGAIN[to], { ...values, reRegistrations: sql`${trainEnrolments.reRegistrations} + 1` });
      id = existing.id;
    } else {
      const row = onlyRow(
        await tx
          .insert(trainEnrolments)
          .values({ classId: cls.id, userId, status: to, ...values } as typeof trainEnrolments.$inferInsert)
          .returning({ id: trainEnrolments.id }),
      );
      id = row.id;
    }
    return { id, state: to };
  }

  /** Submits a pending sign-up to the enrolment flow; without a flow it waits for a decision in place (enroll-approval). */
  async function submit(tx: DbOrTx, enrolmentId: number, cls: repo.LockedClass, userId: number) {
    const [who] = await tx.execute<{ realname: string }>(sql`select realname from users where id = ${userId}`).then((r) => r.rows);
    try {
      await submitApproval(app, tx, {
        businessType: TRAIN_ENROLMENT_APPROVAL_TYPE,
        businessId: enrolmentId,
        applicantId: userId,
        title: `${cls.name} · ${who?.realname ?? ''}`,
      });
    } catch (err) {
      // No flow for sign-ups (decided in place), or the earlier approval is still open (it goes on).
      const keep = err instanceof AppError && ((err.errorName === 'NOT_FOUND_ERROR' && err.details.field === 'businessType') || err.errorName === 'REPEAT_SUBMIT_ERROR');
      if (!keep) throw err;
    }
  }

  /** Fills the class's free seats from its queue, first come first served; each person promoted is told. */
  async function promote(tx: DbOrTx, cls: repo.LockedClass) {
    if (cls.status === 'cancelled' || cls.status === 'completed') return;
    const free = cls.traineeQuota - (await repo.seatCounts(tx, cls.id)).taken;
    if (free <= 0) return;
    const next = await repo.firstQueued(tx, cls.id, free);
    if (!next.length) return;
    await transition(
      tx,
      next.map((n) => ({ ...n, classId: cls.id, reRegistrations: 0 })),
      'promote',
      { queueSeq: null, decidedAt: new Date() },
    );
    await tell(
      tx,
      next.map((n) => n.userId),
      'enrolmentPromoted',
      cls,
    );
  }

  /** Cancels locked sign-ups of one locked class; seats freed go to the queue. */
  async function cancelRows(tx: DbOrTx, cls: repo.LockedClass, rows: repo.LockedEnrolment[], reason: string, by: number | null) {
    await transition(tx, rows, 'cancel', { queueSeq: null, reason, decidedAt: new Date(), decidedBy: by });
    if (rows.some((r) => r.status === 'approved')) await promote(tx, cls);
  }

  /** Approves or refuses a locked pending sign-up (approve needs a free seat: ENROLL_FULL_CANNOT_APPROVE). */
  async function decideRow(tx: DbOrTx, cls: repo.LockedClass, row: repo.LockedEnrolment, decision: 'approve' | 'refuse', comment: string, by: number | null) {
    if (decision === 'approve' && (await repo.seatCounts(tx, cls.id)).taken >= cls.traineeQuota) throw new AppError('ENROLL_FULL_CANNOT_APPROVE', { field: 'ids' });
    await transition(tx, [row], decision, { reason: decision === 'refuse' ? comment : '', decidedAt: new Date(), decidedBy: by });
  }

  const present = async (p: Principal, rows: repo.EnrolmentListRow[]): Promise<TrainEnrolmentRow[]> =>
    rows.map((r) => {
      const can = TRAIN_ENROLMENT_LIFECYCLE.abilities(r.status);
      const inPlace = r.status === 'pending' && r.approvalId === null && p.permissions.has('pxbmsp:approve');
      return {
        id: r.id,
        classId: r.classId,
        className: r.className,
        userId: r.userId,
        username: r.username,
        realname: r.realname,
        number: r.number,
        orgId: r.orgId,
        orgName: r.orgName,
        state: r.status,
        source: r.source,
        queuePosition: r.queuePosition === null ? null : Number(r.queuePosition),
        reason: r.reason,
        reRegistrations: r.reRegistrations,
        approvalId: r.approvalId === null ? null : Number(r.approvalId),
        decidedAt: iso(r.decidedAt),
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        abilities: {
          approve: inPlace && can.approve,
          refuse: inPlace && can.refuse,
          cancel: can.cancel && ROSTER_CLASS.includes(r.classStatus) && p.permissions.has('pxapgl:modify'),
        },
      };
    });
  const reads = listReads(repo.enrolmentList, lists, present, { field: 'id' });

  /**
   * Whether the caller reads class `classId`'s roster as its class teacher or lecturer (the ends) rather than as a
   * manager: managers (`pxapgl`, `pxbmsp`) of the class's scope keep their own view and its abilities.
   */
  async function readsFromEnd(p: Principal, classId: number, orgPath?: string | null) {
    if (!(await readsClassFromEnd(db, p, classId))) return false;
    if (!hasAnyPermission(p.permissions, MANAGER_CODES)) return true;
    const path = orgPath !== undefined ? orgPath : await repo.classOrgPath(db, classId);
    return !path || !pathInScope(p, path);
  }

  /** Locks the sign-ups `ids` with their classes (classes first, in id order), all in the caller's scope. */
  async function lockRowsInScope(tx: DbOrTx, p: Principal, ids: number[]) {
    const classIds = (await tx.selectDistinct({ id: trainEnrolments.classId }).from(trainEnrolments).where(repo.byIds(ids))).map((r) => r.id).sort((a, b) => a - b);
    const classes = new Map<number, repo.LockedClass>();
    for (const id of classIds) classes.set(id, await lockClassInScope(tx, p, id, 'ids'));
    const rows = await repo.lockEnrolments(tx, repo.byIds(ids));
    if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
    return { classes, rows };
  }

  // ---- The student's side ----

  const catalogColumns = (userId: number) => sql`
    c.id, c.code, c.name, c.mode, c.form, o.name as "orgName", c.start_at as "startAt", c.end_at as "endAt",
    c.enrol_start_at as "enrolStartAt", c.enrol_end_at as "enrolEndAt", c.enrol_approval as "enrolApproval",
    c.queue_enabled as "queueEnabled", c.cover_file as "coverFile", c.status, c.trainee_quota as "total",
    (select count(*)::int from train_enrolments x where x.class_id = c.id and x.status = 'approved') as taken,
    (select count(*)::int from train_enrolments x where x.class_id = c.id and x.status = 'queued') as queued,
    (select count(*)::int from train_enrolments x where x.class_id = c.id and x.status = 'pending') as pending,
    m.status as "myState", coalesce(m.reason, '') as "myReason",
    case when m.status = 'queued' then (select count(*)::int from train_enrolments q where q.class_id = c.id and q.status = 'queued' and q.queue_seq <= m.queue_seq) end as "myQueuePosition"
    from train_classes c
    left join organizations o on o.id = c.org_id
    left join train_enrolments m on m.class_id = c.id and m.user_id = ${userId}`;
  /** Classes a student sees: published (also while a change waits to be published) and started. */
  const VISIBLE = sql`c.status in ('published', 'changedToPublish', 'started')`;

  type CatalogSqlRow = {
    id: number;
    code: string;
    name: string;
    mode: TrainCatalogRow['mode'];
    form: TrainCatalogRow['form'];
    orgName: string | null;
    startAt: string;
    endAt: string;
    enrolStartAt: string;
    enrolEndAt: string;
    enrolApproval: boolean;
    queueEnabled: boolean;
    coverFile: string | null;
    status: TrainClassState;
    total: number;
    taken: number;
    queued: number;
    pending: number;
    myState: TrainEnrolmentState | null;
    myReason: string;
    myQueuePosition: number | null;
  };

  function catalogRow(r: CatalogSqlRow, now: Date): TrainCatalogRow {
    const t = now.getTime();
    const enrolWindow = t < new Date(r.enrolStartAt).getTime() ? 'before' : t <= new Date(r.enrolEndAt).getTime() ? 'open' : 'closed';
    const open = OPEN_CLASS.includes(r.status);
    const room = r.enrolApproval || r.taken < r.total || r.queueEnabled;
    return {
      id: r.id,
      code: r.code,
      name: r.name,
      mode: r.mode,
      form: r.form,
      orgName: r.orgName,
      startAt: iso(r.startAt),
      endAt: iso(r.endAt),
      enrolStartAt: iso(r.enrolStartAt),
      enrolEndAt: iso(r.enrolEndAt),
      enrolApproval: r.enrolApproval,
      queueEnabled: r.queueEnabled,
      coverFile: r.coverFile,
      displayState: trainClassDisplayState({ status: r.status, startAt: r.startAt, endAt: r.endAt }, now),
      enrolWindow,
      seats: { taken: r.taken, total: r.total, queued: r.queued, pending: r.pending },
      myState: r.myState,
      abilities: {
        apply: open && enrolWindow === 'open' && !isActive(r.myState) && room,
        cancel: open && isActive(r.myState) && t < new Date(r.startAt).getTime(),
      },
    };
  }

  return {
    /** Managers read the classes of their scope; a class teacher or lecturer (the ends) only their class's roster, read-only. */
    async list(p: Principal, q: TrainEnrolmentListQuery): Promise<ListPage<TrainEnrolmentRow>> {
      if (q.classId !== undefined && (await readsFromEnd(p, q.classId))) {
        const page = await repo.classEndEnrolmentList.run(lists, p, q);
        const records = await present(p, page.records);
        return { ...page, records: records.map((r) => ({ ...r, abilities: { approve: false, refuse: false, cancel: false } })) };
      }
      if (!hasAnyPermission(p.permissions, MANAGER_CODES)) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'classId' });
      return reads.list(p, q);
    },

    async seats(p: Principal, classId: number) {
      const cls = await db.execute<{ total: number; orgPath: string | null }>(
        sql`select c.trainee_quota as total, o.path as "orgPath" from train_classes c left join organizations o on o.id = c.org_id where c.id = ${classId}`,
      );
      const row = cls.rows[0];
      if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'classId' });
      if (!(await readsFromEnd(p, classId, row.orgPath))) {
        if (!hasAnyPermission(p.permissions, MANAGER_CODES)) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'classId' });
        requireInScope(p, row.orgPath, { field: 'classId' });
      }
      return { total: row.total, ...(await repo.seatCounts(db, classId)) };
    },

    /** A student signs up (server clock, class locked: seats and the queue's order are decided one at a time). */
    async apply(p: Principal, classId: number): Promise<{ state: TrainEnrolmentState }> {
      return db.transaction(async (tx) => {
        const cls = await lockClassForStudent(tx, classId);
        const now = Date.now();
        if (!OPEN_CLASS.includes(cls.status) || now < cls.enrolStartAt.getTime() || now > cls.enrolEndAt.getTime())
          throw new AppError('ENROLL_NOT_IN_TIME', { field: 'classId' });
        const placed = await place(tx, cls, p.userId, { source: 'self', viaApproval: true });
        if (placed.state === 'pending') await submit(tx, placed.id, cls, p.userId);
        return { state: placed.state };
      });
    },

    /** The trainee cancels their own sign-up before the class starts; a freed seat goes to the first in the queue. */
    async cancelMine(p: Principal, classId: number): Promise<{ state: TrainEnrolmentState }> {
      return db.transaction(async (tx) => {
        const cls = await lockClassForStudent(tx, classId);
        const [row] = await repo.lockEnrolments(tx, repo.byClassUser(classId, p.userId));
        if (!row || !isActive(row.status)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'classId' });
        if (!OPEN_CLASS.includes(cls.status) || Date.now() >= cls.startAt.getTime()) throw new AppError('STATE_TRANSITION_INVALID', { field: 'classId' });
        await cancelRows(tx, cls, [row], '', p.userId);
        return { state: 'cancelled' as const };
      });
    },

    /** An administrator cancels sign-ups (reason told to each person); freed seats promote the queue. */
    async cancel(p: Principal, input: TrainEnrolmentCancel) {
      return db.transaction(async (tx) => {
        const { classes, rows } = await lockRowsInScope(tx, p, input.ids);
        for (const cls of classes.values()) {
          if (!ROSTER_CLASS.includes(cls.status)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids' });
          const mine = rows.filter((r) => r.classId === cls.id);
          await cancelRows(tx, cls, mine, input.reason, p.userId);
          await tell(
            tx,
            mine.map((r) => r.userId),
            'enrolmentCancelled',
            cls,
            input.reason,
          );
        }
        return { count: rows.length };
      });
    },

    /**
     * Direct enrolment by an administrator (add-train-name): no window and no approval; each person gets a
     * seat, or the queue when full (ENROLL_IS_BEYOUND without one: nobody is added). People already signed up are skipped.
     */
    async enrol(p: Principal, input: TrainEnrolmentEnrol, source: TrainEnrolmentSource = 'admin'): Promise<TrainEnrolmentEnrolResult> {
      return db.transaction(async (tx) => {
        const cls = await lockClassInScope(tx, p, input.classId);
        if (!ROSTER_CLASS.includes(cls.status)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'classId' });
        const ids = [...new Set(input.userIds)];
        // Active people of the organizations in the caller's data scope (whom the people picker lists).
        const found = await tx.execute<{ id: number; path: string | null }>(
          sql`select u.id, o.path from users u left join organizations o on o.id = u.org_id where u.id = any(${sql.param(ids)}::int[]) and u.status = 'normal'`,
        );
        if (found.rows.length !== ids.length) throw new AppError('NOT_FOUND_ERROR', { field: 'userIds' });
        if (found.rows.some((u) => !u.path || !pathInScope(p, u.path))) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'userIds' });
        const result = { approved: 0, queued: 0, skipped: 0 };
        for (const userId of ids) {
          const [row] = await tx.select({ status: trainEnrolments.status }).from(trainEnrolments).where(repo.byClassUser(cls.id, userId));
          if (isActive(row?.status)) {
            result.skipped++;
            continue;
          }
          const placed = await place(tx, cls, userId, { source, viaApproval: false });
          if (placed.state === 'approved') result.approved++;
          else result.queued++;
        }
        return result;
      });
    },

    /** Decides pending sign-ups in place (those with no approval in the engine); a decided one answers REPEAT_APPROVAL. */
    async decide(p: Principal, input: TrainEnrolmentDecide) {
      return db.transaction(async (tx) => {
        const { classes, rows } = await lockRowsInScope(tx, p, input.ids);
        if (rows.some((r) => r.status !== 'pending')) throw new AppError('REPEAT_APPROVAL', { field: 'ids' });
        const inEngine = await tx.execute<{ businessId: number }>(
          sql`select business_id as "businessId" from approval_instances where business_type = ${TRAIN_ENROLMENT_APPROVAL_TYPE}
                and business_id = any(${sql.param(input.ids)}::int[]) and state = 'pending'`,
        );
        if (inEngine.rows.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids', data: { ids: inEngine.rows.map((r) => r.businessId) } });
        for (const row of rows) {
          const cls = classes.get(row.classId)!;
          await decideRow(tx, cls, row, input.decision, input.comment, p.userId);
          await tell(tx, [row.userId], input.decision === 'approve' ? 'enrolmentApproved' : 'enrolmentRefused', cls, input.comment);
        }
        return { count: rows.length };
      });
    },

    /** The engine's news on a sign-up's approval, inside its transaction. */
    async onApprovalState(tx: DbOrTx, ev: { businessId: number; state: ApprovalState; comment: string }) {
      const [ref] = await tx.select({ classId: trainEnrolments.classId }).from(trainEnrolments).where(eq(trainEnrolments.id, ev.businessId));
      if (!ref) return;
      const cls = await repo.lockClass(tx, ref.classId);
      const [row] = await repo.lockEnrolments(tx, repo.byIds([ev.businessId]));
      // A sign-up cancelled while its approval was open ignores the late outcome.
      if (!cls || !row || row.status !== 'pending') return;
      if (ev.state === 'approved') await decideRow(tx, cls, row, 'approve', '', null);
      else if (ev.state === 'refused') await decideRow(tx, cls, row, 'refuse', ev.comment, null);
      else if (ev.state === 'withdrawn') await cancelRows(tx, cls, [row], ev.comment, row.userId);
    },

    /** Enrolment approvers and class managers read a sign-up's approval (in their scope). */
    async mayReadApproval(tx: DbOrTx, p: Principal, id: number) {
      if (!hasAnyPermission(p.permissions, ['pxbmsp', 'pxapgl'])) return false;
      const r = await tx.execute<{ path: string | null }>(
        sql`select o.path from train_enrolments e join train_classes c on c.id = e.class_id left join organizations o on o.id = c.org_id where e.id = ${id}`,
      );
      const path = r.rows[0]?.path;
      return !!path && pathInScope(p, path);
    },

    /** Published classes with their seats and my state (keyword on the name or code). */
    async catalog(p: Principal, q: TrainCatalogQuery) {
      const now = new Date();
      const conds = [VISIBLE];
      if (q.keyword) conds.push(sql`(c.name ilike ${`%${q.keyword.replace(/[\\%_]/g, '\\$&')}%`} or c.code ilike ${`%${q.keyword.replace(/[\\%_]/g, '\\$&')}%`})`);
      if (q.mode) conds.push(sql`c.mode = ${q.mode}`);
      const where = sql.join(conds, sql` and `);
      const [count] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from train_classes c where ${where}`)).rows;
      const rows = await db.execute<CatalogSqlRow>(
        sql`select ${catalogColumns(p.userId)} where ${where} order by c.start_at desc, c.id desc limit ${q.size} offset ${(q.page - 1) * q.size}`,
      );
      return { records: rows.rows.map((r) => catalogRow(r, now)), total: count?.n ?? 0, page: q.page, size: q.size };
    },

    async catalogGet(p: Principal, id: number): Promise<TrainCatalogDetail> {
      const now = new Date();
      const r = (
        await db.execute<
          CatalogSqlRow & { purpose: string; content: string; applicationNotice: string; contact: string; phone: string; days: number; headmasterName: string | null }
        >(
          sql`select c.purpose, c.content, c.application_notice as "applicationNotice", c.contact, c.phone, c.days,
                     (select u.realname from users u where u.id = c.headmaster_id) as "headmasterName", ${catalogColumns(p.userId)} where c.id = ${id} and ${VISIBLE}`,
        )
      ).rows[0];
      if (!r) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      const stages = await db.execute<{
        id: number;
        name: string;
        startsAt: string;
        endsAt: string;
        place: string;
        lecturerName: string | null;
        courseName: string | null;
        topic: string;
      }>(sql`
        select s.id, s.name, s.starts_at as "startsAt", s.ends_at as "endsAt", s.topic,
               (select tc.name from train_courses tc where tc.id = s.train_course_id) as "courseName",
               coalesce(b.name, tp.name, s.place_text, '') as place, l.realname as "lecturerName"
          from train_class_stages s
          left join boardrooms b on b.id = s.boardroom_id
          left join train_places tp on tp.id = s.train_place_id
          left join lecturers l on l.id = s.lecturer_id
         where s.class_id = ${id} order by s.sort, s.starts_at, s.id`);
      const certificate = await certificatesForSources(db, { userId: p.userId, kind: 'training', sourceIds: [id] });
      return {
        ...catalogRow(r, now),
        purpose: r.purpose,
        content: r.content,
        applicationNotice: r.applicationNotice,
        contact: r.contact,
        phone: r.phone,
        days: r.days,
        headmasterName: r.headmasterName,
        myReason: r.myReason,
        myQueuePosition: r.myQueuePosition,
        myCertificate: certificate.get(id) ?? null,
        stages: stages.rows.map((s) => ({ ...s, startsAt: iso(s.startsAt), endsAt: iso(s.endsAt) })),
      };
    },

    /** My sign-ups, newest first, with what I may do (cancel before the class starts). */
    async my(p: Principal, q: TrainMyQuery) {
      const now = new Date();
      const conds = [sql`e.user_id = ${p.userId}`];
      if (q.mode) conds.push(sql`c.mode = ${q.mode}`);
      if (q.state) conds.push(sql`e.status = ${q.state}`);
      const where = sql.join(conds, sql` and `);
      const [count] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from train_enrolments e join train_classes c on c.id = e.class_id where ${where}`)).rows;
      const rows = await db.execute<{
        id: number;
        classId: number;
        className: string;
        mode: TrainMyRow['mode'];
        startAt: string;
        endAt: string;
        classStatus: TrainClassState;
        state: TrainEnrolmentState;
        reason: string;
        queuePosition: number | null;
        createdAt: string;
      }>(sql`
        select e.id, e.class_id as "classId", c.name as "className", c.mode, c.start_at as "startAt", c.end_at as "endAt", c.status as "classStatus",
               e.status as state, e.reason, e.created_at as "createdAt",
               case when e.status = 'queued' then (select count(*)::int from train_enrolments q where q.class_id = e.class_id and q.status = 'queued' and q.queue_seq <= e.queue_seq) end as "queuePosition"
          from train_enrolments e join train_classes c on c.id = e.class_id
         where ${where} order by e.id desc limit ${q.size} offset ${(q.page - 1) * q.size}`);
      const certificates = await certificatesForSources(db, { userId: p.userId, kind: 'training', sourceIds: rows.rows.map((r) => r.classId) });
      const records: TrainMyRow[] = rows.rows.map((r) => ({
        id: r.id,
        classId: r.classId,
        className: r.className,
        mode: r.mode,
        startAt: iso(r.startAt),
        endAt: iso(r.endAt),
        state: r.state,
        displayState: trainClassDisplayState({ status: r.classStatus, startAt: r.startAt, endAt: r.endAt }, now),
        reason: r.reason,
        queuePosition: r.queuePosition,
        createdAt: iso(r.createdAt),
        certificate: certificates.get(r.classId) ?? null,
        abilities: { cancel: isActive(r.state) && OPEN_CLASS.includes(r.classStatus) && now < new Date(r.startAt) },
      }));
      return { records, total: count?.n ?? 0, page: q.page, size: q.size };
    },

    /** Every sign-up of a class for the roster export (caller's scope and filters). */
    async rosterRows(p: Principal, q: Omit<TrainEnrolmentListQuery, 'page' | 'size'> & { classId: number }) {
      const out: TrainEnrolmentRow[] = [];
      for (let page = 1; ; page++) {
        const got = await reads.list(p, { ...q, page, size: 500 });
        out.push(...got.records);
        if (got.records.length < 500 || out.length >= got.total) return out;
      }
    },
  };
}
export type TrainEnrolmentsService = ReturnType<typeof createTrainEnrolmentsService>;

/** People admitted to a class (approved sign-ups): what the class's change notices and attendance reach. */
export async function admittedUserIds(db: DbOrTx, classId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: trainEnrolments.userId })
    .from(trainEnrolments)
    .where(and(eq(trainEnrolments.classId, classId), eq(trainEnrolments.status, 'approved')));
  return rows.map((r) => r.userId);
}

/** Admitted sign-ups per class: the seats taken that the classes' lists and details show. */
export async function seatsTakenOf(db: DbOrTx, classIds: number[]): Promise<Map<number, number>> {
  if (!classIds.length) return new Map();
  const rows = await db
    .select({ classId: trainEnrolments.classId, n: sql<number>`count(*)::int` })
    .from(trainEnrolments)
    .where(and(inArray(trainEnrolments.classId, classIds), eq(trainEnrolments.status, 'approved')))
    .groupBy(trainEnrolments.classId);
  return new Map(rows.map((r) => [r.classId, r.n]));
}

export async function isAdmitted(db: DbOrTx, classId: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: trainEnrolments.id })
    .from(trainEnrolments)
    .where(and(eq(trainEnrolments.classId, classId), eq(trainEnrolments.userId, userId), inArray(trainEnrolments.status, ['approved'])));
  return rows.length > 0;
}
