import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalFlowDetail, ApprovalHistory, ApprovalRow, ApprovalStepInput } from '@hanlin/shared';
import { useTestApp, login, ok, refusal, call, newUserSession, type Session } from '../../test/harness.js';
import { buildOrg, buildRole, buildUser } from '../../test/factories.js';
import { testApprovalType } from '../../test/approvals.js';
import type { ApprovalStateEvent } from './index.js';

const t = useTestApp();
let admin: Session;
type Person = Session & { id: number };
const people: Person[] = [];
let applicant: Person;

beforeAll(async () => {
  admin = await login(t.app);
  applicant = await newUserSession(t, { permissions: [] });
  for (let i = 0; i < 6; i++) people.push(await newUserSession(t, { permissions: [], realname: `Approver ${i}` }));
});

const uniq = () => crypto.randomBytes(4).toString('hex');
/** What the business module heard, per type: the states its record followed. */
const heard = new Map<string, ApprovalStateEvent[]>();
function businessType(): string {
  const type = testApprovalType(t.app);
  heard.set(type.name, type.heard);
  return type.name;
}
const users = (...ps: Person[]) => ps.map((p) => ({ kind: 'user' as const, userId: p.id }));
/** A registered type with a flow of these steps. */
async function flowOf(steps: ApprovalStepInput[]) {
  const type = businessType();
  const { id } = await ok(t.app, admin, '/api/approval-flow/insert', { businessType: type, name: `Flow ${type}`, steps });
  return { type, flowId: id as number };
}
let nextBusinessId = 1;
const submit = (s: Session, businessType: string, businessId = nextBusinessId++) =>
  ok<ApprovalRow>(t.app, s, '/api/approval/submit', { businessType, businessId, comment: 'please' });
const decide = (s: Session, id: number, decision: 'approve' | 'refuse', comment = '') => call(t.app, s, '/api/approval/decide', { id, decision, comment });
const approve = async (s: Session, id: number) => {
  const res = await decide(s, id, 'approve', 'ok');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ApprovalRow;
};
const todoIds = async (s: Session) => ((await ok(t.app, s, '/api/approval/todo', { size: 500 })).records as ApprovalRow[]).map((r) => r.id);
const history = (s: Session, row: ApprovalRow) => ok<ApprovalHistory>(t.app, s, '/api/approval/history', { businessType: row.businessType, businessId: row.businessId });
async function templatesOf(userId: number, title: string): Promise<string[]> {
  const { rows } = await t.db.execute<{ template: string }>(sql`select template from messages where user_id = ${userId} and params ->> 'title' = ${title} order by id`);
  return rows.map((r) => r.template);
}

