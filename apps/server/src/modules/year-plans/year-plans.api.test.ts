import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRow, YearPlanDetail, YearPlanLineInput, YearPlanRow } from '@hanlin/shared';
import { useTestApp, login, ok, refusal, call, newUserSession, type Session } from '../../test/harness.js';
import { buildOrg } from '../../test/factories.js';
import { readBook } from '../../test/excel.js';

const t = useTestApp();
type Person = Session & { id: number };
let admin: Session;
let approver: Person;
/** Two departments, each with its own administrator (ndjh, scope: the department). */
let deptA: { id: number; name: string };
let deptB: { id: number; name: string };
let adminA: Person;
let adminB: Person;
const ALL = ['ndjh', 'ndjh:add', 'ndjh:modify', 'ndjh:delete'];
let nextYear = 2030;

beforeAll(async () => {
  admin = await login(t.app);
  approver = await newUserSession(t, { permissions: [], realname: 'Plan approver' });
  deptA = await buildOrg(t.db);
  deptB = await buildOrg(t.db);
  adminA = await newUserSession(t, { permissions: ALL, orgId: deptA.id, scopeOrgIds: [deptA.id] });
  adminB = await newUserSession(t, { permissions: ALL, orgId: deptB.id, scopeOrgIds: [deptB.id] });
});

const line = (over: Partial<YearPlanLineInput> = {}): YearPlanLineInput => ({
  month: 3,
  sessions: 2,
  trainingType: 'Safety',
  content: 'Fire drill and first aid',
  form: 'inside',
  days: 1,
  siteFee: 150_050,
  teacherFee: 200_000,
  textbookFee: 3_999,
  travelFee: 0,
  ...over,
});
const plan = (over: Record<string, unknown> = {}) => ({ name: `Plan ${nextYear}`, year: nextYear++, type: 'annual', lines: [line()], ...over });
const insert = (s: Session, over: Record<string, unknown> = {}) => ok<YearPlanDetail>(t.app, s, '/api/year-plan/insert', plan(over));
const get = (s: Session, id: number) => ok<YearPlanDetail>(t.app, s, '/api/year-plan/get', { id });
const decide = (id: number, decision: 'approve' | 'refuse') =>
  ok<ApprovalRow>(t.app, approver, '/api/approval/decide', { id, decision, comment: decision === 'refuse' ? 'Budget too high' : 'ok' });
const pendingOf = async (planId: number) =>
  ((await ok(t.app, approver, '/api/approval/todo', { size: 500 })).records as ApprovalRow[]).find((r) => r.businessType === 'annualPlan' && r.businessId === planId)!;

describe('annual plans: lines and totals', () => {
  it('stores budgets in fen and answers per-line and plan totals computed by the server', async () => {
    const p = await insert(adminA, { lines: [line(), line({ month: 7, sessions: 3, form: 'outside', siteFee: 0, teacherFee: 1, textbookFee: 2, travelFee: 99_999 })] });
    expect(p).toMatchObject({ state: 'draft', orgId: deptA.id, totalSessions: 5, totalBudget: 354_049 + 100_002 });
    expect(p.lines.map((l) => l.total)).toEqual([354_049, 100_002]);
    expect(p.abilities).toEqual({ modify: true, delete: true, submit: true });

    // An edit keeps the ids of the lines it keeps (what refers to them stays), adds and removes the others.
    const [first] = p.lines;
    const edited = await ok<YearPlanDetail>(t.app, adminA, '/api/year-plan/update', {
      id: p.id,
      lines: [{ ...line({ sessions: 4 }), id: first!.id }, line({ month: 12, travelFee: 1 })],
    });
    expect(edited.lines[0]).toMatchObject({ id: first!.id, sessions: 4 });
    expect(edited.lines[1]!.id).not.toBe(p.lines[1]!.id);
    expect(edited).toMatchObject({ totalSessions: 6, totalBudget: 354_049 + 354_050 });
    const row = ((await ok(t.app, adminA, '/api/year-plan/list', { year: edited.year })).records as YearPlanRow[])[0];
    expect(row).toMatchObject({ id: p.id, totalSessions: 6, totalBudget: 708_099 });
  });

  it('refuses bad lines and a line id of another plan', async () => {
    const other = await insert(adminA);
    const p = await insert(adminA);
    for (const bad of [{ month: 13 }, { month: 0 }, { sessions: 0 }, { form: 'online' }, { siteFee: -1 }, { siteFee: 1.5 }, { days: 0 }]) {
      expect(await refusal(t.app, adminA, '/api/year-plan/update', { id: p.id, lines: [line(bad as Partial<YearPlanLineInput>)] })).toMatchObject({
        code: 'PARAMETER_INVALID',
      });
    }
    expect(await refusal(t.app, adminA, '/api/year-plan/update', { id: p.id, lines: [{ ...line(), id: other.lines[0]!.id }] })).toMatchObject({
      code: 'PARAMETER_INVALID',
      field: 'lines',
    });
    expect((await get(adminA, other.id)).lines).toHaveLength(1);
  });
});

