import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  TRAIN_CLASS_APPROVAL_TYPE,
  TRAIN_CLASS_CALENDAR_DAYS_MAX,
  TRAIN_CLASS_COVER_PURPOSE,
  TRAIN_CLASS_LIFECYCLE,
  TRAIN_CLASS_PREVIEW_PURPOSE,
  hasAnyPermission,
  trainClassDisplayState,
  type CommandOf,
  type MyTrainClassQuery,
  type MyTrainClassRow,
  type TrainClassAbilities,
  type TrainClassCalendar,
  type TrainClassCalendarQuery,
  type TrainClassCancel,
  type TrainClassChoiceQuery,
  type TrainClassCreate,
  type TrainClassDetail,
  type TrainClassExport,
  type TrainClassListQuery,
  type TrainClassOption,
  type TrainClassOptionQuery,
  type TrainClassRow,
  type TrainClassStage,
  type TrainClassState,
  type TrainClassUpdate,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListRuntime } from '../../platform/list.js';
import { listReads } from '../../platform/list.js';
import { abilitiesOf, applyStatusTransition } from '../../platform/lifecycle.js';
import { homeOrgInScope, inScope, pathInScope, requireInScope, requireOrgsInScope, scopedLock } from '../../platform/scope.js';
import { deleteRows, updateRow } from '../../platform/table-rows.js';
import type { JobQueue } from '../../platform/jobs.js';
import { submitApproval } from '../approvals/index.js';
import { requireTemplateInScope } from '../certificates/index.js';
import { sendMessage } from '../messages/index.js';
import { claimFile, getFileByPublicId, type FileSigner } from '../uploads/index.js';
import * as repo from './train-classes.repository.js';
import { classAudience, countSeats } from './train-classes.audience.js';
import { trainClasses } from './train-classes.schema.js';
import { classesWorkbook } from './train-classes.export.js';

type Command = CommandOf<typeof TRAIN_CLASS_LIFECYCLE>;

/** The permission code each ability also needs, so the page shows only what this caller may do. */
const ABILITY_CODES: Record<keyof TrainClassAbilities, string> = {
  modify: 'pxapgl:modify',
  delete: 'pxapgl:delete',
  publish: 'pxapgl:publish',
  offline: 'pxapgl:unpublish',
  cancel: 'pxapgl:modify',
  complete: 'pxapgl:modify',
  submit: 'pxapgl:modify',
};
/** States from which a class application may be (re)submitted to its flow. */
const SUBMITTABLE_APPROVAL = new Set(['none', 'refused', 'withdrawn']);
export const TRAIN_CLASS_CLOCK_JOB = 'trainClasses.clock';
interface ClockTick {
  classId: number;
  /** The start the job was sent for (ms). */
  at: number;
}

interface Deps {
  app: FastifyInstance;
  db: Db;
  lists: ListRuntime;
  signer: FileSigner;
  jobs: JobQueue;
}

const iso = (d: Date) => d.toISOString();
const time = (s: string) => new Date(s);

