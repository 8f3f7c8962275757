import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  ATTENDANCE_SHEET_LIFECYCLE,
  ATTENDED_STATUSES,
  SIGN_IN_LATE_GRACE_MS,
  SIGN_IN_OPENS_BEFORE_MS,
  SIGN_IN_PAGE_PATH,
  SIGN_IN_WINDOW_MS,
  hasAnyPermission,
  type AttendanceClassQuery,
  type AttendanceClassRow,
  type AttendanceEnter,
  type AttendanceSheet,
  type AttendanceSheetState,
  type AttendanceStats,
  type CommandOf,
  type SignInCode,
  type SignInResult,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListPage, ListRuntime } from '../../platform/list.js';
import { pathInScope } from '../../platform/scope.js';
import { settingSecret } from '../../platform/settings.js';
import { readsClassFromEnd } from '../train-classes/index.js';
import * as repo from './train-attendance.repository.js';
import { trainAttendanceSheets } from './train-attendance.schema.js';

/** Attendance approvers and training arrangers keep the classes of their data scope; a class teacher the classes they head. */
const SCOPE_CODES = ['pxkqsp', 'pxapgl'];
const TEACHER_CODE = 'pxgl-bzr';
const APPROVE_CODE = 'pxkqsp:approve';
const SECRET_KEY = 'trainAttendance.secret';

type ClassRow = repo.AttendanceClassListRow;
type SheetCommand = CommandOf<typeof ATTENDANCE_SHEET_LIFECYCLE>;

const keepsByScope = (p: Principal, c: Pick<ClassRow, 'orgPath'>) => hasAnyPermission(p.permissions, SCOPE_CODES) && !!c.orgPath && pathInScope(p, c.orgPath);
const keeps = (p: Principal, c: Pick<ClassRow, 'orgPath' | 'headmasterId'>) =>
  keepsByScope(p, c) || (hasAnyPermission(p.permissions, [TEACHER_CODE]) && c.headmasterId === p.userId);
const approves = (p: Principal, c: Pick<ClassRow, 'orgPath'>) => hasAnyPermission(p.permissions, [APPROVE_CODE]) && !!c.orgPath && pathInScope(p, c.orgPath);
const rate = (n: number, of: number) => (of ? Math.round((n / of) * 10000) / 10000 : 0);
const attended = (status: string) => (ATTENDED_STATUSES as readonly string[]).includes(status);

/** The 30-second window of an instant on the server's clock. */
export const windowOf = (ms: number) => Math.floor(ms / SIGN_IN_WINDOW_MS);
const TOKEN_PATTERN = /^(\d{1,10})\.(\d{1,14})\.([A-Za-z0-9_-]{22})$/;

