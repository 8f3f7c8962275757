import { beforeAll, describe, expect, it } from 'vitest';
import type { LeaderCenter, LeaderRow, TrainPlanRow, YearPlanDetail } from '@hanlin/shared';
import { useTestApp, login, ok, refusal, call, newUserSession, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';

const t = useTestApp();
type Person = Session & { id: number };
let admin: Session;
/** A division with two departments, and a department elsewhere. */
let division: { id: number; name: string };
let deptA: { id: number; name: string };
let deptB: { id: number; name: string };
let elsewhere: { id: number; name: string };
let divisionAdmin: Person;
const PXLD = ['pxld', 'pxld:add', 'pxld:modify', 'pxld:delete'];

beforeAll(async () => {
  admin = await login(t.app);
  division = await buildOrg(t.db);
  deptA = await buildOrg(t.db, { parentId: division.id });
  deptB = await buildOrg(t.db, { parentId: division.id });
  elsewhere = await buildOrg(t.db);
  divisionAdmin = await newUserSession(t, { permissions: PXLD, orgId: division.id, scopeOrgIds: [division.id] });
});

const designate = (s: Session, body: Record<string, unknown>) => ok<LeaderRow>(t.app, s, '/api/leader/insert', body);

describe('leaders: designation', () => {
  it('designates a user once, leading up to 10 organizations with a title', async () => {
    const u = await buildUser(t.db, { orgId: deptA.id, realname: 'Lead Ann' });
    const row = await designate(divisionAdmin, { userId: u.id, orgIds: [deptB.id, deptA.id, deptA.id], title: 'Training director' });
    expect(row).toMatchObject({ userId: u.id, realname: 'Lead Ann', title: 'Training director', orgId: deptA.id, abilities: { modify: true, delete: true } });
    expect(row.orgs.map((o) => o.id).sort()).toEqual([deptA.id, deptB.id].sort());
    expect(await refusal(t.app, divisionAdmin, '/api/leader/insert', { userId: u.id, orgIds: [deptA.id] })).toMatchObject({ code: 'DUPLICATE_DATA', field: 'userId' });

    const many = await Promise.all(Array.from({ length: 11 }, () => buildOrg(t.db, { parentId: division.id })));
    const v = await buildUser(t.db, { orgId: deptA.id });
    expect(await refusal(t.app, divisionAdmin, '/api/leader/insert', { userId: v.id, orgIds: many.map((o) => o.id) })).toMatchObject({
      code: 'PARAMETER_INVALID',
      field: 'orgIds',
    });
    const ten = await designate(divisionAdmin, { userId: v.id, orgIds: many.slice(0, 10).map((o) => o.id) });
    expect(ten.orgs).toHaveLength(10);
    expect(await refusal(t.app, divisionAdmin, '/api/leader/insert', { userId: 99_999_999, orgIds: [deptA.id] })).toMatchObject({
      code: 'NOT_FOUND_ERROR',
      field: 'userId',
    });
    expect(await refusal(t.app, divisionAdmin, '/api/leader/insert', { userId: v.id, orgIds: [] })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'orgIds' });
  });

  it('edits the title and the organizations (the whole new list); deletes', async () => {
    const u = await buildUser(t.db, { orgId: deptB.id });
    const row = await designate(divisionAdmin, { userId: u.id, orgIds: [deptA.id] });
    const edited = await ok<LeaderRow>(t.app, divisionAdmin, '/api/leader/update', { id: row.id, title: 'Coach', orgIds: [deptB.id] });
    expect(edited).toMatchObject({ title: 'Coach', orgs: [{ id: deptB.id, name: deptB.name }] });
    const found = (await ok(t.app, divisionAdmin, '/api/leader/list', { ledOrgId: deptB.id, size: 100 })).records as LeaderRow[];
    expect(found.map((r) => r.id)).toContain(row.id);
    expect(await ok(t.app, divisionAdmin, '/api/leader/delete', { ids: [row.id] })).toEqual({ count: 1 });
    expect(await refusal(t.app, divisionAdmin, '/api/leader/get', { id: row.id })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
  });

  it('a department administrator designates only people and organizations in their scope and sees only those leaders', async () => {
    const outsider = await buildUser(t.db, { orgId: elsewhere.id });
    const insider = await buildUser(t.db, { orgId: deptA.id });
    expect(await refusal(t.app, divisionAdmin, '/api/leader/insert', { userId: outsider.id, orgIds: [deptA.id] })).toMatchObject({
      code: 'NO_DATA_PERMISSION_ERROR',
      field: 'userId',
    });
    expect(await refusal(t.app, divisionAdmin, '/api/leader/insert', { userId: insider.id, orgIds: [elsewhere.id] })).toMatchObject({
      code: 'NO_DATA_PERMISSION_ERROR',
      field: 'orgIds',
    });
    const theirs = await designate(admin, { userId: outsider.id, orgIds: [elsewhere.id] });
    const ids = ((await ok(t.app, divisionAdmin, '/api/leader/list', { size: 500 })).records as LeaderRow[]).map((r) => r.id);
    expect(ids).not.toContain(theirs.id);
    for (const [url, body] of [
      ['/api/leader/get', { id: theirs.id }],
      ['/api/leader/update', { id: theirs.id, title: 'x' }],
      ['/api/leader/delete', { ids: [theirs.id] }],
    ] as const) {
      expect(await refusal(t.app, divisionAdmin, url, body), url).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    }
    expect(((await ok(t.app, admin, '/api/leader/list', { size: 500 })).records as LeaderRow[]).map((r) => r.id)).toContain(theirs.id);
  });

  it('each endpoint needs its pxld code', async () => {
    const reader = await newUserSession(t, { permissions: ['pxld'], orgId: division.id, scopeOrgIds: [division.id] });
    const nobody = await newUserSession(t, { permissions: ['ndjh'], orgId: division.id, scopeOrgIds: [division.id] });
    const u = await buildUser(t.db, { orgId: deptA.id });
    const matrix: [Session, string, unknown, number][] = [
      [nobody, '/api/leader/list', {}, 403],
      [reader, '/api/leader/list', {}, 200],
      [reader, '/api/leader/insert', { userId: u.id, orgIds: [deptA.id] }, 403],
      [reader, '/api/leader/update', { id: 1, title: 'x' }, 403],
      [reader, '/api/leader/delete', { ids: [1] }, 403],
      [nobody, '/api/leader/center', {}, 200],
    ];
    for (const [s, url, body, status] of matrix) {
      const res = await call(t.app, s, url, body);
      expect([url, res.statusCode], res.body).toEqual([url, status]);
    }
    const rows = (await ok(t.app, reader, '/api/leader/list', { size: 5 })).records as LeaderRow[];
    expect(rows[0]?.abilities).toEqual({ modify: false, delete: false });
  });
});

describe('leaders: the plan center', () => {
  it("shows the submitted plans of the organizations led (with their sub-organizations) and their totals; not others' or drafts", async () => {
    const planner = await newUserSession(t, { permissions: ['ndjh', 'ndjh:add', 'ndjh:modify', 'pxjh', 'pxjh:add', 'pxjh:modify'] });
    await ok(t.app, admin, '/api/approval-flow/insert', {
      businessType: 'annualPlan',
      name: 'Annual',
      steps: [{ mode: 'orSign', approvers: [{ kind: 'user', userId: planner.id }] }],
    });
    await ok(t.app, admin, '/api/approval-flow/insert', {
      businessType: 'trainingPlan',
      name: 'Unplanned',
      steps: [{ mode: 'orSign', approvers: [{ kind: 'user', userId: planner.id }] }],
    });
    const line = { month: 4, sessions: 3, trainingType: 'T', content: 'C', form: 'inside', days: 1, siteFee: 10_000, teacherFee: 0, textbookFee: 0, travelFee: 5 };
    const annual = async (orgId: number, submit: boolean) => {
      const p = await ok<YearPlanDetail>(t.app, planner, '/api/year-plan/insert', { name: `Y ${orgId}`, year: 2040, type: 'annual', orgId, lines: [line] });
      if (submit) await ok(t.app, planner, '/api/year-plan/submit', { id: p.id });
      return p;
    };
    const adHoc = async (orgId: number, name: string, submit: boolean) => {
      const p = await ok<TrainPlanRow>(t.app, planner, '/api/train-plan/insert', {
        name,
        orgId,
        reason: 'R',
        startDate: '2040-06-01',
        endDate: '2040-06-02',
        trainingType: 'T',
        form: 'outside',
        days: 2,
        sessions: 2,
        trainees: 9,
        siteFee: 0,
        teacherFee: 700,
        textbookFee: 0,
        travelFee: 0,
      });
      if (submit) await ok(t.app, planner, '/api/train-plan/submit', { id: p.id });
      return p;
    };
    const centerDiv = await buildOrg(t.db);
    const sub = await buildOrg(t.db, { parentId: centerDiv.id });
    const other = await buildOrg(t.db);
    const a1 = await annual(sub.id, true);
    await annual(centerDiv.id, false); // a draft: not shown
    const o1 = await annual(other.id, true); // not led: not shown
    const t1 = await adHoc(sub.id, 'Sub ad-hoc', true);
    const t2 = await adHoc(centerDiv.id, 'Div ad-hoc', true);
    await adHoc(centerDiv.id, 'Div draft', false);

    const person = await buildUser(t.db, { orgId: centerDiv.id, permissions: [] });
    const leaderSession = await login(t.app, person.username, person.password);
    expect(await ok<LeaderCenter>(t.app, leaderSession, '/api/leader/center', { year: 2040 })).toMatchObject({ isLeader: false, orgs: [], annualPlans: [] });
    await designate(admin, { userId: person.id, orgIds: [centerDiv.id, sub.id], title: 'Head' });

    const c = await ok<LeaderCenter>(t.app, leaderSession, '/api/leader/center', { year: 2040 });
    expect(c).toMatchObject({ year: 2040, isLeader: true, title: 'Head' });
    expect(c.annualPlans.map((p) => p.id)).toEqual([a1.id]);
    expect(c.annualPlans.map((p) => p.id)).not.toContain(o1.id);
    expect(c.annualPlans[0]).toMatchObject({ state: 'underReview', totalBudget: 10_005, totalSessions: 3, orgName: sub.name });
    expect(c.trainPlans.map((p) => p.id).sort()).toEqual([t1.id, t2.id].sort());
    const byOrg = Object.fromEntries(c.orgs.map((o) => [o.id, o]));
    // The division counts its sub-organization's plans too; the sub-organization only its own.
    expect(byOrg[centerDiv.id]).toMatchObject({ annual: { count: 1, budget: 10_005, sessions: 3 }, adHoc: { count: 2, budget: 1_400, sessions: 4 } });
    expect(byOrg[sub.id]).toMatchObject({ annual: { count: 1, budget: 10_005, sessions: 3 }, adHoc: { count: 1, budget: 700, sessions: 2 } });
    // Another year is empty.
    const next = await ok<LeaderCenter>(t.app, leaderSession, '/api/leader/center', { year: 2041 });
    expect(next.annualPlans).toEqual([]);
    expect(next.orgs.every((o) => o.annual.count === 0 && o.adHoc.count === 0)).toBe(true);
  });
});