export function createTrainClassesService({ app, db, lists, signer, jobs }: Deps) {
  const lockInScope = scopedLock(repo.lockTrainClasses);

  /** Whether the class's application lets it be published now (approved, or no flow and never submitted). */
  const publishable = (approval: string, flow: boolean) => approval === 'approved' || (approval === 'none' && !flow);

  const rowOf = (p: Principal, r: repo.TrainClassListRow, flow: boolean, now: Date): TrainClassRow => {
    const a = TRAIN_CLASS_LIFECYCLE.abilities(r.status);
    const submit = flow && (r.status === 'toPublish' || r.status === 'changedToPublish') && SUBMITTABLE_APPROVAL.has(r.approvalState);
    return {
      id: r.id,
      code: r.code,
      name: r.name,
      state: r.status,
      displayState: trainClassDisplayState(r, now),
      mode: r.mode,
      form: r.form,
      planKind: r.planKind,
      days: r.days,
      startAt: iso(r.startAt),
      endAt: iso(r.endAt),
      enrolStartAt: iso(r.enrolStartAt),
      enrolEndAt: iso(r.enrolEndAt),
      traineeQuota: r.traineeQuota,
      headmasterId: r.headmasterId,
      headmasterName: r.headmasterName,
      approvalState: r.approvalState,
      publishedAt: r.publishedAt ? iso(r.publishedAt) : null,
      orgId: r.orgId,
      orgName: r.orgName,
      createdBy: r.createdBy,
      creatorName: r.creatorName,
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
      abilities: abilitiesOf(
        {
          modify: a.modify,
          delete: a.delete,
          publish: a.publish && publishable(r.approvalState, flow),
          offline: a.offline,
          cancel: a.cancel,
          complete: a.complete,
          submit,
        },
        p.permissions,
        ABILITY_CODES,
      ),
    };
  };

  const present = async (p: Principal, rows: repo.TrainClassListRow[]): Promise<TrainClassRow[]> => {
    const flow = rows.length ? await repo.approvalFlowDefined(db) : false;
    const now = new Date();
    return rows.map((r) => rowOf(p, r, flow, now));
  };

  const reads = listReads(repo.trainClassList, lists, present, { field: 'id' });

  const stageOut = (s: repo.StageRow): TrainClassStage => ({
    id: s.id,
    name: s.name,
    startsAt: iso(s.startsAt),
    endsAt: iso(s.endsAt),
    boardroomId: s.boardroomId,
    boardroomName: s.boardroomName,
    trainPlaceId: s.trainPlaceId,
    trainPlaceName: s.trainPlaceName,
    placeText: s.placeText,
    lecturerId: s.lecturerId,
    lecturerName: s.lecturerName,
    trainCourseId: s.trainCourseId,
    trainCourseName: s.trainCourseName,
    topic: s.topic,
  });

  async function fileOut(publicId: string | null) {
    if (!publicId) return null;
    const ref = `/api/upload/file/${publicId}`;
    const f = await getFileByPublicId(db, publicId);
    return { ref, name: f?.originalName ?? '', url: await signer.publicUrlForRef(ref) };
  }

  /** The detail parts every reader of one class gets (row already checked). */
  async function detailOf(row: TrainClassRow): Promise<TrainClassDetail> {
    const [extra, stages, budgetItems, courseRows, seats] = await Promise.all([
      repo.detailOf(db, row.id),
      repo.stagesOf(db, [row.id]),
      repo.budgetItemsOf(db, row.id),
      repo.coursesOf(db, row.id),
      countSeats(app, db, [row.id]),
    ]);
    if (!extra) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    const { coverFile, previewFile, ...rest } = extra;
    return {
      ...row,
      ...rest,
      cover: await fileOut(coverFile),
      preview: await fileOut(previewFile),
      stages: stages.map(stageOut),
      budgetItems,
      budgetPerCapita: budgetItems.reduce((a, b) => a + b.amountPerCapita, 0),
      courses: courseRows,
      seatsTaken: seats.get(row.id) ?? 0,
    };
  }

  async function get(p: Principal, id: number): Promise<TrainClassDetail> {
    return detailOf(await reads.get(p, id));
  }

  /** The class's department: given (in the caller's scope) or the caller's own. */
  async function departmentOf(tx: DbOrTx, p: Principal, orgId: number | undefined): Promise<number> {
    const id = orgId ?? (await homeOrgInScope(tx, p));
    if (!id) throw new AppError('PARAMETER_INVALID', { field: 'orgId' });
    await requireOrgsInScope(tx, p, [id], { field: 'orgId' });
    return id;
  }

  /** The caller's own upload of the purpose, as the stored public id (null clears). */
  async function claimed(tx: DbOrTx, p: Principal, ref: string | null, purpose: typeof TRAIN_CLASS_COVER_PURPOSE | typeof TRAIN_CLASS_PREVIEW_PURPOSE, field: string) {
    if (!ref) return null;
    const current = /^\/api\/upload\/file\/([0-9a-f-]{36})$/.exec(ref)?.[1];
    const f = await claimFile(tx, p, ref, { purpose, field });
    if (!f) {
      if (current) return current;
      throw new AppError('PARAMETER_INVALID', { field });
    }
    if (purpose === TRAIN_CLASS_COVER_PURPOSE && !['image/jpeg', 'image/png'].includes(f.mime)) throw new AppError('FILE_TYPE_ERROR', { field });
    return f.publicId;
  }

  interface Shape {
    startAt: Date;
    endAt: Date;
    enrolStartAt: Date;
    enrolEndAt: Date;
    mode: string;
    planKind: string;
    yearPlanLineId: number | null;
  }

  /** Spec §5: start before end, enrolment window before the start, its deadline after now (when it is set anew). */
  function checkTimes(s: Shape, now: Date, deadlineChanged: boolean) {
    if (s.startAt >= s.endAt) throw new AppError('PARAMETER_INVALID', { field: 'endAt' });
    if (s.enrolStartAt >= s.enrolEndAt) throw new AppError('PARAMETER_INVALID', { field: 'enrolEndAt' });
    if (deadlineChanged && s.enrolEndAt <= now) throw new AppError('DEADLINE_BEFORE_NOW', { field: 'enrolEndAt' });
    if (s.enrolEndAt > s.startAt) throw new AppError('ENROL_END_AFTER_START', { field: 'enrolEndAt' });
  }

  /** In plan: a line of an approved annual plan of a department in the caller's scope. */
  async function checkPlan(tx: DbOrTx, p: Principal, s: Shape) {
    if (s.planKind === 'outsidePlan') {
      if (s.yearPlanLineId !== null) throw new AppError('PARAMETER_INVALID', { field: 'yearPlanLineId' });
      return;
    }
    if (s.yearPlanLineId === null) throw new AppError('PARAMETER_INVALID', { field: 'yearPlanLineId' });
    const line = await repo.planLineOf(tx, s.yearPlanLineId);
    if (!line) throw new AppError('NOT_FOUND_ERROR', { field: 'yearPlanLineId' });
    requireInScope(p, line.orgPath, { field: 'yearPlanLineId' });
    if (line.planStatus !== 'approved') throw new AppError('PARAMETER_INVALID', { field: 'yearPlanLineId' });
  }

  type StageIn = NonNullable<TrainClassCreate['stages']>[number];
  const stageWrite = (s: StageIn): repo.StageWrite => ({
    id: s.id,
    name: s.name,
    startsAt: time(s.startsAt),
    endsAt: time(s.endsAt),
    boardroomId: s.boardroomId ?? null,
    trainPlaceId: s.trainPlaceId ?? null,
    placeText: s.placeText ?? '',
    lecturerId: s.lecturerId ?? null,
    trainCourseId: s.trainCourseId ?? null,
    topic: s.topic ?? '',
  });

  /**
   * The stages: each inside the class span, at most one of room and site; no room or lecturer taken
   * twice at once, by this class or by another class still holding its stages, nor a room booked.
   */
  async function checkStages(tx: DbOrTx, classId: number, span: Shape, stages: repo.StageWrite[]) {
    for (const [i, s] of stages.entries()) {
      const data = { data: { index: i } };
      if (s.startsAt >= s.endsAt || (s.boardroomId && s.trainPlaceId)) throw new AppError('PARAMETER_INVALID', { field: 'stages', ...data });
      if (s.startsAt < span.startAt || s.endsAt > span.endAt) throw new AppError('STAGE_OUTSIDE_CLASS', { field: 'stages', ...data });
    }
    const rooms = [...new Set(stages.flatMap((s) => (s.boardroomId ? [s.boardroomId] : [])))];
    const people = [...new Set(stages.flatMap((s) => (s.lecturerId ? [s.lecturerId] : [])))];
    await repo.lockSchedule(tx, rooms, people);
    const overlaps = (a: repo.StageWrite, b: repo.StageWrite) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;
    for (const [i, s] of stages.entries()) {
      for (const [j, o] of stages.entries()) {
        if (j <= i || !overlaps(s, o)) continue;
        if (s.boardroomId && s.boardroomId === o.boardroomId) throw new AppError('MEETING_ROOM_BOOKED', { field: 'stages', data: { index: j } });
        if (s.lecturerId && s.lecturerId === o.lecturerId) throw new AppError('TRAIN_LECTURER_BUSY', { field: 'stages', data: { index: j } });
      }
      if (s.boardroomId) {
        const [other] = await repo.overlappingStages(tx, classId, { boardroomId: s.boardroomId }, s.startsAt, s.endsAt);
        const booking = other ? undefined : await repo.overlappingBooking(tx, s.boardroomId, s.startsAt, s.endsAt);
        if (other || booking)
          throw new AppError('MEETING_ROOM_BOOKED', { field: 'stages', data: { index: i, classId: other?.classId ?? null, className: other?.className ?? null } });
      }
      if (s.lecturerId) {
        const [other] = await repo.overlappingStages(tx, classId, { lecturerId: s.lecturerId }, s.startsAt, s.endsAt);
        if (other) throw new AppError('TRAIN_LECTURER_BUSY', { field: 'stages', data: { index: i, classId: other.classId, className: other.className } });
      }
    }
  }

  /** A mixed class needs at least one online course; a face-to-face one has none. */
  function coursesFor(mode: string, courseIds: number[]) {
    if (mode === 'mixed' && !courseIds.length) throw new AppError('COURSE_REQUIRED', { field: 'courseIds' });
    return mode === 'mixed' ? courseIds : [];
  }

  /** Change rules of a published class (spec §4): start and enrolment start fixed, end and deadline only later, seats only up. */
  function checkChange(row: repo.LockedTrainClass, input: TrainClassUpdate) {
    const same = (a: Date, b: string | undefined) => b === undefined || time(b).getTime() === a.getTime();
    const notEarlier = (a: Date, b: string | undefined) => b === undefined || time(b).getTime() >= a.getTime();
    if (!same(row.startAt, input.startAt)) throw new AppError('CLASS_START_FIXED', { field: 'startAt' });
    if (!notEarlier(row.endAt, input.endAt)) throw new AppError('CLASS_END_ONLY_LATER', { field: 'endAt' });
    if (!same(row.enrolStartAt, input.enrolStartAt)) throw new AppError('ENROL_START_FIXED', { field: 'enrolStartAt' });
    if (!notEarlier(row.enrolEndAt, input.enrolEndAt)) throw new AppError('ENROL_END_ONLY_LATER', { field: 'enrolEndAt' });
    if (input.traineeQuota !== undefined && input.traineeQuota < row.traineeQuota) throw new AppError('CLASS_QUOTA_ONLY_UP', { field: 'traineeQuota' });
  }

  async function notify(tx: DbOrTx, classId: number, template: 'trainClassChanged' | 'trainClassCancelled', params: Record<string, string>) {
    const to = await classAudience(app, tx, classId);
    if (to.length) await sendMessage(tx, { to, template, params });
  }

  /** The clock's job for the class's start (deduplicated per class and start). */
  async function scheduleStart(tx: DbOrTx, id: number, startAt: Date) {
    const tick: ClockTick = { classId: id, at: startAt.getTime() };
    await jobs.enqueue(TRAIN_CLASS_CLOCK_JOB, tick, { runAfter: startAt, dedupeKey: `${TRAIN_CLASS_CLOCK_JOB}:${id}:${tick.at}`, db: tx as Db });
  }

  async function transition(tx: DbOrTx, rows: repo.LockedTrainClass[], command: Command, set?: Record<string, unknown>) {
    return applyStatusTransition<TrainClassState, Command, repo.LockedTrainClass>(tx, { lifecycle: TRAIN_CLASS_LIFECYCLE, command, rows, table: trainClasses, set });
  }

  /** A class whose application may be submitted now (in scope, not published, not pending or approved). */
  async function lockSubmittable(tx: DbOrTx, p: Principal, id: number) {
    const [row] = await lockInScope(tx, p, [id]);
    const [listed] = await repo.trainClassList.rowsOf(tx, [id]);
    if (!(row.status === 'toPublish' || row.status === 'changedToPublish') || !SUBMITTABLE_APPROVAL.has(listed?.approvalState ?? 'none'))
      throw new AppError('STATE_TRANSITION_INVALID', { field: 'state' });
    if (row.mode === 'mixed' && !(await repo.coursesOf(tx, id)).length) throw new AppError('COURSE_REQUIRED', { field: 'courseIds' });
    return row;
  }

  /** Every class of the list's filters in the caller's scope (the Excel export), page by page. */
  async function allOf(p: Principal, q: Omit<TrainClassListQuery, 'page' | 'size'>): Promise<TrainClassRow[]> {
    const size = 500;
    const rows: TrainClassRow[] = [];
    for (let page = 1; page <= 200; page++) {
      const got = await reads.list(p, { ...q, page, size });
      rows.push(...got.records);
      if (got.records.length < size || rows.length >= got.total) break;
    }
    return rows;
  }

  /** Rows of a page for the ends: the class, its seats taken and the stages (only `stageFilter`'s). */
  async function endRows(page: { records: repo.TrainClassListRow[]; total: number; page: number; size: number }, keepStage: (s: repo.StageRow) => boolean) {
    const ids = page.records.map((r) => r.id);
    const [stages, seats] = await Promise.all([repo.stagesOf(db, ids), countSeats(app, db, ids)]);
    const now = new Date();
    const records: MyTrainClassRow[] = page.records.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      state: r.status,
      displayState: trainClassDisplayState(r, now),
      mode: r.mode,
      startAt: iso(r.startAt),
      endAt: iso(r.endAt),
      traineeQuota: r.traineeQuota,
      orgName: r.orgName,
      headmasterName: r.headmasterName,
      seatsTaken: seats.get(r.id) ?? 0,
      stages: stages.filter((s) => s.classId === r.id && keepStage(s)).map(stageOut),
    }));
    return { ...page, records };
  }

  return {
    list: (p: Principal, q: TrainClassListQuery) => reads.list(p, q),
    get,

    /** A new class waiting to be published; its code is given by the server. */
    async insert(p: Principal, input: TrainClassCreate): Promise<TrainClassDetail> {
      const now = new Date();
      const shape: Shape = {
        startAt: time(input.startAt),
        endAt: time(input.endAt),
        enrolStartAt: time(input.enrolStartAt),
        enrolEndAt: time(input.enrolEndAt),
        mode: input.mode,
        planKind: input.planKind,
        yearPlanLineId: input.yearPlanLineId,
      };
      checkTimes(shape, now, true);
      const courseIds = coursesFor(input.mode, input.courseIds);
      const stages = input.stages.map(stageWrite);
      if (stages.some((s) => s.id)) throw new AppError('PARAMETER_INVALID', { field: 'stages' });
      const id = await db.transaction(async (tx) => {
        await checkPlan(tx, p, shape);
        await requireTemplateInScope(tx, p, input.certificateTemplateId);
        const newId = await repo.insertTrainClass(tx, {
          code: await repo.nextCode(tx),
          name: input.name,
          mode: input.mode,
          form: input.form,
          planKind: input.planKind,
          yearPlanLineId: input.yearPlanLineId,
          purpose: input.purpose,
          days: input.days,
          startAt: shape.startAt,
          endAt: shape.endAt,
          enrolStartAt: shape.enrolStartAt,
          enrolEndAt: shape.enrolEndAt,
          traineeQuota: input.traineeQuota,
          enrolApproval: input.enrolApproval,
          queueEnabled: input.queueEnabled,
          applicationNotice: input.applicationNotice,
          content: input.content,
          contact: input.contact,
          phone: input.phone,
          coverFile: await claimed(tx, p, input.coverFile, TRAIN_CLASS_COVER_PURPOSE, 'coverFile'),
          previewFile: await claimed(tx, p, input.previewFile, TRAIN_CLASS_PREVIEW_PURPOSE, 'previewFile'),
          headmasterId: input.headmasterId,
          certificateTemplateId: input.certificateTemplateId,
          orgId: await departmentOf(tx, p, input.orgId),
          createdBy: p.userId,
        });
        await checkStages(tx, newId, shape, stages);
        await repo.replaceStages(tx, newId, stages);
        await repo.replaceBudgetItems(tx, newId, input.budgetItems);
        await repo.replaceCourses(tx, newId, courseIds);
        return newId;
      });
      return get(p, id);
    },

    /**
     * Edits a class waiting to be published freely (under §5's rules); a published one under the change
     * rules, and it becomes "changed, to be published"; its admitted people are told.
     */
    async update(p: Principal, input: TrainClassUpdate): Promise<TrainClassDetail> {
      const now = new Date();
      await db.transaction(async (tx) => {
        const [row] = await lockInScope(tx, p, [input.id]);
        if (!TRAIN_CLASS_LIFECYCLE.canEdit(row.status)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'state' });
        const wasPublished = row.status !== 'toPublish';
        if (wasPublished) checkChange(row, input);
        const shape: Shape = {
          startAt: input.startAt ? time(input.startAt) : row.startAt,
          endAt: input.endAt ? time(input.endAt) : row.endAt,
          enrolStartAt: input.enrolStartAt ? time(input.enrolStartAt) : row.enrolStartAt,
          enrolEndAt: input.enrolEndAt ? time(input.enrolEndAt) : row.enrolEndAt,
          mode: input.mode ?? row.mode,
          planKind: input.planKind ?? row.planKind,
          yearPlanLineId: input.yearPlanLineId !== undefined ? input.yearPlanLineId : input.planKind === 'outsidePlan' ? null : row.yearPlanLineId,
        };
        const deadlineChanged = input.enrolEndAt !== undefined && time(input.enrolEndAt).getTime() !== row.enrolEndAt.getTime();
        checkTimes(shape, now, deadlineChanged);
        if (input.planKind !== undefined || input.yearPlanLineId !== undefined) await checkPlan(tx, p, shape);
        // A template already named stays whoever set it; a new one lies in the caller's scope.
        await requireTemplateInScope(tx, p, input.certificateTemplateId, { kept: row.certificateTemplateId });
        const courseIds =
          input.courseIds !== undefined || input.mode !== undefined
            ? coursesFor(shape.mode, input.courseIds ?? (await repo.coursesOf(tx, row.id)).map((c) => c.id))
            : undefined;
        const stages = input.stages?.map(stageWrite) ?? (await repo.stagesOf(tx, [row.id])).map((s): repo.StageWrite => ({ ...s }));
        await checkStages(tx, row.id, shape, stages);
        const { id, stages: _s, budgetItems, courseIds: _c, coverFile, previewFile, orgId, startAt: _a, endAt: _b, enrolStartAt: _d, enrolEndAt: _e, ...fields } = input;
        await updateRow(tx, trainClasses, id, {
          ...fields,
          startAt: shape.startAt,
          endAt: shape.endAt,
          enrolStartAt: shape.enrolStartAt,
          enrolEndAt: shape.enrolEndAt,
          yearPlanLineId: shape.yearPlanLineId,
          ...(coverFile !== undefined ? { coverFile: await claimed(tx, p, coverFile, TRAIN_CLASS_COVER_PURPOSE, 'coverFile') } : {}),
          ...(previewFile !== undefined ? { previewFile: await claimed(tx, p, previewFile, TRAIN_CLASS_PREVIEW_PURPOSE, 'previewFile') } : {}),
          ...(orgId !== undefined ? { orgId: await departmentOf(tx, p, orgId) } : {}),
        });
        if (input.stages && !(await repo.replaceStages(tx, id, stages))) throw new AppError('PARAMETER_INVALID', { field: 'stages' });
        if (budgetItems) await repo.replaceBudgetItems(tx, id, budgetItems);
        if (courseIds) await repo.replaceCourses(tx, id, courseIds);
        if (row.status === 'published') await transition(tx, [row], 'change');
        if (wasPublished) await notify(tx, id, 'trainClassChanged', { name: input.name ?? row.name });
      });
      return get(p, input.id);
    },

    /** Only classes never published are deleted (STATE_TRANSITION_INVALID naming the others); all or nothing. */
    async remove(p: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await lockInScope(tx, p, ids);
        const refused = rows.filter((r) => !TRAIN_CLASS_LIFECYCLE.canDelete(r.status)).map((r) => r.id);
        if (refused.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids', data: { ids: refused } });
        await deleteRows(
          tx,
          trainClasses,
          rows.map((r) => r.id),
        );
        return { count: rows.length };
      });
    },

    /**
     * Publishes classes: each needs its application approved when a flow is defined (CLASS_NOT_APPROVED),
     * a mixed class its online course; a first publication an enrolment deadline still ahead. The clock
     * starts each at its start.
     */
    async publish(p: Principal, ids: number[]) {
      const now = new Date();
      return db.transaction(async (tx) => {
        const rows = await lockInScope(tx, p, ids);
        const flow = await repo.approvalFlowDefined(tx);
        const listed = new Map((await repo.trainClassList.rowsOf(tx, ids)).map((r) => [r.id, r]));
        for (const r of rows) {
          if (!TRAIN_CLASS_LIFECYCLE.can(r.status, 'publish')) continue;
          if (!publishable(listed.get(r.id)?.approvalState ?? 'none', flow)) throw new AppError('CLASS_NOT_APPROVED', { field: 'ids', data: { ids: [r.id] } });
          if (r.mode === 'mixed' && !(await repo.coursesOf(tx, r.id)).length) throw new AppError('COURSE_REQUIRED', { field: 'ids', data: { ids: [r.id] } });
          if (r.status === 'toPublish' && r.enrolEndAt <= now) throw new AppError('DEADLINE_BEFORE_NOW', { field: 'ids', data: { ids: [r.id] } });
        }
        await transition(tx, rows, 'publish', { publishedAt: now });
        for (const r of rows) await scheduleStart(tx, r.id, r.startAt);
        return { count: rows.length };
      });
    },

    /** Back to "to be published": students no longer see it. */
    async offline(p: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await lockInScope(tx, p, ids);
        await transition(tx, rows, 'offline');
        return { count: rows.length };
      });
    },

    /** Cancels a class not started yet; its admitted people are told the reason. */
    async cancel(p: Principal, input: TrainClassCancel): Promise<TrainClassDetail> {
      await db.transaction(async (tx) => {
        const rows = await lockInScope(tx, p, [input.id]);
        await transition(tx, rows, 'cancel', { cancelReason: input.reason });
        await notify(tx, input.id, 'trainClassCancelled', { name: rows[0].name, reason: input.reason });
      });
      return get(p, input.id);
    },

    /** Completes started classes. */
    async complete(p: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await lockInScope(tx, p, ids);
        await transition(tx, rows, 'complete');
        return { count: rows.length };
      });
    },

    /** Submits the class application to the `trainingClass` flow in this transaction. */
    async submit(p: Principal, id: number): Promise<TrainClassDetail> {
      await db.transaction(async (tx) => {
        const row = await lockSubmittable(tx, p, id);
        await submitApproval(app, tx, { businessType: TRAIN_CLASS_APPROVAL_TYPE, businessId: id, applicantId: p.userId, title: row.name });
      });
      return get(p, id);
    },

    /** `/api/approval/submit` of a class (a resubmission from "my approvals"): the same rules as `submit`. */
    async prepareApproval(tx: DbOrTx, p: Principal, id: number) {
      if (!hasAnyPermission(p.permissions, [ABILITY_CODES.submit])) throw new AppError('NO_PERMISSION_ERROR', { field: 'businessId' });
      return { title: (await lockSubmittable(tx, p, id)).name };
    },

    /** The class's managers (pxapgl, in scope) read its approval and history too. */
    async mayReadApproval(tx: DbOrTx, p: Principal, id: number) {
      if (!hasAnyPermission(p.permissions, ['pxapgl'])) return false;
      const [row] = await repo.trainClassList.rowsOf(tx, [id]);
      return !!row?.orgPath && pathInScope(p, row.orgPath);
    },

    /** Excel of the list (filters and order) in the caller's scope. */
    async exportList(p: Principal, q: TrainClassExport) {
      const { lang, timeZone, ...filters } = q;
      return classesWorkbook({ lang, timeZone }, await allOf(p, filters));
    },

    /** Classes and their stages running in [from, to] (at most 62 days), in the caller's scope. */
    async calendar(p: Principal, q: TrainClassCalendarQuery): Promise<TrainClassCalendar> {
      const from = time(q.from);
      const to = time(q.to);
      if (to <= from || to.getTime() - from.getTime() > TRAIN_CLASS_CALENDAR_DAYS_MAX * 86_400_000) throw new AppError('PARAMETER_INVALID', { field: 'to' });
      const where = and(repo.inSpan(from, to), inScope(p, trainClasses.orgId), q.orgId ? eq(trainClasses.orgId, q.orgId) : undefined)!;
      const page = await repo.classPage(db, where, 1, 1000, [sql`${trainClasses.startAt}`, sql`${trainClasses.id}`]);
      const now = new Date();
      const names = new Map(page.records.map((r) => [r.id, r.name]));
      const stages = await repo.stagesOf(
        db,
        page.records.map((r) => r.id),
        sql`starts_at < ${to.toISOString()}::timestamptz and ends_at > ${from.toISOString()}::timestamptz`,
      );
      return {
        classes: page.records.map((r) => ({
          id: r.id,
          code: r.code,
          name: r.name,
          state: r.status,
          displayState: trainClassDisplayState(r, now),
          startAt: iso(r.startAt),
          endAt: iso(r.endAt),
          mode: r.mode,
        })),
        stages: stages.map((s) => ({ ...stageOut(s), classId: s.classId, className: names.get(s.classId) ?? '' })),
      };
    },

    /** The editor's pickers; plan lines of approved plans of the caller's departments. */
    choices: (p: Principal, q: TrainClassChoiceQuery) => repo.choices(db, q.kind, q.keyword, (orgColumn) => inScope(p, orgColumn)),

    /** Classes in the caller's scope for pickers (newest first, at most 50). */
    async options(p: Principal, q: TrainClassOptionQuery): Promise<TrainClassOption[]> {
      const page = await repo.classPage(db, and(inScope(p, trainClasses.orgId), repo.optionsWhere(q.keyword), q.mode ? eq(trainClasses.mode, q.mode) : undefined)!, 1, 50);
      return page.records.map((r) => ({ id: r.id, code: r.code, name: r.name, state: r.status }));
    },

    /** Class-teacher end: the classes I am the headmaster of. */
    async myHeadmaster(p: Principal, q: MyTrainClassQuery) {
      const where = and(eq(trainClasses.headmasterId, p.userId), repo.optionsWhere(q.keyword), sql`${trainClasses.status} <> 'toPublish'`)!;
      return endRows(await repo.classPage(db, where, q.page, q.size), () => true);
    },

    /** Lecturer end: the classes with a stage I teach (lecturers.user_id is me), with my stages only. */
    async myLecturer(p: Principal, q: MyTrainClassQuery) {
      const where = and(repo.lecturerClassesWhere(p.userId), repo.optionsWhere(q.keyword), sql`${trainClasses.status} <> 'toPublish'`)!;
      return endRows(await repo.classPage(db, where, q.page, q.size), (s) => s.lecturerUserId === p.userId);
    },

    /** One class on an end: its headmaster or a lecturer of one of its stages (else NO_DATA_PERMISSION_ERROR). */
    async myGet(p: Principal, id: number): Promise<TrainClassDetail> {
      const [r] = await repo.trainClassList.rowsOf(db, [id]);
      if (!r) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      const stages = await repo.stagesOf(db, [id]);
      const mine = r.headmasterId === p.userId || stages.some((s) => s.lecturerUserId === p.userId);
      if (!mine) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'id' });
      const [row] = await present(p, [r]);
      if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      return detailOf(row);
    },

    /** The clock: starts a published class at its start (a class offline, cancelled or moved does nothing). */
    async startDue(classId: number, at: number) {
      return db.transaction(async (tx) => {
        const rows = await repo.lockTrainClasses(tx, [classId]);
        const r = rows[0];
        if (!r || !TRAIN_CLASS_LIFECYCLE.can(r.status, 'start')) return 'skipped' as const;
        // Not yet: the job sent for this start ran early (again shortly); one sent for an older start does nothing.
        if (Date.now() < r.startAt.getTime()) return r.startAt.getTime() === at ? ('early' as const) : ('skipped' as const);
        await transition(tx, rows, 'start');
        return 'started' as const;
      });
    },

    /** Room, site, lecturer and course in-use checks for their owners. */
    usedBy: repo.usedBy,
    lockInScope,
  };
}
export type TrainClassesService = ReturnType<typeof createTrainClassesService>;
