import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRow, TrainPlanRow, YearPlanDetail } from '@hanlin/shared';
import { useTestApp, login, ok, refusal, call, newUserSession, type Session } from '../../test/harness.js';
import { buildOrg } from '../../test/factories.js';
import { readBook } from '../../test/excel.js';

const t = useTestApp();
type Person = Session & { id: number };
let admin: Session;
let approver: Person;
/** Two departments, each with its own administrator (pxjh, scope: the department). */
let deptA: { id: number; name: string };
let deptB: { id: number; name: string };
let adminA: Person;
let adminB: Person;
const ALL = ['pxjh', 'pxjh:add', 'pxjh:modify', 'pxjh:delete', 'pxjh:export', 'ndjh', 'ndjh:add', 'ndjh:delete'];
let n = 0;

beforeAll(async () => {
  admin = await login(t.app);
  approver = await newUserSession(t, { permissions: [], realname: 'Plan approver' });
  deptA = await buildOrg(t.db);
  deptB = await buildOrg(t.db);
  adminA = await newUserSession(t, { permissions: ALL, orgId: deptA.id, scopeOrgIds: [deptA.id] });
  adminB = await newUserSession(t, { permissions: ALL, orgId: deptB.id, scopeOrgIds: [deptB.id] });
});

const plan = (over: Record<string, unknown> = {}) => ({
  name: `Ad-hoc plan ${++n}`,
  reason: 'New safety regulation',
  startDate: '2031-05-04',
  endDate: '2031-05-05',
  trainingType: 'Safety',
  form: 'inside',
  days: 2,
  sessions: 3,
  trainees: 40,
  siteFee: 150_050,
  teacherFee: 200_000,
  textbookFee: 3_999,
  travelFee: 0,
  ...over,
});
const insert = (s: Session, over: Record<string, unknown> = {}) => ok<TrainPlanRow>(t.app, s, '/api/train-plan/insert', plan(over));
const get = (s: Session, id: number) => ok<TrainPlanRow>(t.app, s, '/api/train-plan/get', { id });
const decide = (id: number, decision: 'approve' | 'refuse') =>
  ok<ApprovalRow>(t.app, approver, '/api/approval/decide', { id, decision, comment: decision === 'refuse' ? 'Too expensive' : 'ok' });
const pendingOf = async (planId: number) =>
  ((await ok(t.app, approver, '/api/approval/todo', { size: 500 })).records as ApprovalRow[]).find((r) => r.businessType === 'trainingPlan' && r.businessId === planId);