describe('approval flow definitions', () => {
  it('needs at least one approver and known people, one flow per business type, and shows names in the editor', async () => {
    const type = businessType();
    const base = { businessType: type, name: 'Plan approval' };
    expect(await refusal(t.app, admin, '/api/approval-flow/insert', { ...base, steps: [{ mode: 'orSign', approvers: [] }] })).toMatchObject({
      code: 'PARAMETER_INVALID',
      field: 'steps.0.approvers',
    });
    expect(await refusal(t.app, admin, '/api/approval-flow/insert', { ...base, steps: [] })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'steps' });
    expect(await refusal(t.app, admin, '/api/approval-flow/insert', { ...base, steps: [{ mode: 'orSign', approvers: [{ kind: 'user', userId: 2_000_000 }] }] })).toMatchObject(
      { code: 'NOT_FOUND_ERROR', field: 'steps.0.approvers.0' },
    );
    expect(
      await refusal(t.app, admin, '/api/approval-flow/insert', { ...base, businessType: 'nobodyRegisteredThis', steps: [{ mode: 'orSign', approvers: users(people[0]!) }] }),
    ).toMatchObject({
      code: 'PARAMETER_INVALID',
      field: 'businessType',
    });

    const role = await buildRole(t.db, { name: `Approvers ${uniq()}` });
    const steps = [
      { name: 'Heads', mode: 'countersign', approvers: [...users(people[0]!), { kind: 'role', roleId: role.id }, { kind: 'leader' }], ccUserIds: [people[1]!.id] },
    ];
    const { id } = await ok(t.app, admin, '/api/approval-flow/insert', { ...base, steps });
    expect(await refusal(t.app, admin, '/api/approval-flow/insert', { ...base, steps })).toMatchObject({ code: 'DUPLICATE_DATA', field: 'businessType' });
    const detail = await ok<ApprovalFlowDetail>(t.app, admin, '/api/approval-flow/get', { id });
    expect(detail).toMatchObject({ businessType: type, version: 1, stepCount: 1, running: 0, abilities: { modify: true, delete: true } });
    expect(detail.steps[0]!.approvers.map((a) => a.label)).toEqual(['Approver 0', role.name, null]);
    expect(detail.steps[0]!.cc).toEqual([{ userId: people[1]!.id, realname: 'Approver 1' }]);
    const types = await ok<{ businessType: string; defined: boolean }[]>(t.app, admin, '/api/approval-flow/types');
    expect(types).toContainEqual({ businessType: type, defined: true });
    expect(types).toContainEqual({ businessType: 'annualPlan', defined: false });
    const roles = await ok<{ id: number; name: string }[]>(t.app, admin, '/api/approval-flow/candidates', { kind: 'role', keyword: role.name.slice(-8).toUpperCase() });
    expect(roles.map((r) => r.id)).toEqual([role.id]);
    const named = await ok<{ id: number }[]>(t.app, admin, '/api/approval-flow/candidates', { kind: 'user', keyword: people[0]!.user.username });
    expect(named.map((r) => r.id)).toEqual([people[0]!.id]);
    const list = await ok(t.app, admin, '/api/approval-flow/list', { businessType: type });
    expect(list.records.map((r: { id: number }) => r.id)).toEqual([id]);
  });

  it('keeps the version a running approval started on; new approvals take the edited one', async () => {
    const { type, flowId } = await flowOf([{ mode: 'orSign', approvers: users(people[0]!) }]);
    const first = await submit(applicant, type);
    await ok(t.app, admin, '/api/approval-flow/update', {
      id: flowId,
      steps: [
        { mode: 'orSign', approvers: users(people[0]!) },
        { mode: 'orSign', approvers: users(people[1]!) },
      ],
    });
    const flow = await ok<ApprovalFlowDetail>(t.app, admin, '/api/approval-flow/get', { id: flowId });
    expect(flow).toMatchObject({ version: 2, stepCount: 2, running: 1, abilities: { delete: false } });
    // The running approval is on version 1: one agreement ends it.
    expect(await approve(people[0]!, first.id)).toMatchObject({ version: 1, stepCount: 1, state: 'approved' });
    const second = await submit(applicant, type);
    expect(second).toMatchObject({ version: 2, stepCount: 2 });
    expect(await approve(people[0]!, second.id)).toMatchObject({ state: 'pending', stepIndex: 1 });
    expect(await approve(people[1]!, second.id)).toMatchObject({ state: 'approved' });
    // Approvals started on it: the flow stays.
    expect(await refusal(t.app, admin, '/api/approval-flow/delete', { ids: [flowId] })).toMatchObject({ code: 'DATA_IN_USE', data: { ids: [flowId] } });
    const unused = await flowOf([{ mode: 'orSign', approvers: users(people[0]!) }]);
    expect(await ok(t.app, admin, '/api/approval-flow/delete', { ids: [unused.flowId] })).toEqual({ count: 1 });
  });
});

