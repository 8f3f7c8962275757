import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inArray } from 'drizzle-orm';
import {
  SIGN_IN_LATE_GRACE_MS,
  SIGN_IN_OPENS_BEFORE_MS,
  SIGN_IN_WINDOW_MS,
  type AttendanceClassRow,
  type AttendanceSheet,
  type AttendanceStats,
  type SignInCode,
  type UserImportResult,
} from '@hanlin/shared';
import { call, login, newUserSession, ok, refusal, useTestApp, type Session } from '../../test/harness.js';
import { buildOrg } from '../../test/factories.js';
import { filledTemplate, readBook, uploadFile } from '../../test/excel.js';
import { trainClasses, trainClassStages } from '../train-classes/index.js';
import { trainEnrolments } from '../train-enrolments/index.js';
import { users as usersTable } from '../users/index.js';
import { attendanceOf } from './index.js';

const t = useTestApp();
type Person = Session & { id: number };
const MIN = 60_000;
let admin: Session;
let deptA: { id: number };
let deptB: { id: number };
/** Attendance keeper of department A (enter, import, export), approver of A, keeper of B, class teachers, trainees. */
let keeperA: Person;
let approverA: Person;
let keeperB: Person;
let teacher: Person;
let otherTeacher: Person;
let ann: Person;
let ben: Person;
let cid: Person;

beforeAll(async () => {
  admin = await login(t.app);
  deptA = await buildOrg(t.db);
  deptB = await buildOrg(t.db);
  keeperA = await newUserSession(t, { permissions: ['pxkqsp', 'pxkqsp:import', 'pxkqsp:export'], orgId: deptA.id, scopeOrgIds: [deptA.id] });
  approverA = await newUserSession(t, { permissions: ['pxkqsp', 'pxkqsp:approve'], orgId: deptA.id, scopeOrgIds: [deptA.id] });
  keeperB = await newUserSession(t, { permissions: ['pxkqsp', 'pxkqsp:approve', 'pxkqsp:import'], orgId: deptB.id, scopeOrgIds: [deptB.id] });
  teacher = await newUserSession(t, { permissions: ['pxgl-bzr'], orgId: deptB.id, realname: 'Teacher' });
  otherTeacher = await newUserSession(t, { permissions: ['pxgl-bzr'], orgId: deptA.id });
  ann = await newUserSession(t, { permissions: [], orgId: deptA.id, realname: 'Ann' });
  ben = await newUserSession(t, { permissions: [], orgId: deptB.id, realname: 'Ben' });
  cid = await newUserSession(t, { permissions: [], orgId: deptA.id, realname: 'Cid' });
});

afterEach(() => {
  vi.useRealTimers();
});

let n = 0;
/**
 * A class of department A headed by `teacher`, with stages at the given offsets from now (minutes; 60 min
 * long), Ann and Ben admitted and Cid waiting for approval.
 */
async function buildClass(stageStarts: number[], opts: { status?: 'started' | 'cancelled'; mode?: 'faceToFace' | 'mixed' } = {}) {
  const now = Date.now();
  const [c] = await t.db
    .insert(trainClasses)
    .values({
      code: `PXT${++n}${now}`,
      name: `Attendance class ${n}-${now}`,
      status: opts.status ?? 'started',
      mode: opts.mode ?? 'faceToFace',
      days: 2,
      startAt: new Date(now - 24 * 60 * MIN),
      endAt: new Date(now + 24 * 60 * MIN),
      enrolStartAt: new Date(now - 72 * 60 * MIN),
      enrolEndAt: new Date(now - 48 * 60 * MIN),
      traineeQuota: 30,
      headmasterId: teacher.id,
      orgId: deptA.id,
    })
    .returning();
  const stages = await t.db
    .insert(trainClassStages)
    .values(stageStarts.map((m, i) => ({ classId: c!.id, name: `Stage ${i + 1}`, startsAt: new Date(now + m * MIN), endsAt: new Date(now + (m + 60) * MIN), sort: i })))
    .returning();
  await t.db.insert(trainEnrolments).values([
    { classId: c!.id, userId: ann.id, status: 'approved' },
    { classId: c!.id, userId: ben.id, status: 'approved' },
    { classId: c!.id, userId: cid.id, status: 'pending' },
  ]);
  return { id: c!.id, name: c!.name, stages: stages.map((s) => s.id) };
}