describe('annual plans: before a flow is defined', () => {
  it('a submission is refused and the plan stays a draft', async () => {
    const p = await insert(adminA);
    expect(await refusal(t.app, adminA, '/api/year-plan/submit', { id: p.id })).toMatchObject({ code: 'NOT_FOUND_ERROR', field: 'businessType' });
    expect(await get(adminA, p.id)).toMatchObject({ state: 'draft', abilities: { submit: true } });
  });
});

describe('annual plans: rules', () => {
  beforeAll(async () => {
    // A one-step flow for annual plans, defined through the approvals API (kept by the describes that follow).
    await ok(t.app, admin, '/api/approval-flow/insert', {
      businessType: 'annualPlan',
      name: 'Annual plans',
      steps: [{ mode: 'orSign', approvers: [{ kind: 'user', userId: approver.id }] }],
    });
  });

  it('one plan per department and year, also under parallel creates', async () => {
    const year = nextYear++;
    const results = await Promise.all([1, 2, 3].map((i) => call(t.app, adminA, '/api/year-plan/insert', plan({ year, name: `Race ${i}` }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().msg)).toEqual(['YEAR_PLAN_EXISTS', 'YEAR_PLAN_EXISTS']);
    // Another department plans the same year; moving a plan onto a taken year is refused too.
    await ok(t.app, adminB, '/api/year-plan/insert', plan({ year }));
    const later = await insert(adminA);
    expect(await refusal(t.app, adminA, '/api/year-plan/update', { id: later.id, year })).toMatchObject({ code: 'YEAR_PLAN_EXISTS', field: 'year' });
  });

  it('the year is required, and lines before submitting', async () => {
    const { year: _y, ...noYear } = plan();
    expect(await refusal(t.app, adminA, '/api/year-plan/insert', noYear)).toMatchObject({ code: 'PARAMETER_INVALID', field: 'year' });
    const empty = await insert(adminA, { lines: [] });
    expect(empty).toMatchObject({ totalBudget: 0, totalSessions: 0 });
    expect(await refusal(t.app, adminA, '/api/year-plan/submit', { id: empty.id })).toMatchObject({ code: 'YEAR_PLAN_INCOMPLETE', field: 'lines' });
    expect((await get(adminA, empty.id)).state).toBe('draft');
  });

  it('only a draft is deleted; a plan under review or approved is not edited', async () => {
    const draft = await insert(adminA);
    const submitted = await insert(adminA);
    await ok(t.app, adminA, '/api/year-plan/submit', { id: submitted.id });
    expect(await refusal(t.app, adminA, '/api/year-plan/delete', { ids: [draft.id, submitted.id] })).toMatchObject({
      code: 'IN_USE_TRAINING_PLAN',
      data: { ids: [submitted.id] },
    });
    expect(await refusal(t.app, adminA, '/api/year-plan/update', { id: submitted.id, name: 'Changed' })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    expect(await refusal(t.app, adminA, '/api/year-plan/submit', { id: submitted.id })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    expect(await ok(t.app, adminA, '/api/year-plan/delete', { ids: [draft.id] })).toEqual({ count: 1 });
    expect(await refusal(t.app, adminA, '/api/year-plan/get', { id: draft.id })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
  });
});

describe('annual plans: approval', () => {
  it('submit → approve: the plan is approved; the history is on the approval', async () => {
    const p = await insert(adminA);
    const submitted = await ok<YearPlanDetail>(t.app, adminA, '/api/year-plan/submit', { id: p.id });
    expect(submitted).toMatchObject({ state: 'underReview', abilities: { modify: false, delete: false, submit: false } });
    const row = await pendingOf(p.id);
    expect(row).toMatchObject({ title: p.name, state: 'pending' });
    expect(await decide(row.id, 'approve')).toMatchObject({ state: 'approved' });
    expect(await get(adminA, p.id)).toMatchObject({ state: 'approved', abilities: { modify: false, delete: false, submit: false } });
    // The plan's managers read its history.
    const history = await ok(t.app, adminA, '/api/approval/history', { businessType: 'annualPlan', businessId: p.id });
    expect(history.records.map((r: { action: string }) => r.action)).toEqual(['submit', 'approve']);
  });

  it('refuse → audit failure → edit → resubmit → approved; a withdrawal → can resubmit', async () => {
    const p = await insert(adminA);
    await ok(t.app, adminA, '/api/year-plan/submit', { id: p.id });
    await decide((await pendingOf(p.id)).id, 'refuse');
    expect(await get(adminA, p.id)).toMatchObject({ state: 'auditFailure', abilities: { modify: true, delete: false, submit: true } });
    await ok(t.app, adminA, '/api/year-plan/update', { id: p.id, lines: [line({ siteFee: 100 })] });
    expect(await ok(t.app, adminA, '/api/year-plan/submit', { id: p.id })).toMatchObject({ state: 'underReview', totalBudget: 100 + 203_999 });
    const again = await pendingOf(p.id);
    const history = await ok(t.app, adminA, '/api/approval/history', { businessType: 'annualPlan', businessId: p.id });
    expect(history.records.map((r: { action: string }) => r.action)).toEqual(['submit', 'refuse', 'resubmit']);
    await decide(again.id, 'approve');
    expect((await get(adminA, p.id)).state).toBe('approved');

    const w = await insert(adminA);
    await ok(t.app, adminA, '/api/year-plan/submit', { id: w.id });
    await ok(t.app, adminA, '/api/approval/withdraw', { id: (await pendingOf(w.id)).id });
    expect(await get(adminA, w.id)).toMatchObject({ state: 'canResubmit', abilities: { modify: true, delete: false, submit: true } });
    // Resubmitted from the approvals side (my approvals) with the same rules.
    await ok(t.app, adminA, '/api/approval/submit', { businessType: 'annualPlan', businessId: w.id });
    expect((await get(adminA, w.id)).state).toBe('underReview');
  });

  it("another department's administrator cannot submit a plan through the approvals API", async () => {
    const p = await insert(adminA);
    expect(await refusal(t.app, adminB, '/api/approval/submit', { businessType: 'annualPlan', businessId: p.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    expect((await get(adminA, p.id)).state).toBe('draft');
  });
});

describe('annual plans: data scope and authorization', () => {
  it('a department administrator sees and edits only plans of their departments; the training department sees all', async () => {
    const a = await insert(adminA);
    const b = await insert(adminB);
    const idsOf = async (s: Session) => ((await ok(t.app, s, '/api/year-plan/list', { size: 500 })).records as YearPlanRow[]).map((r) => r.id);
    expect(await idsOf(adminA)).toContain(a.id);
    expect(await idsOf(adminA)).not.toContain(b.id);
    expect(await idsOf(admin)).toEqual(expect.arrayContaining([a.id, b.id]));
    for (const [url, body] of [
      ['/api/year-plan/get', { id: b.id }],
      ['/api/year-plan/update', { id: b.id, name: 'Mine now' }],
      ['/api/year-plan/delete', { ids: [b.id] }],
      ['/api/year-plan/submit', { id: b.id }],
      ['/api/year-plan/insert', plan({ orgId: deptB.id })],
      ['/api/year-plan/update', { id: a.id, orgId: deptB.id }],
    ] as const) {
      expect(await refusal(t.app, adminA, url, body), url).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    }
    expect((await get(adminB, b.id)).name).toBe(b.name);
    // The training department (full scope) creates a plan for a department and edits any.
    const forB = await ok<YearPlanDetail>(t.app, admin, '/api/year-plan/insert', plan({ orgId: deptB.id }));
    expect(forB.orgId).toBe(deptB.id);
    expect(await idsOf(adminB)).toContain(forB.id);
    expect(await ok(t.app, admin, '/api/year-plan/update', { id: a.id, name: 'Renamed by HQ' })).toMatchObject({ name: 'Renamed by HQ' });
  });

  it('each endpoint needs its ndjh code; abilities follow the codes', async () => {
    const p = await insert(adminA);
    const nobody = await newUserSession(t, { permissions: [], orgId: deptA.id, scopeOrgIds: [deptA.id] });
    const reader = await newUserSession(t, { permissions: ['ndjh'], orgId: deptA.id, scopeOrgIds: [deptA.id] });
    const adder = await newUserSession(t, { permissions: ['ndjh', 'ndjh:add'], orgId: deptA.id, scopeOrgIds: [deptA.id] });
    const matrix: [Session, string, unknown, number][] = [
      [nobody, '/api/year-plan/list', {}, 403],
      [nobody, '/api/year-plan/get', { id: p.id }, 403],
      [reader, '/api/year-plan/list', {}, 200],
      [reader, '/api/year-plan/get', { id: p.id }, 200],
      [reader, '/api/year-plan/insert', plan(), 403],
      [reader, '/api/year-plan/update', { id: p.id, name: 'x' }, 403],
      [reader, '/api/year-plan/submit', { id: p.id }, 403],
      [reader, '/api/year-plan/delete', { ids: [p.id] }, 403],
      [adder, '/api/year-plan/insert', plan(), 200],
      [adder, '/api/year-plan/update', { id: p.id, name: 'x' }, 403],
      [adder, '/api/approval/submit', { businessType: 'annualPlan', businessId: p.id }, 403],
    ];
    for (const [s, url, body, status] of matrix) {
      const res = await call(t.app, s, url, body);
      expect([url, res.statusCode], res.body).toEqual([url, status]);
      if (status === 403) expect(res.json().msg).toBe('NO_PERMISSION_ERROR');
    }
    expect((await get(reader, p.id)).abilities).toEqual({ modify: false, delete: false, submit: false });
    expect((await get(adder, p.id)).abilities).toEqual({ modify: false, delete: false, submit: false });
    expect((await get(adminA, p.id)).abilities).toEqual({ modify: true, delete: true, submit: true });
    expect((await get(reader, p.id)).state).toBe('draft');
  });
});

/** The first sheet's rows as values (ExcelJS rows are 1-based: drop the empty first cell). */
const sheetRows = async (res: { statusCode: number; rawPayload: Buffer; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  const ws = (await readBook(res.rawPayload)).worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

describe('annual plans: Excel export', () => {
  it("one plan: its lines by month with the budget items and subtotals in yuan, a total row, in the reader's language", async () => {
    const p = await insert(adminA, {
      name: `Export plan ${nextYear}`,
      lines: [line({ month: 9, sessions: 1, siteFee: 10_001, teacherFee: 0, textbookFee: 0, travelFee: 0 }), line({ month: 2, form: 'outside' })],
    });
    const res = await call(t.app, adminA, '/api/year-plan/export', { id: p.id, lang: 'en-US' });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain(`Annual plan-${p.name}`);
    const rows = await sheetRows(res);
    expect(rows[0]).toEqual([
      'Month',
      'Sessions',
      'Training type',
      'Main content',
      'Planned form',
      'Days',
      'Site fee (yuan)',
      'Teacher remuneration (yuan)',
      'Textbook cost (yuan)',
      'Travel (yuan)',
      'Subtotal (yuan)',
    ]);
    expect(rows[1]).toEqual([2, 2, 'Safety', 'Fire drill and first aid', 'Outside', 1, 1500.5, 2000, 39.99, 0, 3540.49]);
    expect(rows[2]!.slice(0, 2)).toEqual([9, 1]);
    expect(rows[2]!.slice(6)).toEqual([100.01, 0, 0, 0, 100.01]);
    // The total row: the plan's totals as the server computed them.
    expect(rows[3]![0]).toBe('Total');
    expect(rows[3]![1]).toBe(p.totalSessions);
    expect(rows[3]![10]).toBe(p.totalBudget / 100);
    expect(rows[3]!.slice(6)).toEqual([1600.51, 2000, 39.99, 0, 3640.5]);
    // Chinese by default.
    expect((await sheetRows(await call(t.app, adminA, '/api/year-plan/export', { id: p.id })))[0]![0]).toBe('月份');
  });

  it("the year overview lists the year's plans in the caller's scope with their totals; another department's plan is refused", async () => {
    const year = nextYear;
    const a = await insert(adminA, { name: `Overview A ${year}`, year, type: 'salon' });
    const b = await insert(adminB, { name: `Overview B ${year}`, year, lines: [line({ sessions: 5, siteFee: 1 })] });
    nextYear++;
    const mine = await sheetRows(await call(t.app, adminA, '/api/year-plan/export-year', { year, lang: 'en-US' }));
    expect(mine[0]).toEqual(['Plan name', 'Department', 'Plan type', 'Total sessions', 'Total budget (yuan)', 'Status']);
    expect(mine.slice(1)).toEqual([
      [a.name, deptA.name, 'Salon', a.totalSessions, a.totalBudget / 100, 'Draft'],
      ['Total', '', '', a.totalSessions, a.totalBudget / 100, ''],
    ]);
    const all = await sheetRows(await call(t.app, admin, '/api/year-plan/export-year', { year, lang: 'en-US' }));
    const names = all.map((r) => r[0]);
    expect(names).toEqual(expect.arrayContaining([a.name, b.name]));
    const total = all.at(-1)!;
    const body = all.slice(1, -1);
    expect(total[0]).toBe('Total');
    expect(total[3]).toBe(body.reduce((n, r) => n + Number(r[3]), 0));
    expect(total[4]).toBeCloseTo(
      body.reduce((n, r) => n + Number(r[4]), 0),
      2,
    );

    expect(await refusal(t.app, adminA, '/api/year-plan/export', { id: b.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    const nobody = await newUserSession(t, { permissions: [], orgId: deptA.id, scopeOrgIds: [deptA.id] });
    expect(await refusal(t.app, nobody, '/api/year-plan/export', { id: a.id })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    expect(await refusal(t.app, nobody, '/api/year-plan/export-year', { year })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    expect(await refusal(t.app, adminA, '/api/year-plan/export-year', {})).toMatchObject({ code: 'PARAMETER_INVALID', field: 'year' });
  });
});
