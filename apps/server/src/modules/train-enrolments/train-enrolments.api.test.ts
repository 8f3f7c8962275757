import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ApprovalRow, TrainCatalogDetail, TrainCatalogRow, TrainEnrolmentRow, TrainMyRow } from '@hanlin/shared';
import { useTestApp, login, ok, refusal, call, newUserSession, type Session, type TestApp } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { filledTemplate, readBook, uploadFile } from '../../test/excel.js';
import { trainClasses } from '../train-classes/index.js';
import { trainEnrolments } from './index.js';
import { admittedUserIds, isAdmitted } from './index.js';

const t = useTestApp();
type Person = Session & { id: number };
const HOUR = 3_600_000;
let seq = 0;

/**
 * Test fixture: a class written straight into train_classes (the train-classes service is another
 * branch). Defaults: published, the enrolment window open now, the class starting tomorrow.
 */
async function buildClass(db: TestApp['db'], orgId: number, over: Partial<typeof trainClasses.$inferInsert> = {}) {
  const now = Date.now();
  seq++;
  const [row] = await db
    .insert(trainClasses)
    .values({
      code: `PXT${seq}-${now}`,
      name: `Class ${seq}-${now}`,
      status: 'published',
      days: 1,
      startAt: new Date(now + 24 * HOUR),
      endAt: new Date(now + 48 * HOUR),
      enrolStartAt: new Date(now - HOUR),
      enrolEndAt: new Date(now + HOUR),
      traineeQuota: 2,
      orgId,
      ...over,
    })
    .returning();
  return row!;
}

let admin: Session;
let dept: { id: number };
let other: { id: number };
/** Class managers (pxapgl) and enrolment approvers (pxbmsp) of `dept`; `stranger` manages another department. */
let manager: Person;
let approverAdmin: Person;
let stranger: Person;
let flowApprover: Person;
const students: Person[] = [];
const student = async () => newUserSession(t, { permissions: [], orgId: dept.id, realname: `Student ${seq}` });

beforeAll(async () => {
  admin = await login(t.app);
  dept = await buildOrg(t.db);
  other = await buildOrg(t.db);
  manager = await newUserSession(t, { permissions: ['pxapgl', 'pxapgl:add', 'pxapgl:modify', 'pxapgl:export'], orgId: dept.id, scopeOrgIds: [dept.id] });
  approverAdmin = await newUserSession(t, { permissions: ['pxbmsp', 'pxbmsp:approve', 'pxbmsp:export'], orgId: dept.id, scopeOrgIds: [dept.id] });
  stranger = await newUserSession(t, { permissions: ['pxapgl', 'pxapgl:add', 'pxapgl:modify', 'pxbmsp', 'pxbmsp:approve'], orgId: other.id, scopeOrgIds: [other.id] });
  flowApprover = await newUserSession(t, { permissions: [], realname: 'Enrolment approver' });
  for (let i = 0; i < 6; i++) students.push(await student());
});

const apply = (s: Session, classId: number) => call(t.app, s, '/api/train-enrolment/apply', { classId });
const stateOf = async (classId: number, userId: number) =>
  (
    await t.db
      .select({ status: trainEnrolments.status })
      .from(trainEnrolments)
      .where(sql`${trainEnrolments.classId} = ${classId} and ${trainEnrolments.userId} = ${userId}`)
  )[0]?.status;
const roster = async (s: Session, classId: number, q: Record<string, unknown> = {}) =>
  (await ok<{ records: TrainEnrolmentRow[]; total: number }>(t.app, s, '/api/train-enrolment/list', { classId, size: 500, ...q })).records;