describe('unplanned plans: fields and rules', () => {
  it('stores the budget items in fen and answers their total; the department is the caller’s own', async () => {
    const p = await insert(adminA);
    expect(p).toMatchObject({ state: 'draft', orgId: deptA.id, orgName: deptA.name, totalBudget: 354_049, trainees: 40, yearPlanId: null });
    expect(p.abilities).toEqual({ modify: true, delete: true, submit: true });
    const edited = await ok<TrainPlanRow>(t.app, adminA, '/api/train-plan/update', { id: p.id, travelFee: 1, sessions: 5 });
    expect(edited).toMatchObject({ totalBudget: 354_050, sessions: 5, name: p.name });
  });

  it('a name is unique within a department (DUPLICATE_TRAINING_PLAN), also under parallel creates; another department may reuse it', async () => {
    const name = `Race ${++n}`;
    const results = await Promise.all([1, 2, 3].map(() => call(t.app, adminA, '/api/train-plan/insert', plan({ name }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().msg)).toEqual(['DUPLICATE_TRAINING_PLAN', 'DUPLICATE_TRAINING_PLAN']);
    await ok(t.app, adminB, '/api/train-plan/insert', plan({ name }));
    const other = await insert(adminA);
    expect(await refusal(t.app, adminA, '/api/train-plan/update', { id: other.id, name })).toMatchObject({ code: 'DUPLICATE_TRAINING_PLAN', field: 'name' });
  });

  it('refuses bad values: dates out of order (also against the stored ones), counts, amounts, a long name', async () => {
    for (const bad of [
      { endDate: '2031-05-01' },
      { sessions: 0 },
      { trainees: 0 },
      { days: 0 },
      { form: 'online' },
      { siteFee: -1 },
      { siteFee: 1.5 },
      { name: 'x'.repeat(201) },
      { reason: '' },
    ]) {
      expect((await call(t.app, adminA, '/api/train-plan/insert', plan(bad))).json().msg, JSON.stringify(bad)).toBe('PARAMETER_INVALID');
    }
    const p = await insert(adminA);
    expect(await refusal(t.app, adminA, '/api/train-plan/update', { id: p.id, startDate: '2031-06-01' })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'endDate' });
    expect((await get(adminA, p.id)).startDate).toBe('2031-05-04');
  });

  it('links to an annual plan of the same department only', async () => {
    const mine = await ok<YearPlanDetail>(t.app, adminA, '/api/year-plan/insert', { name: 'Annual A', year: 2031, type: 'annual', lines: [] });
    const theirs = await ok<YearPlanDetail>(t.app, adminB, '/api/year-plan/insert', { name: 'Annual B', year: 2031, type: 'annual', lines: [] });
    const p = await insert(adminA, { yearPlanId: mine.id });
    expect(p).toMatchObject({ yearPlanId: mine.id, yearPlanName: 'Annual A', yearPlanYear: 2031 });
    expect(await refusal(t.app, adminA, '/api/train-plan/insert', plan({ yearPlanId: theirs.id }))).toMatchObject({ code: 'PARAMETER_INVALID', field: 'yearPlanId' });
    expect(await refusal(t.app, adminA, '/api/train-plan/update', { id: p.id, yearPlanId: 999_999 })).toMatchObject({ code: 'NOT_FOUND_ERROR', field: 'yearPlanId' });
    // Moving the plan to another department while it links to this one's annual plan is refused too.
    expect(await refusal(t.app, admin, '/api/train-plan/update', { id: p.id, orgId: deptB.id })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'yearPlanId' });
    expect(await ok(t.app, adminA, '/api/train-plan/update', { id: p.id, yearPlanId: null })).toMatchObject({ yearPlanId: null, yearPlanName: null });
    // Deleting the (draft) annual plan a plan links to leaves the plan, unlinked.
    await ok(t.app, adminA, '/api/train-plan/update', { id: p.id, yearPlanId: mine.id });
    expect(await ok(t.app, adminA, '/api/year-plan/delete', { ids: [mine.id] })).toEqual({ count: 1 });
    expect(await get(adminA, p.id)).toMatchObject({ yearPlanId: null, yearPlanName: null, state: 'draft' });
  });

  it('filters by year, form and state, and sorts by budget', async () => {
    const a = await insert(adminA, { startDate: '2033-01-10', endDate: '2033-01-11', form: 'outside', siteFee: 1 });
    const b = await insert(adminA, { startDate: '2033-03-10', endDate: '2033-03-10', siteFee: 999_999 });
    const list = async (q: Record<string, unknown>) => ((await ok(t.app, adminA, '/api/train-plan/list', q)).records as TrainPlanRow[]).map((r) => r.id);
    expect(await list({ year: 2033, sort: '-totalBudget' })).toEqual([b.id, a.id]);
    expect(await list({ year: 2033, form: 'outside' })).toEqual([a.id]);
    expect(await list({ year: 2033, state: 'underReview' })).toEqual([]);
  });
});

