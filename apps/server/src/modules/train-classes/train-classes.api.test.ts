import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_DEFAULT_LAYOUT,
  type ApprovalRow,
  type MyTrainClassRow,
  type TrainClassNotice,
  type TrainClassCalendar,
  type TrainClassDetail,
  type TrainClassRow,
} from '@hanlin/shared';
import { useTestApp, login, ok, refusal, call, newUserSession, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { makeJobsDue, queuedJobs } from '../../test/jobs.js';
import { readBook } from '../../test/excel.js';
import { boardrooms } from '../boardrooms/index.js';
import { lecturers } from '../lecturers/index.js';
import { registerClassAudience } from './index.js';
import { TRAIN_CLASS_CLOCK_JOB } from './train-classes.service.js';

const t = useTestApp();
type Person = Session & { id: number };
const ALL = ['pxapgl', 'pxapgl:add', 'pxapgl:modify', 'pxapgl:delete', 'pxapgl:publish', 'pxapgl:unpublish', 'pxapgl:export'];
const DAY = 86_400_000;
const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const uniq = () => crypto.randomUUID().slice(0, 8);

let admin: Session;
let deptA: { id: number };
let deptB: { id: number };
let adminA: Person;
let adminB: Person;
/** Admitted people of each class, as train-enrolments would answer them. */
const audience = new Map<number, number[]>();

beforeAll(async () => {
  admin = await login(t.app);
  deptA = await buildOrg(t.db);
  deptB = await buildOrg(t.db);
  adminA = await newUserSession(t, { permissions: ALL, orgId: deptA.id, scopeOrgIds: [deptA.id] });
  adminB = await newUserSession(t, { permissions: ALL, orgId: deptB.id, scopeOrgIds: [deptB.id] });
  registerClassAudience(t.app, async (_db, classId) => audience.get(classId) ?? [], 'test-audience');
});

/** A class starting in `startDays` days, for two days, enrolment open from now until the day before. */
function klass(over: Record<string, unknown> = {}, startDays = 10) {
  const start = Date.now() + startDays * DAY;
  return {
    name: `Class ${uniq()}`,
    days: 2,
    startAt: new Date(start).toISOString(),
    endAt: new Date(start + 2 * DAY).toISOString(),
    enrolStartAt: at(-HOUR),
    enrolEndAt: new Date(start - DAY).toISOString(),
    traineeQuota: 30,
    ...over,
  };
}
const stage = (startAt: string, hours: number, over: Record<string, unknown> = {}) => ({
  name: `Stage ${uniq()}`,
  startsAt: startAt,
  endsAt: new Date(Date.parse(startAt) + hours * HOUR).toISOString(),
  ...over,
});
const insert = (s: Session, over: Record<string, unknown> = {}, startDays = 10) => ok<TrainClassDetail>(t.app, s, '/api/train-class/insert', klass(over, startDays));
const get = (s: Session, id: number) => ok<TrainClassDetail>(t.app, s, '/api/train-class/get', { id });
const publish = (s: Session, id: number) => ok(t.app, s, '/api/train-class/publish', { ids: [id] });

async function room() {
  const [r] = await t.db
    .insert(boardrooms)
    .values({ number: `R${uniq()}`, name: `Room ${uniq()}`, capacity: 20, orgId: deptA.id })
    .returning();
  return r!.id;
}
async function lecturer(userId: number | null = null) {
  const [l] = await t.db
    .insert(lecturers)
    .values({ realname: 'Lect', username: `lec${uniq()}`, kind: 'internal', orgId: deptA.id, userId })
    .returning();
  return l!.id;
}
async function inbox(userId: number) {
  const { rows } = await t.db.execute<{ template: string; params: Record<string, string> }>(
    sql`select template, params from messages where user_id = ${userId} and kind = 'training' order by id`,
  );
  return rows;
}

describe('training classes: creating (spec §5)', () => {
  it('the server gives the code; the class waits to be published, not started, with its stages, budget and abilities', async () => {
    const k = klass();
    const c = await ok<TrainClassDetail>(t.app, adminA, '/api/train-class/insert', {
      ...k,
      stages: [stage(k.startAt, 3, { placeText: 'Hall A', topic: 'Safety' })],
      budgetItems: [
        { project: 'Meals', amountPerCapita: 50 },
        { project: 'Books', amountPerCapita: 30 },
      ],
      applicationNotice: 'Bring a laptop',
    });
    expect(c.code).toMatch(/^PX\d{4}\d{6}$/);
    expect(c).toMatchObject({ state: 'toPublish', displayState: 'notStarted', orgId: deptA.id, budgetPerCapita: 80, seatsTaken: 0, approvalState: 'none' });
    expect(c.stages).toHaveLength(1);
    expect(c.stages[0]).toMatchObject({ placeText: 'Hall A', topic: 'Safety' });
    expect(c.abilities).toEqual({ modify: true, delete: true, publish: true, offline: false, cancel: true, complete: false, submit: false });
    const other = await insert(adminA);
    expect(other.code).not.toBe(c.code);
  });

  it('refuses the times of §5 with clear codes', async () => {
    const k = klass();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ endAt: k.startAt }, 'PARAMETER_INVALID', 'endAt'],
      [{ enrolEndAt: at(-60_000), enrolStartAt: at(-HOUR) }, 'DEADLINE_BEFORE_NOW', 'enrolEndAt'],
      [{ enrolEndAt: new Date(Date.parse(k.startAt) + HOUR).toISOString() }, 'ENROL_END_AFTER_START', 'enrolEndAt'],
      [{ stages: [stage(new Date(Date.parse(k.startAt) - HOUR).toISOString(), 2)] }, 'STAGE_OUTSIDE_CLASS', 'stages'],
      [{ stages: [stage(k.startAt, -1)] }, 'PARAMETER_INVALID', 'stages'],
      [{ mode: 'mixed' }, 'COURSE_REQUIRED', 'courseIds'],
      [{ planKind: 'inPlan' }, 'PARAMETER_INVALID', 'yearPlanLineId'],
      [{ traineeQuota: 1_000_000 }, 'PARAMETER_INVALID', 'traineeQuota'],
      [{ budgetItems: [{ project: 'x'.repeat(21), amountPerCapita: 1 }] }, 'PARAMETER_INVALID', 'budgetItems.0.project'],
    ];
    for (const [over, code, field] of cases)
      expect(await refusal(t.app, adminA, '/api/train-class/insert', { ...k, ...over }), JSON.stringify(over)).toMatchObject({ code, field });
  });
});