describe('approvals: the three step types', () => {
  it('countersign (all agree) with CC, then or-sign (any one): messages, to-do lists, history, the module told', async () => {
    const [a, b, c, d, e] = people as [Person, Person, Person, Person, Person];
    const { type } = await flowOf([
      { name: 'Department', mode: 'countersign', approvers: users(a, b), ccUserIds: [c.id] },
      { name: 'Training', mode: 'orSign', approvers: users(d, e) },
    ]);
    const row = await submit(applicant, type);
    expect(row).toMatchObject({ state: 'pending', stepIndex: 0, stepCount: 2, stepName: 'Department', stalled: null, abilities: { withdraw: true, approve: false } });
    expect(row.waitingOn.map((w) => w.userId)).toEqual([a.id, b.id]);
    expect(await templatesOf(a.id, row.title)).toEqual(['approvalWaiting']);
    expect(await templatesOf(c.id, row.title)).toEqual(['approvalCc']);
    expect(await templatesOf(d.id, row.title)).toEqual([]);
    expect(await todoIds(a)).toContain(row.id);
    expect(await todoIds(d)).not.toContain(row.id);

    // One of two countersigners agreeing keeps the step.
    expect(await approve(a, row.id)).toMatchObject({ stepIndex: 0, state: 'pending' });
    expect(await todoIds(a)).not.toContain(row.id);
    expect((await refusal(t.app, a, '/api/approval/decide', { id: row.id, decision: 'approve' })).code).toBe('REPEAT_APPROVAL');
    const moved = await approve(b, row.id);
    expect(moved).toMatchObject({ stepIndex: 1, stepName: 'Training', state: 'pending' });
    expect(moved.waitingOn.map((w) => w.userId)).toEqual([d.id, e.id]);
    expect(await templatesOf(e.id, row.title)).toEqual(['approvalWaiting']);

    // Or-sign: the first agreement ends it; the other approver's task is gone.
    expect(await approve(e, row.id)).toMatchObject({ state: 'approved', finishedAt: expect.any(String) });
    expect(await todoIds(d)).not.toContain(row.id);
    expect((await refusal(t.app, d, '/api/approval/decide', { id: row.id, decision: 'approve' })).code).toBe('REPEAT_APPROVAL');
    expect(await templatesOf(applicant.id, row.title)).toEqual(['approvalApproved']);
    expect(heard.get(type)!.map((h) => h.state)).toEqual(['pending', 'approved']);

    const h = await history(applicant, row);
    expect(h.records.map((r) => [r.action, r.userId, r.stepIndex])).toEqual([
      ['submit', applicant.id, null],
      ['approve', a.id, 0],
      ['approve', b.id, 0],
      ['approve', e.id, 1],
    ]);
    expect(h.records[0]!.comment).toBe('please');
    // Times are the server's, in order.
    const times = h.records.map((r) => Date.parse(r.at));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(h.tasks.map((task) => [task.userId, task.state])).toEqual([
      [a.id, 'approved'],
      [b.id, 'approved'],
      [d.id, 'cancelled'],
      [e.id, 'approved'],
    ]);
    // The CC person reads the history too.
    expect((await history(c, row)).approval!.state).toBe('approved');
  });

  it('sequential: one approver after the other; a refusal needs its reason and ends the approval; resubmitted it starts again', async () => {
    const [a, b] = people as [Person, Person];
    const { type } = await flowOf([{ mode: 'sequential', approvers: users(a, b) }]);
    const row = await submit(applicant, type);
    expect(row.waitingOn.map((w) => w.userId)).toEqual([a.id]);
    expect(await todoIds(b)).not.toContain(row.id);
    expect((await refusal(t.app, b, '/api/approval/decide', { id: row.id, decision: 'approve' })).code).toBe('STATE_TRANSITION_INVALID');
    expect(await approve(a, row.id)).toMatchObject({ state: 'pending', stepIndex: 0 });
    expect(await todoIds(b)).toContain(row.id);
    expect(await templatesOf(b.id, row.title)).toEqual(['approvalWaiting']);

    expect(await refusal(t.app, b, '/api/approval/decide', { id: row.id, decision: 'refuse' })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'comment' });
    expect(await refusal(t.app, b, '/api/approval/decide', { id: row.id, decision: 'refuse', comment: '   ' })).toMatchObject({ code: 'PARAMETER_INVALID', field: 'comment' });
    const refused = (await decide(b, row.id, 'refuse', 'Budget too high')).json().data as ApprovalRow;
    expect(refused).toMatchObject({ state: 'refused', abilities: { approve: false, refuse: false, resubmit: false } });
    expect(await ok(t.app, applicant, '/api/approval/get', { id: row.id })).toMatchObject({ abilities: { resubmit: true, withdraw: false } });
    expect(await templatesOf(applicant.id, row.title)).toEqual(['approvalRefused']);
    expect(heard.get(type)!.at(-1)).toMatchObject({ state: 'refused', comment: 'Budget too high' });

    expect(await refusal(t.app, a, '/api/approval/submit', { businessType: type, businessId: row.businessId })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    const again = await submit(applicant, type, row.businessId);
    expect(again).toMatchObject({ id: row.id, state: 'pending', stepIndex: 0 });
    expect(again.waitingOn.map((w) => w.userId)).toEqual([a.id]);
    const h = await history(applicant, again);
    expect(h.records.map((r) => [r.round, r.action])).toEqual([
      [1, 'submit'],
      [1, 'approve'],
      [1, 'refuse'],
      [2, 'resubmit'],
    ]);
    expect(h.records[2]!.comment).toBe('Budget too high');
    // The current round's tasks only.
    expect(h.tasks.map((task) => [task.userId, task.state])).toEqual([
      [a.id, 'waiting'],
      [b.id, 'queued'],
    ]);
    expect(await refusal(t.app, applicant, '/api/approval/submit', { businessType: type, businessId: row.businessId })).toMatchObject({ code: 'REPEAT_SUBMIT_ERROR' });
  });

  it('two or-sign approvers deciding at the same moment: exactly one outcome, the other refused as a repeat approval', async () => {
    const [a, b] = people as [Person, Person];
    const { type } = await flowOf([{ mode: 'orSign', approvers: users(a, b) }]);
    for (let i = 0; i < 3; i++) {
      const row = await submit(applicant, type);
      const results = await Promise.all([decide(a, row.id, 'approve', 'yes'), decide(b, row.id, i === 1 ? 'refuse' : 'approve', 'no')]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().msg).toBe('REPEAT_APPROVAL');
      const h = await history(applicant, row);
      expect(h.records.filter((r) => r.action === 'approve' || r.action === 'refuse')).toHaveLength(1);
      const outcome = h.records.at(-1)!.action === 'approve' ? 'approved' : 'refused';
      expect(h.approval!.state).toBe(outcome);
      expect(
        heard
          .get(type)!
          .filter((e) => e.businessId === row.businessId)
          .map((e) => e.state),
      ).toEqual(['pending', outcome]);
    }
  });
});