describe('unplanned plans: approval', () => {
  it('before a trainingPlan flow exists a submission is refused and the plan stays a draft', async () => {
    const p = await insert(adminA);
    expect(await refusal(t.app, adminA, '/api/train-plan/submit', { id: p.id })).toMatchObject({ code: 'NOT_FOUND_ERROR', field: 'businessType' });
    expect((await get(adminA, p.id)).state).toBe('draft');
  });

  describe('with flows for both plan kinds', () => {
    let annualApprover: Person;
    beforeAll(async () => {
      annualApprover = await newUserSession(t, { permissions: [], realname: 'Annual approver' });
      await ok(t.app, admin, '/api/approval-flow/insert', {
        businessType: 'trainingPlan',
        name: 'Unplanned plans',
        steps: [{ mode: 'orSign', approvers: [{ kind: 'user', userId: approver.id }] }],
      });
      await ok(t.app, admin, '/api/approval-flow/insert', {
        businessType: 'annualPlan',
        name: 'Annual plans',
        steps: [{ mode: 'orSign', approvers: [{ kind: 'user', userId: annualApprover.id }] }],
      });
    });

    it('submit goes to the trainingPlan flow (not the annual one) → approve; the history is readable by the plan’s managers', async () => {
      const p = await insert(adminA);
      expect(await ok(t.app, adminA, '/api/train-plan/submit', { id: p.id })).toMatchObject({
        state: 'underReview',
        abilities: { modify: false, delete: false, submit: false },
      });
      const annualTodo = (await ok(t.app, annualApprover, '/api/approval/todo', { size: 500 })).records as ApprovalRow[];
      expect(annualTodo.some((r) => r.businessId === p.id)).toBe(false);
      const row = (await pendingOf(p.id))!;
      expect(row).toMatchObject({ title: p.name, state: 'pending' });
      await decide(row.id, 'approve');
      expect(await get(adminA, p.id)).toMatchObject({ state: 'approved', abilities: { modify: false, delete: false, submit: false } });
      const history = await ok(t.app, adminA, '/api/approval/history', { businessType: 'trainingPlan', businessId: p.id });
      expect(history.records.map((r: { action: string }) => r.action)).toEqual(['submit', 'approve']);
      expect(await refusal(t.app, adminB, '/api/approval/history', { businessType: 'trainingPlan', businessId: p.id })).toMatchObject({
        code: 'NO_DATA_PERMISSION_ERROR',
      });
    });

    it('refuse → audit failure → edit → resubmit; a withdrawal → can resubmit, resubmitted from my approvals', async () => {
      const p = await insert(adminA);
      await ok(t.app, adminA, '/api/train-plan/submit', { id: p.id });
      expect(await refusal(t.app, adminA, '/api/train-plan/update', { id: p.id, name: 'Changed' })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
      await decide((await pendingOf(p.id))!.id, 'refuse');
      expect(await get(adminA, p.id)).toMatchObject({ state: 'auditFailure', abilities: { modify: true, delete: false, submit: true } });
      await ok(t.app, adminA, '/api/train-plan/update', { id: p.id, siteFee: 100 });
      expect(await ok(t.app, adminA, '/api/train-plan/submit', { id: p.id })).toMatchObject({ state: 'underReview', totalBudget: 100 + 203_999 });
      const history = await ok(t.app, adminA, '/api/approval/history', { businessType: 'trainingPlan', businessId: p.id });
      expect(history.records.map((r: { action: string }) => r.action)).toEqual(['submit', 'refuse', 'resubmit']);

      const w = await insert(adminA);
      await ok(t.app, adminA, '/api/train-plan/submit', { id: w.id });
      await ok(t.app, adminA, '/api/approval/withdraw', { id: (await pendingOf(w.id))!.id });
      expect(await get(adminA, w.id)).toMatchObject({ state: 'canResubmit', abilities: { modify: true, delete: false, submit: true } });
      expect(await refusal(t.app, adminB, '/api/approval/submit', { businessType: 'trainingPlan', businessId: w.id })).toMatchObject({
        code: 'NO_DATA_PERMISSION_ERROR',
      });
      await ok(t.app, adminA, '/api/approval/submit', { businessType: 'trainingPlan', businessId: w.id });
      expect((await get(adminA, w.id)).state).toBe('underReview');
    });

    it('only drafts delete: IN_USE_TRAINING_PLAN names the others and nothing is deleted', async () => {
      const draft = await insert(adminA);
      const submitted = await insert(adminA);
      await ok(t.app, adminA, '/api/train-plan/submit', { id: submitted.id });
      expect(await refusal(t.app, adminA, '/api/train-plan/delete', { ids: [draft.id, submitted.id] })).toMatchObject({
        code: 'IN_USE_TRAINING_PLAN',
        data: { ids: [submitted.id] },
      });
      expect((await get(adminA, draft.id)).state).toBe('draft');
      expect(await ok(t.app, adminA, '/api/train-plan/delete', { ids: [draft.id] })).toEqual({ count: 1 });
      expect(await refusal(t.app, adminA, '/api/train-plan/get', { id: draft.id })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
    });
  });
});

describe('unplanned plans: data scope and authorization', () => {
  it('a department administrator sees and edits only plans of their department; the training department sees all', async () => {
    const a = await insert(adminA);
    const b = await insert(adminB);
    const idsOf = async (s: Session) => ((await ok(t.app, s, '/api/train-plan/list', { size: 500 })).records as TrainPlanRow[]).map((r) => r.id);
    expect(await idsOf(adminA)).toContain(a.id);
    expect(await idsOf(adminA)).not.toContain(b.id);
    expect(await idsOf(admin)).toEqual(expect.arrayContaining([a.id, b.id]));
    for (const [url, body] of [
      ['/api/train-plan/get', { id: b.id }],
      ['/api/train-plan/update', { id: b.id, name: 'Mine now' }],
      ['/api/train-plan/delete', { ids: [b.id] }],
      ['/api/train-plan/submit', { id: b.id }],
      ['/api/train-plan/insert', plan({ orgId: deptB.id })],
      ['/api/train-plan/update', { id: a.id, orgId: deptB.id }],
    ] as const) {
      expect(await refusal(t.app, adminA, url, body), url).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    }
    const forB = await ok<TrainPlanRow>(t.app, admin, '/api/train-plan/insert', plan({ orgId: deptB.id }));
    expect(forB.orgId).toBe(deptB.id);
    expect(await idsOf(adminB)).toContain(forB.id);
    expect(await ok(t.app, admin, '/api/train-plan/update', { id: a.id, name: `Renamed by HQ ${++n}` })).toMatchObject({ orgId: deptA.id });
  });

  it('each endpoint needs its pxjh code; abilities follow the codes', async () => {
    const p = await insert(adminA);
    const nobody = await newUserSession(t, { permissions: ['ndjh'], orgId: deptA.id, scopeOrgIds: [deptA.id] });
    const reader = await newUserSession(t, { permissions: ['pxjh'], orgId: deptA.id, scopeOrgIds: [deptA.id] });
    const adder = await newUserSession(t, { permissions: ['pxjh', 'pxjh:add'], orgId: deptA.id, scopeOrgIds: [deptA.id] });
    const matrix: [Session, string, unknown, number][] = [
      [nobody, '/api/train-plan/list', {}, 403],
      [nobody, '/api/train-plan/get', { id: p.id }, 403],
      [reader, '/api/train-plan/list', {}, 200],
      [reader, '/api/train-plan/get', { id: p.id }, 200],
      [reader, '/api/train-plan/insert', plan(), 403],
      [reader, '/api/train-plan/update', { id: p.id, name: 'x' }, 403],
      [reader, '/api/train-plan/submit', { id: p.id }, 403],
      [reader, '/api/train-plan/delete', { ids: [p.id] }, 403],
      [reader, '/api/train-plan/export', {}, 403],
      [adder, '/api/train-plan/insert', plan(), 200],
      [adder, '/api/train-plan/update', { id: p.id, name: 'x' }, 403],
      [adder, '/api/approval/submit', { businessType: 'trainingPlan', businessId: p.id }, 403],
    ];
    for (const [s, url, body, status] of matrix) {
      const res = await call(t.app, s, url, body);
      expect([url, res.statusCode], res.body).toEqual([url, status]);
      if (status === 403) expect(res.json().msg).toBe('NO_PERMISSION_ERROR');
    }
    expect((await get(reader, p.id)).abilities).toEqual({ modify: false, delete: false, submit: false });
    expect((await get(adminA, p.id)).abilities).toEqual({ modify: true, delete: true, submit: true });
  });
});

describe('unplanned plans: Excel export of the list', () => {
  it("writes the list's plans in the caller's scope with yuan amounts and a total row, in the reader's language", async () => {
    const a = await insert(adminA, { name: `Export A ${++n}`, startDate: '2035-02-01', endDate: '2035-02-02', travelFee: 1 });
    const b = await insert(adminB, { name: `Export B ${++n}`, startDate: '2035-03-01', endDate: '2035-03-01' });
    const res = await call(t.app, adminA, '/api/train-plan/export', { year: 2035, lang: 'en-US' });
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('Unplanned training plans');
    const ws = (await readBook(res.rawPayload)).worksheets[0]!;
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]!.slice(0, 4)).toEqual(['Plan name', 'Department', 'Reason and purpose', 'Start date']);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      a.name,
      deptA.name,
      'New safety regulation',
      '2035-02-01',
      '2035-02-02',
      'Safety',
      'Inside',
      2,
      3,
      40,
      1500.5,
      2000,
      39.99,
      0.01,
      3540.5,
      '',
      'Draft',
    ]);
    expect(rows[2]!.slice(0, 1)).toEqual(['Total']);
    expect(rows[2]!.slice(8, 15)).toEqual([3, 40, 1500.5, 2000, 39.99, 0.01, 3540.5]);
    const all = await call(t.app, admin, '/api/train-plan/export', { year: 2035 });
    const wsAll = (await readBook(all.rawPayload)).worksheets[0]!;
    expect(wsAll.getRow(1).getCell(1).value).toBe('计划名称');
    expect(wsAll.rowCount).toBe(4);
    expect([wsAll.getRow(2).getCell(1).value, wsAll.getRow(3).getCell(1).value]).toEqual(expect.arrayContaining([a.name, b.name]));
  });
});
