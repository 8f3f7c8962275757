import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRow, OutsideTrainingDetail, OutsideTrainingRow } from '@hanlin/shared';
import { MINIMAL_PDF, call, login, newUserSession, ok, refusal, uploaded, useTestApp, type Session } from '../../test/harness.js';
import { buildOrg } from '../../test/factories.js';

const t = useTestApp();
type Person = Session & { id: number };
let admin: Session;
let approver: Person;
/** Two departments, each with an employee (no codes) and a department administrator (wxpx, scope: the department). */
let deptA: { id: number };
let deptB: { id: number };
let alice: Person;
let bob: Person;
let adminA: Person;
let adminB: Person;

beforeAll(async () => {
  admin = await login(t.app);
  approver = await newUserSession(t, { permissions: [], realname: 'Outside approver' });
  deptA = await buildOrg(t.db);
  deptB = await buildOrg(t.db);
  alice = await newUserSession(t, { permissions: [], orgId: deptA.id, realname: 'Alice' });
  bob = await newUserSession(t, { permissions: [], orgId: deptB.id, realname: 'Bob' });
  adminA = await newUserSession(t, { permissions: ['wxpx'], orgId: deptA.id, scopeOrgIds: [deptA.id] });
  adminB = await newUserSession(t, { permissions: ['wxpx'], orgId: deptB.id, scopeOrgIds: [deptB.id] });
});

let n = 0;
const application = (over: Record<string, unknown> = {}) => ({
  institutionName: 'Shanghai Safety Institute',
  course: `Fire safety officer ${++n}`,
  startDate: '2031-03-01',
  endDate: '2031-03-05',
  cost: 1_280_050,
  reason: 'Required for the site licence',
  ...over,
});
const insert = (s: Session, over: Record<string, unknown> = {}) => ok<OutsideTrainingDetail>(t.app, s, '/api/outside-training/insert', application(over));
const get = (s: Session, id: number) => ok<OutsideTrainingDetail>(t.app, s, '/api/outside-training/get', { id });
const upload = async (s: Session, name = 'brochure.pdf') =>
  (await uploaded(t.app, s, { filename: name, data: MINIMAL_PDF, kind: 'attachment', purpose: 'outside-training' })).url;
const pendingOf = async (id: number) =>
  ((await ok(t.app, approver, '/api/approval/todo', { size: 500 })).records as ApprovalRow[]).find((r) => r.businessType === 'outsideTraining' && r.businessId === id)!;
const decide = (id: number, decision: 'approve' | 'refuse') =>
  ok<ApprovalRow>(t.app, approver, '/api/approval/decide', { id, decision, comment: decision === 'refuse' ? 'Too expensive' : 'ok' });
const readFile = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.headers() });

describe('outside training: applying', () => {
  it('an employee applies for themselves: a draft in their organization, cost in fen, abilities for the applicant only', async () => {
    const a = await insert(alice);
    expect(a).toMatchObject({ state: 'draft', createdBy: alice.id, creatorName: 'Alice', orgId: deptA.id, cost: 1_280_050, institutionId: null, result: null });
    expect(a.abilities).toEqual({ modify: true, delete: true, submit: true, recordResult: false });
    expect((await get(adminA, a.id)).abilities).toEqual({ modify: false, delete: false, submit: false, recordResult: false });
    const mine = (await ok(t.app, alice, '/api/outside-training/mine', {})).records as OutsideTrainingRow[];
    expect(mine.map((r) => r.id)).toContain(a.id);
    expect(mine.every((r) => r.createdBy === alice.id)).toBe(true);
  });

  it('refuses a start after the end (also when only one date changes), a negative or fractional cost, empty names', async () => {
    for (const bad of [{ startDate: '2031-03-06' }, { cost: -1 }, { cost: 1.5 }, { course: ' ' }, { institutionName: '' }, { endDate: '2031-02-30x' }]) {
      expect(await refusal(t.app, alice, '/api/outside-training/insert', application(bad)), JSON.stringify(bad)).toMatchObject({ code: 'PARAMETER_INVALID' });
    }
    expect(await refusal(t.app, alice, '/api/outside-training/insert', application({ startDate: '2031-03-06' }))).toMatchObject({ field: 'endDate' });
    // A one-day course is fine; moving only the start past the stored end is refused by the server.
    const a = await insert(alice, { startDate: '2031-03-05', endDate: '2031-03-05' });
    expect(await refusal(t.app, alice, '/api/outside-training/update', { id: a.id, startDate: '2031-03-09' })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'endDate' });
    expect((await get(alice, a.id)).startDate).toBe('2031-03-05');
  });

  it('takes up to 5 attachments of the applicant, named and readable by the managers in scope only', async () => {
    const files = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => upload(alice, `f${i}.pdf`)));
    expect(await refusal(t.app, alice, '/api/outside-training/insert', application({ attachments: files }))).toMatchObject({
      code: 'PARAMETER_INVALID',
      field: 'attachments',
    });
    const a = await insert(alice, { attachments: files.slice(0, 5) });
    expect(a.attachments.map((f) => f.name)).toEqual(['f1.pdf', 'f2.pdf', 'f3.pdf', 'f4.pdf', 'f5.pdf']);
    expect(a.attachments[0]).toMatchObject({ ref: files[0], size: MINIMAL_PDF.length });
    // Someone else's upload is not linked; an update replaces the list.
    const bobs = await upload(bob);
    expect(await refusal(t.app, alice, '/api/outside-training/update', { id: a.id, attachments: [bobs] })).toMatchObject({
      code: 'NO_DATA_PERMISSION_ERROR',
      field: 'attachments',
    });
    expect((await ok<OutsideTrainingDetail>(t.app, alice, '/api/outside-training/update', { id: a.id, attachments: [files[5]] })).attachments.map((f) => f.name)).toEqual([
      'f6.pdf',
    ]);
    expect((await readFile(adminA, files[5]!)).statusCode).toBe(200);
    expect((await readFile(adminB, files[5]!)).statusCode).not.toBe(200);
    expect((await readFile(bob, files[5]!)).statusCode).not.toBe(200);
  });
});