describe('approvals: withdraw, resubmit, who acts', () => {
  it('the applicant alone withdraws a pending approval; it leaves the to-do lists and may be resubmitted', async () => {
    const [a] = people as [Person];
    const { type } = await flowOf([{ mode: 'orSign', approvers: users(a) }]);
    const row = await submit(applicant, type);
    expect((await refusal(t.app, a, '/api/approval/withdraw', { id: row.id })).code).toBe('NO_DATA_PERMISSION_ERROR');
    expect(await ok(t.app, applicant, '/api/approval/withdraw', { id: row.id, comment: 'wrong year' })).toMatchObject({
      state: 'withdrawn',
      abilities: { resubmit: true, withdraw: false },
    });
    expect(await todoIds(a)).not.toContain(row.id);
    expect((await refusal(t.app, a, '/api/approval/decide', { id: row.id, decision: 'approve' })).code).toBe('STATE_TRANSITION_INVALID');
    expect((await refusal(t.app, applicant, '/api/approval/withdraw', { id: row.id })).code).toBe('STATE_TRANSITION_INVALID');
    expect(heard.get(type)!.map((e) => e.state)).toEqual(['pending', 'withdrawn']);
    const mine = (await ok(t.app, applicant, '/api/approval/submitted', { businessType: type })).records as ApprovalRow[];
    expect(mine.map((r) => [r.id, r.state])).toEqual([[row.id, 'withdrawn']]);

    expect(await submit(applicant, type, row.businessId)).toMatchObject({ state: 'pending' });
    expect(await approve(a, row.id)).toMatchObject({ state: 'approved' });
    expect(await refusal(t.app, applicant, '/api/approval/submit', { businessType: type, businessId: row.businessId })).toMatchObject({
      code: 'STATE_TRANSITION_INVALID',
    });
  });

  it('resolves role holders and the applicant’s leaders; skips a frozen approver when others remain', async () => {
    const [a, b] = people as [Person, Person];
    const role = await buildRole(t.db, { name: `Holders ${uniq()}` });
    const holder = await buildUser(t.db, { roleIds: [role.id] });
    await buildUser(t.db, { roleIds: [role.id], status: 'frozen' });
    const org = await buildOrg(t.db);
    const leader = await buildUser(t.db);
    const orgLeader = await buildUser(t.db);
    await t.db.execute(sql`update organizations set leader_ids = ${`{${orgLeader.id}}`}::int[] where id = ${org.id}`);
    const me = await newUserSession(t, { permissions: [], orgId: org.id });
    await t.db.execute(sql`update users set leader_id = ${leader.id} where id = ${me.id}`);
    const frozen = await buildUser(t.db, { status: 'frozen', realname: 'Frozen one' });

    const { type } = await flowOf([
      { mode: 'countersign', approvers: [{ kind: 'role', roleId: role.id }, { kind: 'leader' }, { kind: 'orgLeader' }, { kind: 'user', userId: frozen.id }] },
      { mode: 'orSign', approvers: users(a, b) },
    ]);
    const row = await submit(me, type);
    // The frozen holder of the role is not resolved; the named frozen account is skipped.
    expect(row.waitingOn.map((w) => w.userId)).toEqual([holder.id, leader.id, orgLeader.id]);
    expect(row.stalled).toBeNull();
    const h = await history(me, row);
    expect(h.records.map((r) => [r.action, r.userId])).toEqual([
      ['submit', me.id],
      ['skip', frozen.id],
    ]);
  });

  it('a step only a frozen account can decide says so; an administrator reassigns it', async () => {
    const [a, b] = people as [Person, Person];
    const frozen = await newUserSession(t, { permissions: [], realname: 'Soon frozen' });
    const { type } = await flowOf([
      { mode: 'orSign', approvers: [{ kind: 'user', userId: frozen.id }] },
      { mode: 'orSign', approvers: [{ kind: 'leader' }] },
    ]);
    await t.db.execute(sql`update users set status = 'frozen' where id = ${frozen.id}`);
    const row = await submit(applicant, type);
    expect(row).toMatchObject({ stalled: 'frozenApprover', waitingOn: [{ userId: frozen.id, realname: 'Soon frozen', frozen: true }] });

    // Outside the administrator's codes: refused; a reassignment to a frozen or missing account: refused.
    expect((await refusal(t.app, a, '/api/approval/reassign', { id: row.id, fromUserId: frozen.id, toUserId: a.id })).code).toBe('NO_PERMISSION_ERROR');
    expect(await refusal(t.app, admin, '/api/approval/reassign', { id: row.id, fromUserId: frozen.id, toUserId: frozen.id })).toMatchObject({
      code: 'PARAMETER_INVALID',
      field: 'toUserId',
    });
    const moved = await ok<ApprovalRow>(t.app, admin, '/api/approval/reassign', { id: row.id, fromUserId: frozen.id, toUserId: a.id });
    expect(moved).toMatchObject({ stalled: null, waitingOn: [{ userId: a.id, frozen: false }] });
    expect(await templatesOf(a.id, row.title)).toEqual(['approvalWaiting']);

    // The applicant has no leader: nobody resolved, the approval says so; an approver is added.
    const next = await approve(a, row.id);
    expect(next).toMatchObject({ stepIndex: 1, stalled: 'noApprover', waitingOn: [] });
    await ok(t.app, admin, '/api/approval/reassign', { id: row.id, toUserId: b.id });
    expect(await approve(b, row.id)).toMatchObject({ state: 'approved' });
    expect((await history(admin, row)).records.filter((r) => r.action === 'reassign').map((r) => r.comment)).toEqual(['Approver 0', 'Approver 1']);
  });
});