describe('sign-up: the window, seats and the queue', () => {
  it('refuses outside the enrolment window on the server clock, and a class not published', async () => {
    const before = await buildClass(t.db, dept.id, { enrolStartAt: new Date(Date.now() + HOUR), enrolEndAt: new Date(Date.now() + 2 * HOUR) });
    const after = await buildClass(t.db, dept.id, { enrolStartAt: new Date(Date.now() - 2 * HOUR), enrolEndAt: new Date(Date.now() - HOUR) });
    const started = await buildClass(t.db, dept.id, { status: 'started' });
    const draft = await buildClass(t.db, dept.id, { status: 'toPublish' });
    for (const c of [before, after, started]) expect((await apply(students[0]!, c.id)).json().msg).toBe('ENROLL_NOT_IN_TIME');
    expect((await apply(students[0]!, draft.id)).json().msg).toBe('NOT_FOUND_ERROR');
    const cat = await ok<TrainCatalogDetail>(t.app, students[0]!, '/api/train-enrolment/catalog/get', { id: before.id });
    expect(cat).toMatchObject({ enrolWindow: 'before', myState: null, abilities: { apply: false, cancel: false }, headmasterName: null });
    // The catalogue names the class teacher (the one portal catalogue: train-classes has none).
    await t.db.execute(sql`update train_classes set headmaster_id = ${students[1]!.id} where id = ${before.id}`);
    const [head] = (await t.db.execute<{ realname: string }>(sql`select realname from users where id = ${students[1]!.id}`)).rows;
    expect((await ok<TrainCatalogDetail>(t.app, students[0]!, '/api/train-enrolment/catalog/get', { id: before.id })).headmasterName).toBe(head!.realname);
    expect(await refusal(t.app, students[0]!, '/api/train-enrolment/catalog/get', { id: draft.id })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
  });

  it('a free seat admits, a full class queues; without a queue it refuses; twice is ALREADY_ENROLLED', async () => {
    const c = await buildClass(t.db, dept.id, { traineeQuota: 2 });
    const [a, b, d] = students;
    expect((await ok(t.app, a!, '/api/train-enrolment/apply', { classId: c.id })).state).toBe('approved');
    expect((await ok(t.app, b!, '/api/train-enrolment/apply', { classId: c.id })).state).toBe('approved');
    expect((await ok(t.app, d!, '/api/train-enrolment/apply', { classId: c.id })).state).toBe('queued');
    expect((await apply(a!, c.id)).json().msg).toBe('ALREADY_ENROLLED');
    const row = await ok<TrainCatalogDetail>(t.app, d!, '/api/train-enrolment/catalog/get', { id: c.id });
    expect(row).toMatchObject({ myState: 'queued', myQueuePosition: 1, seats: { taken: 2, total: 2, queued: 1 }, abilities: { apply: false, cancel: true } });
    expect(await admittedUserIds(t.db, c.id)).toEqual(expect.arrayContaining([a!.id, b!.id]));
    expect(await isAdmitted(t.db, c.id, d!.id)).toBe(false);

    const closed = await buildClass(t.db, dept.id, { traineeQuota: 1, queueEnabled: false });
    await ok(t.app, a!, '/api/train-enrolment/apply', { classId: closed.id });
    expect((await apply(b!, closed.id)).json().msg).toBe('ENROLL_IS_BEYOUND');
    expect(await stateOf(closed.id, b!.id)).toBeUndefined();
    const full = await ok<TrainCatalogDetail>(t.app, b!, '/api/train-enrolment/catalog/get', { id: closed.id });
    expect(full.abilities.apply).toBe(false);
  });

  it('cancelling frees a seat for the first in the queue, once; signing up again counts a re-registration', async () => {
    const c = await buildClass(t.db, dept.id, { traineeQuota: 1 });
    const [a, b, d] = students;
    await ok(t.app, a!, '/api/train-enrolment/apply', { classId: c.id });
    await ok(t.app, b!, '/api/train-enrolment/apply', { classId: c.id });
    await ok(t.app, d!, '/api/train-enrolment/apply', { classId: c.id });
    expect(await ok(t.app, a!, '/api/train-enrolment/cancel-mine', { classId: c.id })).toEqual({ state: 'cancelled' });
    expect(await stateOf(c.id, b!.id)).toBe('approved');
    expect(await stateOf(c.id, d!.id)).toBe('queued');
    // b was told they have a seat.
    const msgs = await t.db.execute<{ template: string }>(sql`select template from messages where user_id = ${b!.id} and template = 'enrolmentPromoted'`);
    expect(msgs.rows).toHaveLength(1);
    // a comes back: the queue (seat taken), re-registered once.
    expect((await ok(t.app, a!, '/api/train-enrolment/apply', { classId: c.id })).state).toBe('queued');
    const [row] = await t.db
      .select()
      .from(trainEnrolments)
      .where(sql`${trainEnrolments.classId} = ${c.id} and ${trainEnrolments.userId} = ${a!.id}`);
    expect(row).toMatchObject({ status: 'queued', reRegistrations: 1 });
    const my = await ok<{ records: TrainMyRow[] }>(t.app, a!, '/api/train-enrolment/my', {});
    expect(my.records.find((r) => r.classId === c.id)).toMatchObject({ state: 'queued', queuePosition: 2, abilities: { cancel: true } });
  });

  it('the trainee cannot cancel once the class has started', async () => {
    const c = await buildClass(t.db, dept.id, { traineeQuota: 5 });
    await ok(t.app, students[4]!, '/api/train-enrolment/apply', { classId: c.id });
    await t.db.update(trainClasses).set({ status: 'started' }).where(eq(trainClasses.id, c.id));
    expect(await refusal(t.app, students[4]!, '/api/train-enrolment/cancel-mine', { classId: c.id })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    const my = await ok<{ records: TrainMyRow[] }>(t.app, students[4]!, '/api/train-enrolment/my', {});
    expect(my.records.find((r) => r.classId === c.id)).toMatchObject({ state: 'approved', displayState: 'ongoing', abilities: { cancel: false } });
  });
});

describe('enrolment approval', () => {
  it('without a flow, a sign-up waits and pxbmsp decides it in place (a seat needed; twice is REPEAT_APPROVAL)', async () => {
    const c = await buildClass(t.db, dept.id, { traineeQuota: 1, enrolApproval: true });
    const [a, b] = students;
    expect((await ok(t.app, a!, '/api/train-enrolment/apply', { classId: c.id })).state).toBe('pending');
    expect((await ok(t.app, b!, '/api/train-enrolment/apply', { classId: c.id })).state).toBe('pending');
    const rows = await roster(approverAdmin, c.id, { state: 'pending', sort: 'id' });
    expect(rows.map((r) => r.userId)).toEqual([a!.id, b!.id]);
    expect(rows[0]).toMatchObject({ approvalId: null, abilities: { approve: true, refuse: true, cancel: false } });
    await ok(t.app, approverAdmin, '/api/train-enrolment/decide', { ids: [rows[0]!.id], decision: 'approve' });
    expect(await refusal(t.app, approverAdmin, '/api/train-enrolment/decide', { ids: [rows[0]!.id], decision: 'approve' })).toMatchObject({ code: 'REPEAT_APPROVAL' });
    expect(await refusal(t.app, approverAdmin, '/api/train-enrolment/decide', { ids: [rows[1]!.id], decision: 'approve' })).toMatchObject({
      code: 'ENROLL_FULL_CANNOT_APPROVE',
    });
    await ok(t.app, approverAdmin, '/api/train-enrolment/decide', { ids: [rows[1]!.id], decision: 'refuse', comment: 'No budget' });
    expect(await stateOf(c.id, b!.id)).toBe('refused');
    const detail = await ok<TrainCatalogDetail>(t.app, b!, '/api/train-enrolment/catalog/get', { id: c.id });
    expect(detail).toMatchObject({ myState: 'refused', myReason: 'No budget', abilities: { apply: true } });
    // Another department's approver cannot decide.
    expect(await refusal(t.app, stranger, '/api/train-enrolment/decide', { ids: [rows[1]!.id], decision: 'approve' })).toMatchObject({
      code: 'NO_DATA_PERMISSION_ERROR',
    });
  });

  it('with a flow, the engine approves (a seat needed) or refuses with the reason', async () => {
    await ok(t.app, admin, '/api/approval-flow/insert', {
      businessType: 'enrolment',
      name: 'Sign-ups',
      steps: [{ mode: 'orSign', approvers: [{ kind: 'user', userId: flowApprover.id }] }],
    });
    const c = await buildClass(t.db, dept.id, { traineeQuota: 1, enrolApproval: true });
    const [a, b, d] = students;
    for (const s of [a, b, d]) expect((await ok(t.app, s!, '/api/train-enrolment/apply', { classId: c.id })).state).toBe('pending');
    const rows = await roster(approverAdmin, c.id, { sort: 'id' });
    expect(rows.every((r) => r.approvalId !== null && !r.abilities.approve)).toBe(true);
    // Deciding in place is refused: the engine holds these.
    expect(await refusal(t.app, approverAdmin, '/api/train-enrolment/decide', { ids: [rows[0]!.id], decision: 'approve' })).toMatchObject({
      code: 'STATE_TRANSITION_INVALID',
    });
    const todo = (await ok<{ records: ApprovalRow[] }>(t.app, flowApprover, '/api/approval/todo', { size: 100 })).records.filter((r) => r.businessType === 'enrolment');
    const of = (id: number) => todo.find((r) => r.businessId === id)!;
    await ok(t.app, flowApprover, '/api/approval/decide', { id: of(rows[0]!.id).id, decision: 'approve', comment: 'ok' });
    expect(await stateOf(c.id, a!.id)).toBe('approved');
    // The class is full now: approving another is refused and changes nothing.
    expect(await refusal(t.app, flowApprover, '/api/approval/decide', { id: of(rows[1]!.id).id, decision: 'approve', comment: 'ok' })).toMatchObject({
      code: 'ENROLL_FULL_CANNOT_APPROVE',
    });
    expect(await stateOf(c.id, b!.id)).toBe('pending');
    await ok(t.app, flowApprover, '/api/approval/decide', { id: of(rows[1]!.id).id, decision: 'refuse', comment: 'Full' });
    expect(await refusal(t.app, flowApprover, '/api/approval/decide', { id: of(rows[1]!.id).id, decision: 'refuse', comment: 'Full' })).toMatchObject({
      code: 'REPEAT_APPROVAL',
    });
    const [refused] = await t.db.select().from(trainEnrolments).where(eq(trainEnrolments.id, rows[1]!.id));
    expect(refused).toMatchObject({ status: 'refused', reason: 'Full' });
    // a cancels: the seat is free; d is still pending (approvals wait for a decision, they do not queue).
    await ok(t.app, a!, '/api/train-enrolment/cancel-mine', { classId: c.id });
    await ok(t.app, flowApprover, '/api/approval/decide', { id: of(rows[2]!.id).id, decision: 'approve', comment: 'ok' });
    expect(await stateOf(c.id, d!.id)).toBe('approved');
    // b signs up again: a new round of the same approval.
    expect((await ok(t.app, b!, '/api/train-enrolment/apply', { classId: c.id })).state).toBe('pending');
    expect((await roster(approverAdmin, c.id, { state: 'pending' }))[0]).toMatchObject({ userId: b!.id, approvalId: of(rows[1]!.id).id, reRegistrations: 1 });
  });
});

describe('administrators: direct enrolment, cancellation, scope and permissions', () => {
  it('enrols people directly (seats, then the queue), skips those signed up, cancels with a reason and promotes', async () => {
    const c = await buildClass(t.db, dept.id, { traineeQuota: 2, status: 'toPublish', enrolApproval: true });
    const ids = students.slice(0, 3).map((s) => s.id);
    expect(await ok(t.app, manager, '/api/train-enrolment/enrol', { classId: c.id, userIds: ids })).toEqual({ approved: 2, queued: 1, skipped: 0 });
    expect(await ok(t.app, manager, '/api/train-enrolment/enrol', { classId: c.id, userIds: ids })).toEqual({ approved: 0, queued: 0, skipped: 3 });
    // People beyond the manager's data scope are not enrolled.
    const outsider = await buildUser(t.db, { orgId: other.id });
    expect(await refusal(t.app, manager, '/api/train-enrolment/enrol', { classId: c.id, userIds: [outsider.id] })).toMatchObject({
      code: 'NO_DATA_PERMISSION_ERROR',
      field: 'userIds',
    });
    const rows = await roster(manager, c.id, { sort: 'id' });
    expect(rows.map((r) => [r.state, r.source])).toEqual([
      ['approved', 'admin'],
      ['approved', 'admin'],
      ['queued', 'admin'],
    ]);
    expect(rows[0]!.abilities).toEqual({ approve: false, refuse: false, cancel: true });
    expect(await refusal(t.app, manager, '/api/train-enrolment/cancel', { ids: [rows[0]!.id] })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'reason' });
    await ok(t.app, manager, '/api/train-enrolment/cancel', { ids: [rows[0]!.id], reason: 'Duty trip' });
    const after = await roster(manager, c.id, { sort: 'id' });
    expect(after.map((r) => r.state)).toEqual(['cancelled', 'approved', 'approved']);
    expect(after[0]!.reason).toBe('Duty trip');
    // Filters: state and keyword.
    expect((await roster(manager, c.id, { state: 'cancelled' })).map((r) => r.userId)).toEqual([ids[0]]);
    expect((await roster(manager, c.id, { keyword: students[1]!.user.username })).map((r) => r.userId)).toEqual([ids[1]]);
  });

  it('another department sees none of it; students and approvers lack the manager commands', async () => {
    const c = await buildClass(t.db, dept.id);
    expect((await roster(stranger, c.id)).length).toBe(0);
    expect(await refusal(t.app, stranger, '/api/train-enrolment/enrol', { classId: c.id, userIds: [students[0]!.id] })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    expect((await call(t.app, students[0]!, '/api/train-enrolment/list', { classId: c.id })).statusCode).toBe(403);
    expect((await call(t.app, approverAdmin, '/api/train-enrolment/enrol', { classId: c.id, userIds: [students[0]!.id] })).statusCode).toBe(403);
    expect((await call(t.app, manager, '/api/train-enrolment/decide', { ids: [1], decision: 'approve' })).statusCode).toBe(403);
  });

  it('the catalogue lists published classes with seats and my state, by keyword', async () => {
    const c = await buildClass(t.db, dept.id, { name: `Forklift safety ${Date.now()}` });
    await buildClass(t.db, dept.id, { status: 'toPublish', name: `Forklift draft ${Date.now()}` });
    await ok(t.app, students[5]!, '/api/train-enrolment/apply', { classId: c.id });
    const page = await ok<{ records: TrainCatalogRow[]; total: number }>(t.app, students[5]!, '/api/train-enrolment/catalog', { keyword: 'Forklift' });
    expect(page.records.map((r) => r.id)).toEqual([c.id]);
    expect(page.records[0]).toMatchObject({ myState: 'approved', seats: { taken: 1, total: 2 }, displayState: 'notStarted', enrolWindow: 'open' });
  });
});

describe('Excel: import of a list and export of the roster', () => {
  it('checks each row (unknown, beyond scope, twice, already signed up, full) and commits the good rows', async () => {
    const c = await buildClass(t.db, dept.id, { traineeQuota: 2, queueEnabled: false });
    const outsider = await buildUser(t.db, { orgId: other.id });
    await ok(t.app, students[0]!, '/api/train-enrolment/apply', { classId: c.id });
    const file = await filledTemplate(t.app, manager, '/api/train-enrolment/template', [
      [students[1]!.user.username, 'B'],
      [students[1]!.user.username, 'B again'],
      ['nobody-here', 'X'],
      [outsider.username, 'O'],
      [students[0]!.user.username, 'A'],
      [students[2]!.user.username, 'C'],
    ]);
    const check = await uploadFile(t.app, manager, `/api/train-enrolment/import?classId=${c.id}&mode=check`, 'list.xlsx', file);
    const result = check.json().data;
    expect(result).toMatchObject({ total: 6, valid: 1, invalid: 5 });
    expect(result.errors.map((e: { row: number; reason: string }) => [e.row, e.reason])).toEqual([
      [3, 'DUPLICATE_IN_FILE'],
      [4, 'USER_NOT_FOUND'],
      [5, 'USER_NOT_FOUND'],
      [6, 'ALREADY_ENROLLED'],
      [7, 'FULL'],
    ]);
    const commit = await uploadFile(t.app, manager, `/api/train-enrolment/import?classId=${c.id}&mode=commit&skipInvalid=true`, 'list.xlsx', file);
    expect(commit.json().data).toMatchObject({ imported: 1 });
    // The one free seat went to the good row; the row beyond the seats was not written.
    expect(await stateOf(c.id, students[1]!.id)).toBe('approved');
    expect(await stateOf(c.id, students[2]!.id)).toBeUndefined();
  });

  it('imports into a class with seats, and the export lists the roster in the reader language', async () => {
    const c = await buildClass(t.db, dept.id, { traineeQuota: 5 });
    const file = await filledTemplate(t.app, manager, '/api/train-enrolment/template', [[students[3]!.user.username, 'D']]);
    const commit = await uploadFile(t.app, manager, `/api/train-enrolment/import?classId=${c.id}&mode=commit`, 'list.xlsx', file);
    expect(commit.json().data).toMatchObject({ imported: 1 });
    const [row] = await t.db.select().from(trainEnrolments).where(eq(trainEnrolments.classId, c.id));
    expect(row).toMatchObject({ userId: students[3]!.id, status: 'approved', source: 'import' });
    const res = await call(t.app, manager, '/api/train-enrolment/export', { classId: c.id, lang: 'en-US' });
    expect(res.statusCode).toBe(200);
    const sheet = (await readBook(res.rawPayload)).worksheets[0]!;
    expect(sheet.getRow(2).getCell(1).value).toBe(students[3]!.user.username);
    expect(sheet.getRow(2).getCell(5).value).toBe('Admitted');
    expect((await call(t.app, stranger, '/api/train-enrolment/export', { classId: c.id })).statusCode).toBe(403);
  });
});

describe('concurrency', () => {
  it('200 students at a 30-seat class at once: 30 admitted, 170 queued in lock order; parallel cancels promote once each', async () => {
    const c = await buildClass(t.db, dept.id, { traineeQuota: 30 });
    const crowd: Person[] = [];
    for (let i = 0; i < 200; i += 20) crowd.push(...(await Promise.all(Array.from({ length: 20 }, () => student()))));
    const answers = await Promise.all(crowd.map((s) => apply(s, c.id)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const states = answers.map((r) => r.json().data.state as string);
    expect(states.filter((s) => s === 'approved')).toHaveLength(30);
    expect(states.filter((s) => s === 'queued')).toHaveLength(170);
    const rows = await t.db.select().from(trainEnrolments).where(eq(trainEnrolments.classId, c.id)).orderBy(trainEnrolments.id);
    // Rows were written in the order the class lock was granted: the 30 first hold the seats, the queue numbers follow that order.
    expect(rows.slice(0, 30).every((r) => r.status === 'approved')).toBe(true);
    const seqs = rows.slice(30).map((r) => r.queueSeq!);
    expect(seqs.every((s, i) => i === 0 || s > seqs[i - 1]!)).toBe(true);

    // 10 admitted people cancel at once: the next 10 of the queue move up, nobody twice, seats stay 30.
    const leaving = rows.slice(0, 10).map((r) => crowd.find((s) => s.id === r.userId)!);
    const cancels = await Promise.all(leaving.map((s) => call(t.app, s, '/api/train-enrolment/cancel-mine', { classId: c.id })));
    expect(cancels.every((r) => r.statusCode === 200)).toBe(true);
    const after = await t.db.select().from(trainEnrolments).where(eq(trainEnrolments.classId, c.id)).orderBy(trainEnrolments.id);
    expect(after.filter((r) => r.status === 'approved')).toHaveLength(30);
    expect(after.slice(30, 40).every((r) => r.status === 'approved')).toBe(true);
    expect(after.slice(40).every((r) => r.status === 'queued')).toBe(true);
    const promotedMsgs = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from messages where template = 'enrolmentPromoted' and user_id = any(${sql.param(after.slice(30, 40).map((r) => r.userId))}::int[])`,
    );
    expect(promotedMsgs.rows[0]!.n).toBe(10);
  }, 120_000);
});