const qr = (s: Session, stageId: number) => ok<SignInCode>(t.app, s, '/api/train-attendance/qr', { stageId });
const signIn = (s: Session, token: string) => call(t.app, s, '/api/train-attendance/sign-in', { token });
const sheet = (s: Session, classId: number) => ok<AttendanceSheet>(t.app, s, '/api/train-attendance/sheet', { classId });
const statusOf = (sh: AttendanceSheet, stageId: number, userId: number) => sh.records.find((r) => r.stageId === stageId && r.userId === userId);
const codeOfRes = async (res: Awaited<ReturnType<typeof signIn>>) => (res.statusCode === 200 ? 'OK' : (res.json() as { msg: string; code: number }).msg);
const refusedCode = async (s: Session, token: string) => {
  const res = await signIn(s, token);
  return res.statusCode === 200 ? 'OK' : (await refusal(t.app, s, '/api/train-attendance/sign-in', { token })).code;
};

describe('train attendance: QR sign-in', () => {
  it('the class teacher shows a code that opens the portal sign-in page; the trainee signs in present, once', async () => {
    const c = await buildClass([-5]);
    const code = await qr(teacher, c.stages[0]!);
    expect(code.url).toBe(`/portal/training/sign-in?t=${encodeURIComponent(code.token)}`);
    expect(new Date(code.windowEndsAt).getTime() - new Date(code.serverTime).getTime()).toBeLessThanOrEqual(SIGN_IN_WINDOW_MS);
    expect(new Date(code.windowEndsAt).getTime() % SIGN_IN_WINDOW_MS).toBe(0);
    const res = await signIn(ann, code.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ className: c.name, stageName: 'Stage 1', status: 'present' });
    expect(await refusedCode(ann, code.token)).toBe('SIGN_IN_REPEATED');
    const sh = await sheet(keeperA, c.id);
    expect(statusOf(sh, c.stages[0]!, ann.id)).toMatchObject({ status: 'present', source: 'qr' });
    expect(statusOf(sh, c.stages[0]!, ben.id)).toBeUndefined();
  });

  it('is late after the start plus the grace, ended after the stage, out of period before the window opens', async () => {
    const graceMin = SIGN_IN_LATE_GRACE_MS / MIN;
    const openMin = SIGN_IN_OPENS_BEFORE_MS / MIN;
    const c = await buildClass([-(graceMin + 5), -120, openMin + 10, openMin - 5]);
    const [late, ended, tooEarly, early] = c.stages as [number, number, number, number];
    expect((await signIn(ann, (await qr(teacher, late)).token)).json().data.status).toBe('late');
    expect(await refusedCode(ann, (await qr(teacher, ended)).token)).toBe('SIGN_IN_ENDED');
    expect(await refusedCode(ann, (await qr(teacher, tooEarly)).token)).toBe('SIGN_IN_OUT_OF_PERIOD');
    expect((await signIn(ann, (await qr(teacher, early)).token)).json().data.status).toBe('present');
  });

  it('refuses a person not admitted (pending or never signed up) and a cancelled class', async () => {
    const c = await buildClass([0]);
    const code = await qr(teacher, c.stages[0]!);
    expect(await refusedCode(cid, code.token)).toBe('SIGN_IN_NOT_REGISTERED');
    expect(await refusedCode(keeperA, code.token)).toBe('SIGN_IN_NOT_REGISTERED');
    const cancelled = await buildClass([0], { status: 'cancelled' });
    expect(await refusedCode(ann, (await qr(keeperA, cancelled.stages[0]!)).token)).toBe('SIGN_IN_CANCELLED');
  });

  it('rotates every 30 s on the server clock: the previous window still signs in, an older code is expired, a forged one invalid', async () => {
    const c = await buildClass([0, 0]);
    vi.useFakeTimers({ toFake: ['Date'] });
    // At the start of a window, so the next steps land in known windows.
    const start = (Math.floor(Date.now() / SIGN_IN_WINDOW_MS) + 1) * SIGN_IN_WINDOW_MS + 1000;
    vi.setSystemTime(start);
    const first = await qr(teacher, c.stages[0]!);
    const again = await qr(teacher, c.stages[0]!);
    expect(again.token).toBe(first.token);
    vi.setSystemTime(start + SIGN_IN_WINDOW_MS);
    const next = await qr(teacher, c.stages[0]!);
    expect(next.token).not.toBe(first.token);
    // One window later, the code just replaced still works (a scan at the edge).
    expect(await codeOfRes(await signIn(ann, first.token))).toBe('OK');
    // Two windows later, it does not.
    vi.setSystemTime(start + 2 * SIGN_IN_WINDOW_MS);
    expect(await refusedCode(ben, first.token)).toBe('SIGN_IN_CODE_EXPIRED');
    expect(await codeOfRes(await signIn(ben, next.token))).toBe('OK');
    // A code of another stage's window, a changed signature, a future window: invalid.
    const [stage, w, sig] = next.token.split('.') as [string, string, string];
    const other = `${c.stages[1]}.${w}.${sig}`;
    expect(await refusal(t.app, ann, '/api/train-attendance/sign-in', { token: other })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'token' });
    expect(await refusal(t.app, ann, '/api/train-attendance/sign-in', { token: `${stage}.${Number(w) + 5}.${sig}` })).toMatchObject({ code: 'PARAMETER_INVALID' });
    expect(await refusal(t.app, ann, '/api/train-attendance/sign-in', { token: 'garbage' })).toMatchObject({ code: 'PARAMETER_INVALID' });
  });

  it('many sign-ins of one person at once: one wins, the others are repeated', async () => {
    const c = await buildClass([0]);
    const code = await qr(teacher, c.stages[0]!);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => signIn(ben, code.token)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => r.json().msg)).toEqual(Array(4).fill('SIGN_IN_REPEATED'));
  });

  it('only the class teacher of the class or a keeper in scope shows the code; anyone signed in may try to sign in', async () => {
    const c = await buildClass([0]);
    expect(await refusal(t.app, otherTeacher, '/api/train-attendance/qr', { stageId: c.stages[0] })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    expect(await refusal(t.app, keeperB, '/api/train-attendance/qr', { stageId: c.stages[0] })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    expect(await refusal(t.app, ann, '/api/train-attendance/qr', { stageId: c.stages[0] })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    expect(await refusal(t.app, keeperA, '/api/train-attendance/qr', { stageId: 2147483000 })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
    expect((await qr(admin, c.stages[0]!)).stageId).toBe(c.stages[0]);
    expect((await call(t.app, null, '/api/train-attendance/sign-in', { token: 'x' })).statusCode).toBe(401);
  });
});

describe('train attendance: manual entry, approval and scope', () => {
  it('manual entry sets statuses in bulk and overrides a QR sign-in; people not admitted and foreign stages are refused', async () => {
    const c = await buildClass([-5, 60]);
    const [s1, s2] = c.stages as [number, number];
    await signIn(ann, (await qr(teacher, s1)).token);
    const entries = [
      { stageId: s1, userId: ann.id, status: 'leave' },
      { stageId: s1, userId: ben.id, status: 'present' },
      { stageId: s2, userId: ann.id, status: 'absent' },
      { stageId: s2, userId: ben.id, status: 'late' },
    ];
    expect(await ok(t.app, teacher, '/api/train-attendance/enter', { classId: c.id, entries })).toEqual({ count: 4 });
    const sh = await sheet(teacher, c.id);
    expect(statusOf(sh, s1, ann.id)).toMatchObject({ status: 'leave', source: 'manual', signedAt: null });
    expect(statusOf(sh, s2, ben.id)).toMatchObject({ status: 'late', source: 'manual' });
    // A trainee on leave who comes after all signs in by QR.
    expect(await codeOfRes(await signIn(ann, (await qr(teacher, s1)).token))).toBe('OK');
    expect(statusOf(await sheet(teacher, c.id), s1, ann.id)).toMatchObject({ status: 'present', source: 'qr' });

    expect(await refusal(t.app, keeperA, '/api/train-attendance/enter', { classId: c.id, entries: [{ stageId: s1, userId: cid.id, status: 'present' }] })).toMatchObject({
      code: 'SIGN_IN_NOT_REGISTERED',
      field: 'entries',
    });
    const other = await buildClass([0]);
    expect(
      await refusal(t.app, keeperA, '/api/train-attendance/enter', { classId: c.id, entries: [{ stageId: other.stages[0], userId: ann.id, status: 'present' }] }),
    ).toMatchObject({
      code: 'NOT_FOUND_ERROR',
    });
    expect(await refusal(t.app, keeperA, '/api/train-attendance/enter', { classId: c.id, entries: [{ stageId: s1, userId: ann.id, status: 'here' }] })).toMatchObject({
      code: 'PARAMETER_INVALID',
    });
  });

  it('lists the classes in scope for keepers and the headed classes for a class teacher; refuses others', async () => {
    const c = await buildClass([0], { mode: 'mixed' });
    const ids = async (s: Session, q: object = {}) =>
      ((await ok(t.app, s, '/api/train-attendance/classes', { size: 500, ...q })).records as AttendanceClassRow[]).map((r) => r.id);
    expect(await ids(keeperA)).toContain(c.id);
    expect(await ids(keeperA, { mode: 'mixed' })).toContain(c.id);
    expect(await ids(keeperA, { mode: 'faceToFace' })).not.toContain(c.id);
    expect(await ids(teacher)).toContain(c.id);
    expect(await ids(keeperB)).not.toContain(c.id);
    expect(await ids(otherTeacher)).not.toContain(c.id);
    expect(await refusal(t.app, keeperB, '/api/train-attendance/sheet', { classId: c.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    expect(
      await refusal(t.app, otherTeacher, '/api/train-attendance/enter', { classId: c.id, entries: [{ stageId: c.stages[0], userId: ann.id, status: 'present' }] }),
    ).toMatchObject({
      code: 'NO_DATA_PERMISSION_ERROR',
    });
    expect(await refusal(t.app, ann, '/api/train-attendance/sheet', { classId: c.id })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
  });

  it('the sheet goes draft → submitted → refused → submitted → approved; abilities follow; entries lock while submitted or approved', async () => {
    const c = await buildClass([0]);
    const entry = { classId: c.id, entries: [{ stageId: c.stages[0], userId: ann.id, status: 'present' }] };
    let sh = await sheet(keeperA, c.id);
    expect(sh.state).toBe('draft');
    expect(sh.abilities).toEqual({ modify: true, submit: true, approve: false, refuse: false, reopen: false });
    expect(await refusal(t.app, approverA, '/api/train-attendance/approve', { classId: c.id })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    sh = await ok(t.app, teacher, '/api/train-attendance/submit', { classId: c.id });
    expect(sh.state).toBe('submitted');
    expect(sh.abilities).toMatchObject({ modify: false, submit: false, approve: false });
    expect((await sheet(approverA, c.id)).abilities).toMatchObject({ approve: true, refuse: true, modify: false });
    expect(await refusal(t.app, keeperA, '/api/train-attendance/enter', entry)).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    // An approver of another department, a keeper without the approve action: refused.
    expect(await refusal(t.app, keeperB, '/api/train-attendance/approve', { classId: c.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    expect(await refusal(t.app, keeperA, '/api/train-attendance/approve', { classId: c.id })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    sh = await ok(t.app, approverA, '/api/train-attendance/refuse', { classId: c.id, reason: 'Stage 1 missing' });
    expect(sh).toMatchObject({ state: 'refused', reason: 'Stage 1 missing' });
    expect(await ok(t.app, keeperA, '/api/train-attendance/enter', entry)).toEqual({ count: 1 });
    await ok(t.app, keeperA, '/api/train-attendance/submit', { classId: c.id });
    sh = await ok(t.app, approverA, '/api/train-attendance/approve', { classId: c.id });
    expect(sh.state).toBe('approved');
    expect(sh.decidedAt).not.toBeNull();
    expect(await refusal(t.app, approverA, '/api/train-attendance/approve', { classId: c.id })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    expect(await refusal(t.app, keeperA, '/api/train-attendance/enter', entry)).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    expect((await ok(t.app, approverA, '/api/train-attendance/reopen', { classId: c.id })).state).toBe('draft');
    // Two approvals at once of a submitted sheet: one wins.
    await ok(t.app, keeperA, '/api/train-attendance/submit', { classId: c.id });
    const both = await Promise.all([1, 2].map(() => call(t.app, approverA, '/api/train-attendance/approve', { classId: c.id })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('train attendance: statistics, import, export', () => {
  it('counts per stage, per person and per organization over the admitted trainees; attendanceOf agrees', async () => {
    const c = await buildClass([-5, 60]);
    const [s1, s2] = c.stages as [number, number];
    await ok(t.app, keeperA, '/api/train-attendance/enter', {
      classId: c.id,
      entries: [
        { stageId: s1, userId: ann.id, status: 'present' },
        { stageId: s1, userId: ben.id, status: 'absent' },
        { stageId: s2, userId: ann.id, status: 'late' },
      ],
    });
    const st = await ok<AttendanceStats>(t.app, keeperA, '/api/train-attendance/stats', { classId: c.id });
    expect(st.trainees).toBe(2);
    expect(st.stages.map((s) => [s.present, s.late, s.absent, s.leave, s.unmarked, s.rate])).toEqual([
      [1, 0, 1, 0, 0, 0.5],
      [0, 1, 0, 0, 1, 0.5],
    ]);
    expect(st.people.map((p) => [p.realname, p.attended, p.total, p.rate])).toEqual([
      ['Ann', 2, 2, 1],
      ['Ben', 0, 2, 0],
    ]);
    expect(st.orgs.map((o) => [o.people, o.attended, o.possible, o.rate])).toEqual([
      [1, 2, 2, 1],
      [1, 0, 2, 0],
    ]);
    expect(await attendanceOf(t.db, c.id)).toEqual([
      { userId: ann.id, attended: 2, stages: 2 },
      { userId: ben.id, attended: 0, stages: 2 },
    ]);
    const file = await call(t.app, keeperA, '/api/train-attendance/stats/export', { classId: c.id });
    expect(file.statusCode).toBe(200);
    const rows = (await readBook(file.rawPayload)).worksheets[0]!.getSheetValues();
    expect(JSON.stringify(rows)).toContain('Ann');
    expect(JSON.stringify(rows)).toContain('出勤');
    expect(await refusal(t.app, teacher, '/api/train-attendance/stats/export', { classId: c.id })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
  });

  it('imports statuses with per-row errors and an error file; commit writes the good rows and overrides', async () => {
    const c = await buildClass([-5, 60]);
    const [s1, s2] = c.stages as [number, number];
    const users = await t.db
      .select()
      .from(usersTable)
      .where(inArray(usersTable.id, [ann.id, ben.id, cid.id]));
    const name = (id: number) => users.find((u) => u.id === id)!.username;
    const data = await filledTemplate(t.app, keeperA, '/api/train-attendance/template', [
      [name(ann.id), 'Ann', 'Stage 1', '出勤'],
      [name(ben.id), 'Ben', '2', 'Late'],
      [name(cid.id), 'Cid', 'Stage 1', 'present'],
      ['nobody-here', '', 'Stage 1', 'present'],
      [name(ann.id), 'Ann', 'Stage 9', 'present'],
      [name(ben.id), 'Ben', 'Stage 1', 'sleeping'],
      [name(ann.id), 'Ann', '1', 'absent'],
    ]);
    const url = `/api/train-attendance/import?classId=${c.id}`;
    const check = (await uploadFile(t.app, keeperA, url, 'a.xlsx', data, { mode: 'check' })).json().data as UserImportResult;
    expect(check).toMatchObject({ total: 7, valid: 2, invalid: 5, imported: 0 });
    expect(check.errors.map((e) => [e.row, e.field, e.reason])).toEqual([
      [4, 'username', 'NOT_ADMITTED'],
      [5, 'username', 'USER_NOT_FOUND'],
      [6, 'stage', 'STAGE_NOT_FOUND'],
      [7, 'status', 'STATUS_INVALID'],
      [8, 'stage', 'DUPLICATE_IN_FILE'],
    ]);
    const errFile = await call(t.app, keeperA, '/api/train-attendance/import/errors', { id: check.errorFileId });
    expect(errFile.statusCode).toBe(200);
    expect(JSON.stringify((await readBook(errFile.rawPayload)).worksheets[0]!.getSheetValues())).toContain('不是本班已录取学员');
    // Commit without skipping bad rows is refused; with skipInvalid the good rows are written.
    expect((await uploadFile(t.app, keeperA, url, 'a.xlsx', data, { mode: 'commit' })).statusCode).not.toBe(200);
    const done = (await uploadFile(t.app, keeperA, url, 'a.xlsx', data, { mode: 'commit', skipInvalid: 'true' })).json().data as UserImportResult;
    expect(done.imported).toBe(2);
    const sh = await sheet(keeperA, c.id);
    expect(statusOf(sh, s1, ann.id)).toMatchObject({ status: 'present', source: 'import' });
    expect(statusOf(sh, s2, ben.id)).toMatchObject({ status: 'late', source: 'import' });
    // Another department's keeper cannot import into the class; a submitted sheet takes no import.
    expect((await uploadFile(t.app, keeperB, url, 'a.xlsx', data, { mode: 'check' })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    await ok(t.app, keeperA, '/api/train-attendance/submit', { classId: c.id });
    expect((await uploadFile(t.app, keeperA, url, 'a.xlsx', data, { mode: 'check' })).json().msg).toBe('STATE_TRANSITION_INVALID');
  });
});