describe('outside training: before a flow is defined', () => {
  it('a submission is refused and the application stays a draft', async () => {
    const a = await insert(alice);
    expect(await refusal(t.app, alice, '/api/outside-training/submit', { id: a.id })).toMatchObject({ code: 'NOT_FOUND_ERROR', field: 'businessType' });
    expect((await get(alice, a.id)).state).toBe('draft');
  });
});

describe('outside training: approval and result', () => {
  beforeAll(async () => {
    // A one-step flow for outside training, defined through the approvals API.
    await ok(t.app, admin, '/api/approval-flow/insert', {
      businessType: 'outsideTraining',
      name: 'Outside training',
      steps: [{ mode: 'orSign', approvers: [{ kind: 'user', userId: approver.id }] }],
    });
  });

  it('submit → approve → the applicant records the result and certificate (and may correct it)', async () => {
    const a = await insert(alice);
    const submitted = await ok<OutsideTrainingDetail>(t.app, alice, '/api/outside-training/submit', { id: a.id });
    expect(submitted).toMatchObject({ state: 'underReview', abilities: { modify: false, delete: false, submit: false, recordResult: false } });
    expect(await refusal(t.app, alice, '/api/outside-training/update', { id: a.id, cost: 1 })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    expect(await refusal(t.app, alice, '/api/outside-training/result', { id: a.id, result: 'passed' })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    const row = await pendingOf(a.id);
    expect(row).toMatchObject({ title: a.course, state: 'pending' });
    await decide(row.id, 'approve');
    expect(await get(alice, a.id)).toMatchObject({ state: 'approved', abilities: { modify: false, delete: false, submit: false, recordResult: true } });
    // The department administrator reads the approval history; another department's does not.
    const history = await ok(t.app, adminA, '/api/approval/history', { businessType: 'outsideTraining', businessId: a.id });
    expect(history.records.map((r: { action: string }) => r.action)).toEqual(['submit', 'approve']);
    expect((await call(t.app, adminB, '/api/approval/history', { businessType: 'outsideTraining', businessId: a.id })).statusCode).not.toBe(200);

    const cert = await upload(alice, 'certificate.pdf');
    expect(await refusal(t.app, adminA, '/api/outside-training/result', { id: a.id, result: 'passed' })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    expect(await refusal(t.app, alice, '/api/outside-training/result', { id: a.id, result: 'excellent' })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'result' });
    const done = await ok<OutsideTrainingDetail>(t.app, alice, '/api/outside-training/result', { id: a.id, result: 'passed', score: 92.5, notes: 'Good', certificate: cert });
    expect(done).toMatchObject({ state: 'completed', result: 'passed', score: 92.5, notes: 'Good', certificate: { ref: cert, name: 'certificate.pdf' } });
    expect(done.resultAt).toBeTruthy();
    expect((await readFile(adminA, cert)).statusCode).toBe(200);
    const fixed = await ok<OutsideTrainingDetail>(t.app, alice, '/api/outside-training/result', { id: a.id, result: 'failed', score: 40 });
    expect(fixed).toMatchObject({ state: 'completed', result: 'failed', score: 40, certificate: null });
  });

  it('refuse → edit → resubmit; withdraw → resubmit from the approvals side; only drafts are deleted', async () => {
    const a = await insert(alice);
    await ok(t.app, alice, '/api/outside-training/submit', { id: a.id });
    await decide((await pendingOf(a.id)).id, 'refuse');
    expect(await get(alice, a.id)).toMatchObject({ state: 'refused', abilities: { modify: true, delete: false, submit: true, recordResult: false } });
    expect(await refusal(t.app, alice, '/api/outside-training/result', { id: a.id, result: 'passed' })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    await ok(t.app, alice, '/api/outside-training/update', { id: a.id, cost: 500_000 });
    expect(await ok(t.app, alice, '/api/outside-training/submit', { id: a.id })).toMatchObject({ state: 'underReview', cost: 500_000 });
    const history = await ok(t.app, alice, '/api/approval/history', { businessType: 'outsideTraining', businessId: a.id });
    expect(history.records.map((r: { action: string }) => r.action)).toEqual(['submit', 'refuse', 'resubmit']);

    await ok(t.app, alice, '/api/approval/withdraw', { id: (await pendingOf(a.id)).id });
    expect(await get(alice, a.id)).toMatchObject({ state: 'withdrawn', abilities: { modify: true, delete: false, submit: true } });
    expect(await refusal(t.app, bob, '/api/approval/submit', { businessType: 'outsideTraining', businessId: a.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    await ok(t.app, alice, '/api/approval/submit', { businessType: 'outsideTraining', businessId: a.id });
    expect((await get(alice, a.id)).state).toBe('underReview');

    const draft = await insert(alice);
    expect(await refusal(t.app, alice, '/api/outside-training/delete', { ids: [draft.id, a.id] })).toMatchObject({
      code: 'STATE_TRANSITION_INVALID',
      data: { ids: [a.id] },
    });
    expect(await ok(t.app, alice, '/api/outside-training/delete', { ids: [draft.id] })).toEqual({ count: 1 });
    expect(await refusal(t.app, alice, '/api/outside-training/get', { id: draft.id })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
  });
});

describe('outside training: data scope and authorization', () => {
  it('applicants see their own; a department administrator their departments; the training department all', async () => {
    const a = await insert(alice);
    const b = await insert(bob);
    const idsOf = async (s: Session, url = '/api/outside-training/list') => ((await ok(t.app, s, url, { size: 500 })).records as OutsideTrainingRow[]).map((r) => r.id);
    expect(await idsOf(alice, '/api/outside-training/mine')).toContain(a.id);
    expect(await idsOf(alice, '/api/outside-training/mine')).not.toContain(b.id);
    expect(await idsOf(adminA)).toContain(a.id);
    expect(await idsOf(adminA)).not.toContain(b.id);
    expect(await idsOf(admin)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await idsOf(adminA, '/api/outside-training/mine')).not.toContain(a.id);
    expect((await get(adminA, a.id)).course).toBe(a.course);
    for (const [s, url, body] of [
      [bob, '/api/outside-training/get', { id: a.id }],
      [adminB, '/api/outside-training/get', { id: a.id }],
      [bob, '/api/outside-training/update', { id: a.id, cost: 1 }],
      [adminA, '/api/outside-training/update', { id: a.id, cost: 1 }],
      [bob, '/api/outside-training/delete', { ids: [a.id] }],
      [bob, '/api/outside-training/submit', { id: a.id }],
      [bob, '/api/outside-training/result', { id: a.id, result: 'passed' }],
    ] as const) {
      expect(await refusal(t.app, s, url, body), url).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    }
    expect((await get(alice, a.id)).cost).toBe(a.cost);
  });

  it('the management list needs wxpx; applying needs only a session', async () => {
    const matrix: [Session | null, string, unknown, number][] = [
      [alice, '/api/outside-training/list', {}, 403],
      [adminA, '/api/outside-training/list', {}, 200],
      [alice, '/api/outside-training/mine', {}, 200],
      [null, '/api/outside-training/mine', {}, 401],
      [null, '/api/outside-training/insert', application(), 401],
    ];
    for (const [s, url, body, status] of matrix) {
      const res = await call(t.app, s, url, body);
      expect([url, res.statusCode], res.body).toEqual([url, status]);
      if (status === 403) expect(res.json().msg).toBe('NO_PERMISSION_ERROR');
    }
  });
});