export function createTrainAttendanceService({ db, lists }: { db: Db; lists: ListRuntime }) {
  let secret: Promise<Buffer> | undefined;
  const key = () => {
    // Two nodes may start together: the first to store a secret wins and both read the winner.
    secret ??= settingSecret(db, SECRET_KEY, 'secret', () => crypto.randomBytes(32).toString('hex'))
      .then((v) => Buffer.from(v, 'hex'))
      .catch((e) => {
        secret = undefined;
        throw e;
      });
    return secret;
  };
  const mac = async (stageId: number, window: number) =>
    crypto
      .createHmac('sha256', await key())
      .update(`${stageId}:${window}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');

  /** Abilities on a class's sheet: the state, the caller's codes and whether they keep or approve this class. */
  const abilitiesOf = (p: Principal, c: ClassRow, state: AttendanceSheetState) => {
    const L = ATTENDANCE_SHEET_LIFECYCLE;
    const keeper = keeps(p, c);
    const approver = approves(p, c);
    return {
      modify: keeper && L.canEdit(state),
      submit: keeper && L.can(state, 'submit'),
      approve: approver && L.can(state, 'approve'),
      refuse: approver && L.can(state, 'refuse'),
      reopen: approver && L.can(state, 'reopen'),
    };
  };
  const stateOf = (c: ClassRow): AttendanceSheetState => c.sheetState;

  const rowOf = (p: Principal, c: ClassRow): AttendanceClassRow => ({
    id: c.id,
    code: c.code,
    name: c.name,
    classState: c.classState,
    mode: c.mode,
    startAt: c.startAt.toISOString(),
    endAt: c.endAt.toISOString(),
    orgId: c.orgId,
    orgName: c.orgName,
    headmasterId: c.headmasterId,
    state: stateOf(c),
    abilities: abilitiesOf(p, c, stateOf(c)),
  });

  /** The class, when the caller keeps its attendance (NOT_FOUND_ERROR, NO_DATA_PERMISSION_ERROR). */
  async function keptClass(tx: DbOrTx, p: Principal, classId: number, field = 'classId') {
    const [c] = await repo.attendanceClassList.rowsOf(tx, [classId]);
    if (!c) throw new AppError('NOT_FOUND_ERROR', { field });
    if (!keeps(p, c)) throw new AppError('NO_DATA_PERMISSION_ERROR', { field });
    return c;
  }

  /** The class, when the caller keeps its attendance or reads it from the lecturer's end (a lecturer of one of its stages, read-only). */
  async function readClass(p: Principal, classId: number) {
    const [c] = await repo.attendanceClassList.rowsOf(db, [classId]);
    if (!c) throw new AppError('NOT_FOUND_ERROR', { field: 'classId' });
    if (!keeps(p, c) && !(await readsClassFromEnd(db, p, classId))) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'classId' });
    return c;
  }

  async function sheet(p: Principal, classId: number): Promise<AttendanceSheet> {
    const c = await readClass(p, classId);
    const [stages, trainees, records] = await Promise.all([repo.stagesOf(db, classId), repo.traineesOf(db, classId), repo.recordsOf(db, classId)]);
    return {
      ...rowOf(p, c),
      reason: c.reason,
      decidedAt: c.decidedAt?.toISOString() ?? null,
      stages: stages.map((s) => ({ id: s.id, name: s.name, startsAt: s.startsAt.toISOString(), endsAt: s.endsAt.toISOString() })),
      trainees,
      records: records.map((r) => ({ ...r, signedAt: r.signedAt?.toISOString() ?? null })),
    };
  }

  /** A sheet command on the locked sheet: STATE_TRANSITION_INVALID when the state does not allow it. */
  async function transition(p: Principal, classId: number, command: SheetCommand, set: (now: Date) => Partial<typeof trainAttendanceSheets.$inferInsert>) {
    await db.transaction(async (tx) => {
      const c = await keptClassFor(tx, p, classId, command);
      const row = await repo.lockSheet(tx, c.id);
      if (!ATTENDANCE_SHEET_LIFECYCLE.can(row.status, command)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'state' });
      const to = ATTENDANCE_SHEET_LIFECYCLE.transitions[command].to;
      await tx
        .update(trainAttendanceSheets)
        .set({ status: to, updatedAt: new Date(), ...set(new Date()) })
        .where(eq(trainAttendanceSheets.classId, c.id));
    });
    return sheet(p, classId);
  }

  /** Submitting needs a keeper; approving, refusing and reopening an approver of the class's scope. */
  async function keptClassFor(tx: DbOrTx, p: Principal, classId: number, command: SheetCommand) {
    if (command === 'submit') return keptClass(tx, p, classId);
    const [c] = await repo.attendanceClassList.rowsOf(tx, [classId]);
    if (!c) throw new AppError('NOT_FOUND_ERROR', { field: 'classId' });
    if (!approves(p, c)) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'classId' });
    return c;
  }

  async function stats(p: Principal, classId: number): Promise<AttendanceStats> {
    await readClass(p, classId);
    return statsOf(db, classId);
  }

  return {
    async classes(p: Principal, q: AttendanceClassQuery): Promise<ListPage<AttendanceClassRow>> {
      const page = hasAnyPermission(p.permissions, SCOPE_CODES)
        ? await repo.attendanceClassList.run(lists, p, q)
        : await repo.headmasterClassList.run(lists, p, { ...q, headmasterId: p.userId });
      return { ...page, records: page.records.map((c) => rowOf(p, c)) };
    },
    sheet,
    stats,

    /** Manual entry: the stages must be the class's and the people its admitted trainees; the sheet a draft or refused. */
    async enter(p: Principal, input: AttendanceEnter) {
      return db.transaction(async (tx) => {
        const c = await keptClass(tx, p, input.classId);
        const sheetRow = await repo.lockSheet(tx, c.id);
        if (!ATTENDANCE_SHEET_LIFECYCLE.canEdit(sheetRow.status)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'state' });
        const stageIds = new Set((await repo.stagesOf(tx, c.id)).map((s) => s.id));
        const admitted = new Set((await repo.traineesOf(tx, c.id)).map((t) => t.userId));
        const badStages = [...new Set(input.entries.filter((e) => !stageIds.has(e.stageId)).map((e) => e.stageId))];
        if (badStages.length) throw new AppError('NOT_FOUND_ERROR', { field: 'entries', data: { stageIds: badStages } });
        const outsiders = [...new Set(input.entries.filter((e) => !admitted.has(e.userId)).map((e) => e.userId))];
        if (outsiders.length) throw new AppError('SIGN_IN_NOT_REGISTERED', { field: 'entries', data: { userIds: outsiders } });
        // The last entry of a stage and person wins.
        const unique = [...new Map(input.entries.map((e) => [`${e.stageId}:${e.userId}`, e])).values()];
        await repo.upsertEntries(tx, c.id, unique, 'manual', p.userId);
        return { count: unique.length };
      });
    },

    submit: (p: Principal, classId: number) => transition(p, classId, 'submit', (now) => ({ submittedAt: now, submittedBy: p.userId, reason: '' })),
    approve: (p: Principal, classId: number) => transition(p, classId, 'approve', (now) => ({ decidedAt: now, decidedBy: p.userId })),
    refuse: (p: Principal, classId: number, reason: string) => transition(p, classId, 'refuse', (now) => ({ decidedAt: now, decidedBy: p.userId, reason })),
    reopen: (p: Principal, classId: number) => transition(p, classId, 'reopen', () => ({ decidedAt: null, decidedBy: null })),

    /** The stage's code of the current window: HMAC of stage and window number with the server's secret. */
    async qr(p: Principal, stageId: number): Promise<SignInCode> {
      const stage = await repo.stageWithClass(db, stageId);
      if (!stage) throw new AppError('NOT_FOUND_ERROR', { field: 'stageId' });
      const c = await keptClass(db, p, stage.classId, 'stageId');
      const now = Date.now();
      const w = windowOf(now);
      const token = `${stageId}.${w}.${await mac(stageId, w)}`;
      return {
        stageId,
        stageName: stage.stageName,
        className: c.name,
        token,
        url: `${SIGN_IN_PAGE_PATH}?t=${encodeURIComponent(token)}`,
        windowEndsAt: new Date((w + 1) * SIGN_IN_WINDOW_MS).toISOString(),
        serverTime: new Date(now).toISOString(),
      };
    },

    /**
     * A trainee's sign-in by a scanned code, on the server's clock: the code of this window or the one before;
     * the class not cancelled; the person admitted; from SIGN_IN_OPENS_BEFORE_MS before the stage start until
     * its end; late after the start plus SIGN_IN_LATE_GRACE_MS; once.
     */
    async signIn(p: Principal, token: string): Promise<SignInResult> {
      const m = TOKEN_PATTERN.exec(token);
      if (!m) throw new AppError('PARAMETER_INVALID', { field: 'token' });
      const stageId = Number(m[1]);
      const w = Number(m[2]);
      const expected = Buffer.from(await mac(stageId, w));
      const given = Buffer.from(m[3]!);
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw new AppError('PARAMETER_INVALID', { field: 'token' });
      const now = new Date();
      const current = windowOf(now.getTime());
      if (w > current) throw new AppError('PARAMETER_INVALID', { field: 'token' });
      if (w < current - 1) throw new AppError('SIGN_IN_CODE_EXPIRED', { field: 'token' });

      const ctx = await repo.signInContext(db, stageId, p.userId);
      if (!ctx) throw new AppError('NOT_FOUND_ERROR', { field: 'token' });
      if (ctx.classState === 'cancelled') throw new AppError('SIGN_IN_CANCELLED');
      if (ctx.enrolment !== 'approved') throw new AppError('SIGN_IN_NOT_REGISTERED');
      if (now >= ctx.endsAt) throw new AppError('SIGN_IN_ENDED');
      if (now.getTime() < ctx.startsAt.getTime() - SIGN_IN_OPENS_BEFORE_MS) throw new AppError('SIGN_IN_OUT_OF_PERIOD');
      const status = now.getTime() > ctx.startsAt.getTime() + SIGN_IN_LATE_GRACE_MS ? 'late' : 'present';
      const written = await repo.signInRecord(db, { classId: ctx.classId, stageId, userId: p.userId, status, at: now });
      if (!written) throw new AppError('SIGN_IN_REPEATED');
      return { className: ctx.className, stageName: ctx.stageName, status, signedAt: now.toISOString() };
    },
  };
}
export type TrainAttendanceService = ReturnType<typeof createTrainAttendanceService>;

/** Statistics of a class over its admitted trainees: per stage, per person, per organization. */
export async function statsOf(db: DbOrTx, classId: number): Promise<AttendanceStats> {
  const [stages, trainees, records] = await Promise.all([repo.stagesOf(db, classId), repo.traineesOf(db, classId), repo.recordsOf(db, classId)]);
  const admitted = new Set(trainees.map((t) => t.userId));
  const statusOf = new Map(records.filter((r) => admitted.has(r.userId)).map((r) => [`${r.stageId}:${r.userId}`, r.status]));
  const n = trainees.length;
  const perStage = stages.map((s) => {
    const counts = { present: 0, late: 0, absent: 0, leave: 0 };
    for (const t of trainees) {
      const st = statusOf.get(`${s.id}:${t.userId}`);
      if (st) counts[st]++;
    }
    const marked = counts.present + counts.late + counts.absent + counts.leave;
    return {
      id: s.id,
      name: s.name,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
      ...counts,
      unmarked: n - marked,
      rate: rate(counts.present + counts.late, n),
    };
  });
  const people = trainees.map((t) => {
    const count = stages.filter((s) => attended(statusOf.get(`${s.id}:${t.userId}`) ?? '')).length;
    return { ...t, attended: count, total: stages.length, rate: rate(count, stages.length) };
  });
  const byOrg = new Map<string | null, { orgName: string | null; people: number; attended: number; possible: number }>();
  for (const person of people) {
    const o = byOrg.get(person.orgName) ?? { orgName: person.orgName, people: 0, attended: 0, possible: 0 };
    o.people++;
    o.attended += person.attended;
    o.possible += person.total;
    byOrg.set(person.orgName, o);
  }
  const orgs = [...byOrg.values()].map((o) => ({ ...o, rate: rate(o.attended, o.possible) }));
  return { trainees: n, stages: perStage, people, orgs };
}

/** Per admitted trainee of a class: stages attended (present or late) of all its stages (for the results module). */
export async function attendanceOf(db: DbOrTx, classId: number): Promise<{ userId: number; attended: number; stages: number }[]> {
  const { rows } = await db.execute<{ user_id: number; attended: number; stages: number }>(sql`
    select e.user_id,
           (select count(*)::int from train_attendance_records r
             where r.class_id = e.class_id and r.user_id = e.user_id and r.status in ('present', 'late')
               and exists (select 1 from train_class_stages s where s.id = r.stage_id)) as attended,
           (select count(*)::int from train_class_stages s where s.class_id = e.class_id) as stages
      from train_enrolments e
     where e.class_id = ${classId} and e.status = 'approved'
     order by e.user_id`);
  return rows.map((r) => ({ userId: r.user_id, attended: r.attended, stages: r.stages }));
}