describe('training classes: rooms and lecturers are not booked twice', () => {
  it('refuses an overlapping stage in the same room or with the same lecturer; a cancelled class frees them', async () => {
    const r = await room();
    const l = await lecturer();
    const first = await insert(adminA);
    const s0 = first.startAt;
    await ok(t.app, adminA, '/api/train-class/update', { id: first.id, stages: [stage(s0, 3, { boardroomId: r, lecturerId: l })] });
    const second = klass();
    const overlap = new Date(Date.parse(s0) + HOUR).toISOString();
    const inRange = { ...second, startAt: first.startAt, endAt: first.endAt, enrolEndAt: first.enrolEndAt };
    expect(await refusal(t.app, adminA, '/api/train-class/insert', { ...inRange, stages: [stage(overlap, 1, { boardroomId: r })] })).toMatchObject({
      code: 'MEETING_ROOM_BOOKED',
      field: 'stages',
    });
    expect(await refusal(t.app, adminA, '/api/train-class/insert', { ...inRange, stages: [stage(overlap, 1, { lecturerId: l })] })).toMatchObject({
      code: 'TRAIN_LECTURER_BUSY',
      field: 'stages',
    });
    // Two overlapping stages of one class with the same lecturer are refused too.
    expect(
      await refusal(t.app, adminA, '/api/train-class/update', { id: first.id, stages: [stage(s0, 3, { lecturerId: l }), stage(overlap, 1, { lecturerId: l })] }),
    ).toMatchObject({ code: 'TRAIN_LECTURER_BUSY' });
    // Right after the first stage: free.
    const after = new Date(Date.parse(s0) + 3 * HOUR).toISOString();
    await ok(t.app, adminA, '/api/train-class/insert', { ...inRange, name: `C ${uniq()}`, stages: [stage(after, 1, { boardroomId: r, lecturerId: l })] });
    // The editor's pickers offer them to a class manager (no code of the rooms or lecturers pages needed).
    const rooms = await ok<{ id: number }[]>(t.app, adminA, '/api/train-class/choices', { kind: 'boardroom' });
    expect(rooms.map((x) => x.id)).toContain(r);
    const people = await ok<{ id: number }[]>(t.app, adminA, '/api/train-class/choices', { kind: 'lecturer', keyword: 'Lect' });
    expect(people.map((x) => x.id)).toContain(l);
    // The room in use is not deleted.
    expect(await refusal(t.app, admin, '/api/boardroom/delete', { ids: [r] })).toMatchObject({ code: 'IN_USE_MEETING_ROOM' });
    await ok(t.app, adminA, '/api/train-class/cancel', { id: first.id, reason: 'Moved' });
    await ok(t.app, adminA, '/api/train-class/insert', { ...inRange, name: `C ${uniq()}`, stages: [stage(overlap, 1, { boardroomId: r, lecturerId: l })] });
  });
});