describe('approvals: authorization matrix', () => {
  it('flow definitions need splgl codes; an approver acts only on steps that name them; history only for those involved', async () => {
    const [a, b, c] = people as [Person, Person, Person];
    const { type, flowId } = await flowOf([
      { mode: 'orSign', approvers: users(a) },
      { mode: 'orSign', approvers: users(b) },
    ]);
    const nobody = await newUserSession(t, { permissions: [] });
    const reader = await newUserSession(t, { permissions: ['splgl'] });
    const editor = await newUserSession(t, { permissions: ['splgl', 'splgl:add', 'splgl:modify'] });
    const step = { mode: 'orSign', approvers: users(a) };
    const matrix: [Session, string, unknown, number][] = [
      [nobody, '/api/approval-flow/list', {}, 403],
      [nobody, '/api/approval-flow/get', { id: flowId }, 403],
      [nobody, '/api/approval-flow/insert', { businessType: businessType(), name: 'x', steps: [step] }, 403],
      [reader, '/api/approval-flow/list', {}, 200],
      [reader, '/api/approval-flow/get', { id: flowId }, 200],
      [reader, '/api/approval-flow/insert', { businessType: businessType(), name: 'x', steps: [step] }, 403],
      [reader, '/api/approval-flow/update', { id: flowId, name: 'renamed' }, 403],
      [editor, '/api/approval-flow/insert', { businessType: businessType(), name: 'x', steps: [step] }, 200],
      [editor, '/api/approval-flow/update', { id: flowId, name: 'renamed' }, 200],
      [editor, '/api/approval-flow/delete', { ids: [flowId] }, 403],
    ];
    for (const [s, url, body, status] of matrix) {
      const res = await call(t.app, s, url, body);
      expect([url, res.statusCode], res.body).toEqual([url, status]);
      if (status === 403) expect(res.json().msg).toBe('NO_PERMISSION_ERROR');
    }
    const editorRow = (await ok(t.app, editor, '/api/approval-flow/list', { businessType: type })).records[0];
    expect(editorRow.abilities).toEqual({ modify: true, delete: false });

    const row = await submit(applicant, type);
    // Not named on the current step (b is on the next one; c nowhere).
    expect((await refusal(t.app, b, '/api/approval/decide', { id: row.id, decision: 'approve' })).code).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await refusal(t.app, c, '/api/approval/decide', { id: row.id, decision: 'approve' })).code).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await refusal(t.app, c, '/api/approval/get', { id: row.id })).code).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await refusal(t.app, c, '/api/approval/history', { businessType: type, businessId: row.businessId })).code).toBe('NO_DATA_PERMISSION_ERROR');
    // The approver named reads it and sees what they may do; an approval-flow administrator reads it.
    expect(await ok(t.app, a, '/api/approval/get', { id: row.id })).toMatchObject({
      abilities: { approve: true, refuse: true, withdraw: false },
      myTaskId: expect.any(Number),
    });
    expect(await ok(t.app, reader, '/api/approval/get', { id: row.id })).toMatchObject({ abilities: { approve: false, withdraw: false }, myTaskId: null });
    // The type's module decides who may submit what.
    expect(await refusal(t.app, applicant, '/api/approval/submit', { businessType: type, businessId: 5000 })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    // Annual plans (modules/year-plans) are submitted only by their managers (ndjh:modify).
    expect(await refusal(t.app, applicant, '/api/approval/submit', { businessType: 'annualPlan', businessId: 1 })).toMatchObject({
      code: 'NO_PERMISSION_ERROR',
      field: 'businessId',
    });
    // A decision meant for a task already decided is not taken for the next one.
    const { myTaskId } = await ok<ApprovalRow>(t.app, a, '/api/approval/get', { id: row.id });
    await approve(a, row.id);
    expect((await refusal(t.app, a, '/api/approval/decide', { id: row.id, decision: 'approve', taskId: myTaskId })).code).toBe('REPEAT_APPROVAL');
  });
});