describe('training classes: parallel saves', () => {
  it('of two classes saved at once with the same lecturer at the same time, one wins', async () => {
    const l = await lecturer();
    const k = klass();
    const results = await Promise.all(
      [1, 2].map((i) => call(t.app, adminA, '/api/train-class/insert', { ...k, name: `Race ${uniq()} ${i}`, stages: [stage(k.startAt, 2, { lecturerId: l })] })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().msg).toBe('TRAIN_LECTURER_BUSY');
  });
});

describe('training classes: lifecycle and change rules (spec §4)', () => {
  it('publishes; a change after publishing obeys the rules, becomes "changed, to be published" and tells the admitted people', async () => {
    const c = await insert(adminA);
    const trainee = await buildUser(t.db, { orgId: deptA.id });
    audience.set(c.id, [trainee.id]);
    await publish(adminA, c.id);
    const p = await get(adminA, c.id);
    expect(p).toMatchObject({ state: 'published', abilities: { modify: true, delete: false, publish: false, offline: true, cancel: true } });
    expect(p.publishedAt).not.toBeNull();
    expect(await refusal(t.app, adminA, '/api/train-class/delete', { ids: [c.id] })).toMatchObject({ code: 'STATE_TRANSITION_INVALID', data: { ids: [c.id] } });

    const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
    const rules: [Record<string, unknown>, string][] = [
      [{ startAt: later(c.startAt, -HOUR) }, 'CLASS_START_FIXED'],
      [{ endAt: later(c.endAt, -HOUR) }, 'CLASS_END_ONLY_LATER'],
      [{ enrolStartAt: later(c.enrolStartAt, -HOUR) }, 'ENROL_START_FIXED'],
      [{ enrolEndAt: later(c.enrolEndAt, -HOUR) }, 'ENROL_END_ONLY_LATER'],
      [{ traineeQuota: 29 }, 'CLASS_QUOTA_ONLY_UP'],
    ];
    for (const [over, code] of rules) expect(await refusal(t.app, adminA, '/api/train-class/update', { id: c.id, ...over })).toMatchObject({ code });
    expect((await get(adminA, c.id)).state).toBe('published');
    expect(await inbox(trainee.id)).toEqual([]);

    const changed = await ok<TrainClassDetail>(t.app, adminA, '/api/train-class/update', {
      id: c.id,
      endAt: later(c.endAt, DAY),
      enrolEndAt: later(c.enrolEndAt, HOUR),
      traineeQuota: 40,
      startAt: c.startAt,
    });
    expect(changed).toMatchObject({ state: 'changedToPublish', traineeQuota: 40, abilities: { publish: true } });
    expect(await inbox(trainee.id)).toEqual([{ template: 'trainClassChanged', params: { name: c.name } }]);
    await publish(adminA, c.id);
    await ok(t.app, adminA, '/api/train-class/offline', { ids: [c.id] });
    expect((await get(adminA, c.id)).state).toBe('toPublish');
    // Not started: it cannot complete; cancelled, its people hear the reason and nothing moves it any more.
    expect(await refusal(t.app, adminA, '/api/train-class/complete', { ids: [c.id] })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    expect(await refusal(t.app, adminA, '/api/train-class/cancel', { id: c.id, reason: '' })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'reason' });
    const cancelled = await ok<TrainClassDetail>(t.app, adminA, '/api/train-class/cancel', { id: c.id, reason: 'Lecturer ill' });
    expect(cancelled).toMatchObject({ state: 'cancelled', displayState: 'cancelled', abilities: { modify: false, publish: false, cancel: false } });
    expect((await inbox(trainee.id)).at(-1)).toEqual({ template: 'trainClassCancelled', params: { name: c.name, reason: 'Lecturer ill' } });
    expect(await refusal(t.app, adminA, '/api/train-class/publish', { ids: [c.id] })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    expect(await refusal(t.app, adminA, '/api/train-class/update', { id: c.id, name: 'x' })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
  });

  it('the clock starts a published class at its start; then it completes', async () => {
    const c = await insert(adminA);
    await publish(adminA, c.id);
    const jobs = await queuedJobs(t.db, TRAIN_CLASS_CLOCK_JOB, sql`j.payload->>'classId' = ${String(c.id)}`);
    expect(jobs.map((j) => j.runAfter.toISOString())).toEqual([c.startAt]);
    // Time passes: the class's start is reached.
    await t.db.execute(sql`update train_classes set enrol_start_at = now() - interval '3 hours', enrol_end_at = now() - interval '2 hours',
      start_at = now() - interval '1 second' where id = ${c.id}`);
    await makeJobsDue(t.db, TRAIN_CLASS_CLOCK_JOB, sql`j.payload->>'classId' = ${String(c.id)}`);
    const { rows } = await t.db.execute<{ id: number }>(sql`select j.id from jobs j where j.kind = ${TRAIN_CLASS_CLOCK_JOB} and j.payload->>'classId' = ${String(c.id)}`);
    t.app.jobs.wake();
    for (const r of rows) expect((await t.app.jobs.settled(Number(r.id))).state).toBe('done');
    expect(await get(adminA, c.id)).toMatchObject({ state: 'started', displayState: 'ongoing', abilities: { complete: true, cancel: false, modify: false } });
    await ok(t.app, adminA, '/api/train-class/complete', { ids: [c.id] });
    expect(await get(adminA, c.id)).toMatchObject({ state: 'completed', displayState: 'ended' });
  });
});

describe('training classes: stage course and cancel reason', () => {
  it('a stage teaches a face-to-face course, which then cannot be deleted; a cancelled class keeps its reason', async () => {
    const course = await ok<{ id: number; name: string }>(t.app, admin, '/api/train-course/insert', { name: `F2F ${uniq()}`, hours: 2 });
    const k = klass();
    expect(await refusal(t.app, adminA, '/api/train-class/insert', { ...k, stages: [stage(k.startAt, 2, { trainCourseId: 999_999_999 })] })).toMatchObject({
      code: 'NOT_FOUND_ERROR',
      field: 'stages',
    });
    const c = await ok<TrainClassDetail>(t.app, adminA, '/api/train-class/insert', { ...k, stages: [stage(k.startAt, 2, { trainCourseId: course.id, topic: 'Intro' })] });
    expect(c.stages[0]).toMatchObject({ trainCourseId: course.id, topic: 'Intro' });
    expect(c.cancelReason).toBe('');
    expect(await refusal(t.app, admin, '/api/train-course/delete', { ids: [course.id] })).toMatchObject({ code: 'IN_USE_TRAINING_SITE' });

    await ok(t.app, adminA, '/api/train-class/cancel', { id: c.id, reason: 'Trainer ill' });
    expect(await get(adminA, c.id)).toMatchObject({ state: 'cancelled', cancelReason: 'Trainer ill' });
  });
});

describe('training classes: notices to the class', () => {
  it('the class teacher (or a manager in scope) sends a notice to the admitted trainees and sees the notices sent; nobody else', async () => {
    const head = await newUserSession(t, { permissions: ['pxgl-bzr'], orgId: deptA.id, scopeOrgIds: [deptA.id] });
    const otherHead = await newUserSession(t, { permissions: ['pxgl-bzr'], orgId: deptA.id, scopeOrgIds: [deptA.id] });
    const [one, two] = [await buildUser(t.db, { orgId: deptA.id }), await buildUser(t.db, { orgId: deptA.id })];
    const c = await insert(adminA, { headmasterId: head.id });
    audience.set(c.id, [one.id, two.id]);
    const sent = await ok<TrainClassNotice>(t.app, head, '/api/train-class/notice/send', { classId: c.id, title: 'Bring a laptop', content: 'Day one needs one.' });
    expect(sent).toMatchObject({ title: 'Bring a laptop', recipients: 2 });
    const { rows } = await t.db.execute<{ user_id: number; title: string }>(
      sql`select user_id, title from messages where title = 'Bring a laptop' and user_id in (${one.id}, ${two.id})`,
    );
    expect(rows.map((r) => r.user_id).sort()).toEqual([one.id, two.id].sort());
    await ok(t.app, adminA, '/api/train-class/notice/send', { classId: c.id, title: 'Room moved', content: 'Now room 2.' });
    expect((await ok<TrainClassNotice[]>(t.app, head, '/api/train-class/notice/list', { classId: c.id })).map((n) => n.title)).toEqual(['Room moved', 'Bring a laptop']);

    for (const s of [otherHead, adminB]) {
      expect(await refusal(t.app, s, '/api/train-class/notice/send', { classId: c.id, title: 'x', content: 'y' })).toMatchObject({
        code: 'NO_DATA_PERMISSION_ERROR',
        field: 'classId',
      });
      expect(await refusal(t.app, s, '/api/train-class/notice/list', { classId: c.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    }
    expect(await refusal(t.app, head, '/api/train-class/notice/send', { classId: c.id, title: ' ', content: 'y' })).toMatchObject({
      code: 'PARAMETER_INVALID',
      field: 'title',
    });
  });
});

describe('training classes: scope and permissions', () => {
  it('a department administrator neither sees nor touches another department’s classes', async () => {
    const c = await insert(adminA);
    expect(await refusal(t.app, adminB, '/api/train-class/get', { id: c.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    expect(await refusal(t.app, adminB, '/api/train-class/update', { id: c.id, name: 'Mine' })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    expect(await refusal(t.app, adminB, '/api/train-class/publish', { ids: [c.id] })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    expect(await refusal(t.app, adminB, '/api/train-class/insert', klass({ orgId: deptA.id }))).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR', field: 'orgId' });
    const listB = await ok<{ records: TrainClassRow[] }>(t.app, adminB, '/api/train-class/list', { size: 500 });
    expect(listB.records.some((r) => r.id === c.id)).toBe(false);
    const listA = await ok<{ records: TrainClassRow[] }>(t.app, adminA, '/api/train-class/list', { keyword: c.name });
    expect(listA.records.map((r) => r.id)).toEqual([c.id]);
    expect(await refusal(t.app, adminA, '/api/train-class/get', { id: 2_000_000_000 })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
  });

  it('each route needs its code', async () => {
    const c = await insert(adminA);
    const reader = await newUserSession(t, { permissions: ['pxapgl'], orgId: deptA.id, scopeOrgIds: [deptA.id] });
    const nobody = await newUserSession(t, { permissions: [], orgId: deptA.id, scopeOrgIds: [deptA.id] });
    expect(await refusal(t.app, nobody, '/api/train-class/list', {})).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    const row = (await ok<{ records: TrainClassRow[] }>(t.app, reader, '/api/train-class/list', { keyword: c.name })).records[0]!;
    expect(row.abilities).toEqual({ modify: false, delete: false, publish: false, offline: false, cancel: false, complete: false, submit: false });
    for (const [url, body] of [
      ['/api/train-class/insert', klass()],
      ['/api/train-class/update', { id: c.id, name: 'x' }],
      ['/api/train-class/delete', { ids: [c.id] }],
      ['/api/train-class/publish', { ids: [c.id] }],
      ['/api/train-class/offline', { ids: [c.id] }],
      ['/api/train-class/cancel', { id: c.id, reason: 'r' }],
      ['/api/train-class/export', {}],
      ['/api/train-class/my-headmaster', {}],
      ['/api/train-class/my-lecturer', {}],
    ] as const)
      expect(await refusal(t.app, reader, url, body), url).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
  });

  it('lists filter by display state, mode and dates; the calendar and the Excel follow the scope', async () => {
    const c = await insert(adminA, {}, 40);
    const notStarted = await ok<{ records: TrainClassRow[] }>(t.app, adminA, '/api/train-class/list', { displayState: 'notStarted', size: 500 });
    expect(notStarted.records.some((r) => r.id === c.id)).toBe(true);
    const ongoing = await ok<{ records: TrainClassRow[] }>(t.app, adminA, '/api/train-class/list', { displayState: 'ongoing', size: 500 });
    expect(ongoing.records.some((r) => r.id === c.id)).toBe(false);
    const mixed = await ok<{ records: TrainClassRow[] }>(t.app, adminA, '/api/train-class/list', { mode: 'mixed', keyword: c.name });
    expect(mixed.records).toEqual([]);
    // The pickers of the training pages narrow the same way.
    expect((await ok<{ id: number }[]>(t.app, adminA, '/api/train-class/options', { keyword: c.name })).map((o) => o.id)).toEqual([c.id]);
    expect(await ok(t.app, adminA, '/api/train-class/options', { keyword: c.name, mode: 'mixed' })).toEqual([]);
    expect(await ok(t.app, adminB, '/api/train-class/options', { keyword: c.name })).toEqual([]);
    const span = await ok<{ records: TrainClassRow[] }>(t.app, adminA, '/api/train-class/list', { from: at(39 * DAY), to: at(45 * DAY), keyword: c.name });
    expect(span.records.map((r) => r.id)).toEqual([c.id]);

    await ok(t.app, adminA, '/api/train-class/update', { id: c.id, stages: [stage(c.startAt, 2)] });
    const cal = await ok<TrainClassCalendar>(t.app, adminA, '/api/train-class/calendar', { from: at(38 * DAY), to: at(45 * DAY) });
    expect(cal.classes.map((k) => k.id)).toContain(c.id);
    expect(cal.stages.filter((s) => s.classId === c.id)).toHaveLength(1);
    const calB = await ok<TrainClassCalendar>(t.app, adminB, '/api/train-class/calendar', { from: at(38 * DAY), to: at(45 * DAY) });
    expect(calB.classes.map((k) => k.id)).not.toContain(c.id);
    expect(await refusal(t.app, adminA, '/api/train-class/calendar', { from: at(0), to: at(90 * DAY) })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'to' });

    const res = await call(t.app, adminA, '/api/train-class/export', { keyword: c.name, lang: 'en-US' });
    expect(res.statusCode).toBe(200);
    const sheet = (await readBook(res.rawPayload)).worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Class name');
    expect(sheet.getRow(2).getCell(2).value).toBe(c.name);
    expect(sheet.rowCount).toBe(2);
  });
});

describe('training classes: completion certificate', () => {
  const template = (s: Session, name: string) =>
    ok<{ id: number; name: string }>(t.app, s, '/api/certificate/template/insert', { name, authority: 'Hanlin', validityMonths: 12, layout: CERTIFICATE_DEFAULT_LAYOUT });

  it("names only a certificate template in the author's scope: the picker offers no other, one already there stays, a named one is not deleted", async () => {
    const keeperA = await newUserSession(t, { permissions: ['zsgl', 'zsgl:add', 'zsgl:delete'], orgId: deptA.id, scopeOrgIds: [deptA.id] });
    const own = await template(keeperA, `Class cert ${uniq()}`);
    const root = await template(admin, `Root cert ${uniq()}`);
    const offered = (await ok<{ id: number; label: string }[]>(t.app, adminA, '/api/train-class/choices', { kind: 'certificate' })).map((o) => o.id);
    expect(offered).toContain(own.id);
    expect(offered).not.toContain(root.id);
    expect((await ok<{ id: number }[]>(t.app, adminB, '/api/train-class/choices', { kind: 'certificate' })).map((o) => o.id)).not.toContain(own.id);

    // Refused with the codes a course gets, naming the field.
    expect(await refusal(t.app, adminA, '/api/train-class/insert', klass({ certificateTemplateId: root.id }))).toMatchObject({
      code: 'NO_DATA_PERMISSION_ERROR',
      field: 'certificateTemplateId',
    });
    expect(await refusal(t.app, adminA, '/api/train-class/insert', klass({ certificateTemplateId: 2_000_000_000 }))).toMatchObject({
      code: 'NOT_FOUND_ERROR',
      field: 'certificateTemplateId',
    });
    const c = await insert(adminA, { certificateTemplateId: own.id });
    expect(c).toMatchObject({ certificateTemplateId: own.id, certificateTemplateName: own.name });
    expect(await refusal(t.app, adminA, '/api/train-class/update', { id: c.id, certificateTemplateId: root.id })).toMatchObject({
      code: 'NO_DATA_PERMISSION_ERROR',
      field: 'certificateTemplateId',
    });
    // A template a class names is not deleted.
    expect(await refusal(t.app, keeperA, '/api/certificate/template/delete', { ids: [own.id] })).toMatchObject({ code: 'IN_USE_CERTIFICATE' });

    // Published, it changes under the change rules (the class waits to be published again); cleared, it names none.
    await publish(adminA, c.id);
    const cleared = await ok<TrainClassDetail>(t.app, adminA, '/api/train-class/update', { id: c.id, certificateTemplateId: null });
    expect(cleared).toMatchObject({ state: 'changedToPublish', certificateTemplateId: null, certificateTemplateName: null });
    // The root administrator names the root template; the department's later edit keeps it.
    expect(await ok<TrainClassDetail>(t.app, admin, '/api/train-class/update', { id: c.id, certificateTemplateId: root.id })).toMatchObject({
      certificateTemplateId: root.id,
    });
    const kept = await ok<TrainClassDetail>(t.app, adminA, '/api/train-class/update', { id: c.id, certificateTemplateId: root.id, traineeQuota: 40 });
    expect(kept).toMatchObject({ certificateTemplateId: root.id, traineeQuota: 40 });
    expect(await ok<TrainClassDetail>(t.app, adminA, '/api/train-class/update', { id: c.id, traineeQuota: 41 })).toMatchObject({ certificateTemplateId: root.id });
  });
});

describe('training classes: the ends', () => {
  it('the headmaster and the lecturer see their classes', async () => {
    const head = await newUserSession(t, { permissions: ['pxgl-bzr'], orgId: deptA.id });
    const teacher = await newUserSession(t, { permissions: ['pxgl-js'], orgId: deptA.id });
    const l = await lecturer(teacher.id);
    const tag = uniq();
    const k = klass({ name: `Portal ${tag}`, headmasterId: head.id });
    const c = await ok<TrainClassDetail>(t.app, adminA, '/api/train-class/insert', { ...k, stages: [stage(k.startAt, 2, { lecturerId: l, placeText: 'Room 1' })] });
    await publish(adminA, c.id);

    const mine = await ok<{ records: MyTrainClassRow[] }>(t.app, head, '/api/train-class/my-headmaster', {});
    expect(mine.records.map((r) => r.id)).toEqual([c.id]);
    const taught = await ok<{ records: MyTrainClassRow[] }>(t.app, teacher, '/api/train-class/my-lecturer', {});
    expect(taught.records.map((r) => r.id)).toEqual([c.id]);
    expect(taught.records[0]!.stages).toHaveLength(1);
    expect((await ok<TrainClassDetail>(t.app, head, '/api/train-class/my-get', { id: c.id })).id).toBe(c.id);
    const other = await newUserSession(t, { permissions: ['pxgl-bzr'] });
    expect(await refusal(t.app, other, '/api/train-class/my-get', { id: c.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    // The lecturer teaching a stage is not deleted.
    expect(await refusal(t.app, admin, '/api/teacher/delete', { ids: [l] })).toMatchObject({ code: 'IN_USE_LECTURER' });
  });
});

describe('training classes: application approval', () => {
  it('with a flow defined, a class is published only once its application is approved', async () => {
    const approver = await newUserSession(t, { permissions: [] });
    const c = await insert(adminA);
    await ok(t.app, admin, '/api/approval-flow/insert', {
      businessType: 'trainingClass',
      name: 'Classes',
      steps: [{ mode: 'orSign', approvers: [{ kind: 'user', userId: approver.id }] }],
    });
    expect((await get(adminA, c.id)).abilities).toMatchObject({ publish: false, submit: true });
    expect(await refusal(t.app, adminA, '/api/train-class/publish', { ids: [c.id] })).toMatchObject({ code: 'CLASS_NOT_APPROVED' });
    const submitted = await ok<TrainClassDetail>(t.app, adminA, '/api/train-class/submit', { id: c.id });
    expect(submitted).toMatchObject({ approvalState: 'pending', abilities: { publish: false, submit: false } });
    const task = ((await ok(t.app, approver, '/api/approval/todo', { size: 500 })).records as ApprovalRow[]).find(
      (r) => r.businessType === 'trainingClass' && r.businessId === c.id,
    )!;
    await ok(t.app, approver, '/api/approval/decide', { id: task.id, decision: 'approve', comment: 'ok' });
    expect((await get(adminA, c.id)).abilities).toMatchObject({ publish: true, submit: false });
    await publish(adminA, c.id);
    expect((await get(adminA, c.id)).state).toBe('published');
  });
});
