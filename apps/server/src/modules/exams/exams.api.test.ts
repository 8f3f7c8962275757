import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp, login, call, ok, codeOf, dataOf, refusalOf, type Session } from '../../test/harness.js';
import { expectWritesObey } from '../../test/abilities.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { makeJobsDue, queuedJobs } from '../../test/jobs.js';
import { exams } from './exams.schema.js';
import { setExamPaperSource, type ExamPaperInfo } from './exams.paper.js';
import { EXAM_CLOCK_JOB } from './exams.service.js';

// The papers module is another domain: a test double stands for it behind the exam's paper source.
const papers = new Map<number, ExamPaperInfo>();
const paper = (id: number, extra: Partial<ExamPaperInfo> = {}) => {
  const p: ExamPaperInfo = { id, name: `Paper ${id}`, kind: 'fixed', total: 100, questionCount: 10, hasSubjective: false, usable: true, ...extra };
  papers.set(p.id, p);
  return id;
};
const t = useTestApp();
// After the app's own start (which sets the papers module as the source).
beforeAll(() =>
  setExamPaperSource(t.app, {
    describePapers: async (ids) => new Map(ids.filter((id) => papers.has(id)).map((id) => [id, papers.get(id)!])),
    searchPapers: async (keyword) => [...papers.values()].filter((p) => !keyword || p.name.includes(keyword)),
  }),
);
let admin: Session;
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
let n = 0;

type Exam = { id: number; status: string; total: number; startAt: string; endAt: string; attempts: number; duration: number; abilities: Record<string, boolean> };
const draft = (extra: Record<string, unknown> = {}) => ({
  name: `Exam ${++n}`,
  startAt: inMinutes(60),
  endAt: inMinutes(180),
  duration: 60,
  passPercent: 60,
  attempts: 2,
  paperId: objective,
  audience: [{ type: 'org', id: orgA.id }],
  ...extra,
});
const create = (s: Session, body: Record<string, unknown>) => ok<Exam & Record<string, unknown>>(t.app, s, '/api/exam/insert', body);
const get = async (id: number) => (await call(t.app, admin, '/api/exam/get', { id })).json().data as Exam & Record<string, unknown>;
const update = (id: number, body: Record<string, unknown>) => call(t.app, admin, '/api/exam/update', { ...body, id });
/** The clock passes: the exam's start (and end) lie in the past now. */
const startedAgo = (id: number, minutes = 1) =>
  t.db
    .update(exams)
    .set({ startAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(exams.id, id));
const endedAgo = (id: number) =>
  t.db
    .update(exams)
    .set({ startAt: sql`now() - interval '2 hours'`, endAt: sql`now() - interval '1 minute'` })
    .where(eq(exams.id, id));
const storedStatus = async (id: number) => (await t.db.select({ s: exams.status }).from(exams).where(eq(exams.id, id)))[0]!.s;

let orgA: { id: number }, orgB: { id: number };
let a1: Awaited<ReturnType<typeof buildUser>>, b1: Awaited<ReturnType<typeof buildUser>>;
let objective: number, subjective: number, empty: number;

beforeAll(async () => {
  admin = await login(t.app);
  orgA = await buildOrg(t.db, { name: 'Sales' });
  orgB = await buildOrg(t.db, { name: 'Factory' });
  a1 = await buildUser(t.db, { orgId: orgA.id, realname: 'Ann', kind: 'student', permissions: ['kc-pc'] });
  b1 = await buildUser(t.db, { orgId: orgB.id, realname: 'Dee', kind: 'student', permissions: ['kc-pc'] });
  objective = paper(11, { total: 80 });
  subjective = paper(12, { hasSubjective: true, kind: 'random' });
  empty = paper(13, { usable: false, questionCount: 0 });
});

describe('exam categories', () => {
  it('keeps a classification tree; a category holding exams is not deleted', async () => {
    const root = (await call(t.app, admin, '/api/exam-sort/insert', { name: 'Safety' })).json().data.id as number;
    const child = (await call(t.app, admin, '/api/exam-sort/insert', { name: 'Fire', parentId: root })).json().data.id as number;
    expect(codeOf(await call(t.app, admin, '/api/exam-sort/insert', { name: 'Fire', parentId: root }))).toBe('DUPLICATE_CATEGORY');
    const tree = (await call(t.app, admin, '/api/exam-sort/tree')).json().data;
    expect(tree).toMatchObject([{ id: root, name: 'Safety', children: [{ id: child, name: 'Fire', children: [] }] }]);
    const e = await create(admin, draft({ categoryId: child, name: 'Fire drill' }));
    expect(codeOf(await call(t.app, admin, '/api/exam-sort/delete', { id: child }))).toBe('IN_USE_CLASSIFICATION');
    expect(codeOf(await call(t.app, admin, '/api/exam-sort/delete', { id: root }))).toBe('IN_USE_SUBCLASS');
    // The list filters by a category and its sub-categories.
    const list = (await call(t.app, admin, '/api/exam/list', { categoryId: root })).json().data;
    expect(list.records.map((r: Exam) => r.id)).toEqual([e.id]);
    expect(list.records[0]).toMatchObject({ categoryName: 'Fire' });
  });
});

describe('saving an exam', () => {
  it('saves every field of a draft, takes the total from the paper, answers abilities', async () => {
    const reviewer = await buildUser(t.db, { orgId: orgA.id, realname: 'Rita' });
    const e = await create(
      admin,
      draft({
        name: 'Forklift licence',
        answerMode: 'single',
        countdownMode: 'end',
        photoInterval: 30,
        markingMode: 'reviewer',
        reviewerIds: [reviewer.id],
        antiCheat: true,
        leaveLimit: 3,
        scoreDisplay: 'immediate',
        showAnswers: true,
        showRanking: true,
        paperId: subjective,
      }),
    );
    expect(e).toMatchObject({
      status: 'draft',
      total: 100,
      answerMode: 'single',
      countdownMode: 'end',
      photoInterval: 30,
      markingMode: 'reviewer',
      reviewers: [{ id: reviewer.id, name: 'Rita' }],
      antiCheat: true,
      leaveLimit: 3,
      scoreDisplay: 'immediate',
      showAnswers: true,
      showRanking: true,
      paper: { id: subjective, kind: 'random', hasSubjective: true },
      audience: [{ type: 'org', id: orgA.id, name: 'Sales' }],
    });
    expect(e.abilities).toEqual({ modify: true, delete: true, publish: true, unpublish: false, start: false, end: false });
    const dup = await call(t.app, admin, '/api/exam/insert', draft({ name: 'Forklift licence' }));
    expect(refusalOf(dup)).toMatchObject({ code: 'DUPLICATE_EXAM', field: 'name' });
  });

  it('refuses bad times, ranges, an unusable paper and a certificate with a subjective paper', async () => {
    const refused = async (body: Record<string, unknown>, code: string, field: string) => {
      const res = await call(t.app, admin, '/api/exam/insert', draft(body));
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(refusalOf(res), JSON.stringify(body)).toMatchObject({ code, field });
    };
    await refused({ startAt: inMinutes(120), endAt: inMinutes(60) }, 'PARAMETER_INVALID', 'endAt');
    await refused({ startAt: inMinutes(-5) }, 'TIME_BEFORE_NOW', 'startAt');
    await refused({ passPercent: 0 }, 'PARAMETER_INVALID', 'passPercent');
    await refused({ passPercent: 101 }, 'PARAMETER_INVALID', 'passPercent');
    await refused({ attempts: 0 }, 'PARAMETER_INVALID', 'attempts');
    await refused({ attempts: 1000 }, 'PARAMETER_INVALID', 'attempts');
    await refused({ duration: 0 }, 'PARAMETER_INVALID', 'duration');
    await refused({ antiCheat: true }, 'PARAMETER_INVALID', 'leaveLimit');
    await refused({ markingMode: 'reviewer', reviewerIds: [] }, 'PARAMETER_INVALID', 'reviewerIds');
    await refused({ paperId: empty }, 'PAPER_DELETED_OR_EMPTY', 'paperId');
    await refused({ paperId: 999 }, 'PAPER_DELETED_OR_EMPTY', 'paperId');
    const [tpl] = (
      await t.db.execute<{ id: number }>(
        sql`insert into certificate_templates (name, authority, page_width, page_height, layout) values ('Safety certificate', 'HQ', 842, 595, '{}'::jsonb) returning id`,
      )
    ).rows;
    await refused({ paperId: subjective, certificateTemplateId: tpl!.id }, 'EXAM_CERTIFICATE_NEEDS_OBJECTIVE', 'certificateTemplateId');
    const ok = await create(admin, draft({ paperId: objective, certificateTemplateId: tpl!.id }));
    expect(ok).toMatchObject({ certificateTemplateId: tpl!.id, certificateName: 'Safety certificate' });
  });

  it('offers papers to pick through the paper source', async () => {
    const found = (await call(t.app, admin, '/api/exam/papers', { keyword: 'Paper 1' })).json().data as { id: number }[];
    expect(found.map((p) => p.id).sort()).toEqual([11, 12, 13]);
    expect((await call(t.app, admin, '/api/exam/papers', { ids: [12] })).json().data).toEqual([
      { id: 12, name: 'Paper 12', kind: 'random', total: 100, questionCount: 10, hasSubjective: true, usable: true },
    ]);
  });
});

describe('the exam list', () => {
  it('filters by start time and state, sorts by start', async () => {
    const soon = await create(admin, draft({ name: 'List soon', startAt: inMinutes(30), endAt: inMinutes(90) }));
    const later = await create(admin, draft({ name: 'List later', startAt: inMinutes(600), endAt: inMinutes(700) }));
    const ids = async (q: Record<string, unknown>) =>
      ((await call(t.app, admin, '/api/exam/list', { keyword: 'List ', ...q })).json().data.records as Exam[]).map((r) => r.id);
    expect(await ids({ sort: 'startAt' })).toEqual([soon.id, later.id]);
    expect(await ids({ sort: '-startAt' })).toEqual([later.id, soon.id]);
    expect(await ids({ startFrom: inMinutes(300) })).toEqual([later.id]);
    expect(await ids({ startTo: inMinutes(300) })).toEqual([soon.id]);
    expect(await ids({ status: 'draft', sort: 'startAt' })).toEqual([soon.id, later.id]);
    expect(await ids({ status: 'published' })).toEqual([]);
    expect((await call(t.app, admin, '/api/exam/list', { sort: 'paperId' })).statusCode).toBe(400);
  });
});

describe('exam lifecycle', () => {
  it('publishes, fixes the start, only extends end and duration, only increases attempts', async () => {
    const e = await create(admin, draft());
    const pub = await call(t.app, admin, '/api/exam/publish', { ids: [e.id] });
    expect(pub.json().data).toEqual({ count: 1 });
    const published = await get(e.id);
    expect(published.status).toBe('published');
    expect(published.abilities).toMatchObject({ modify: true, delete: false, publish: false, unpublish: true });
    const body = { ...draft(), name: e.name as string, startAt: e.startAt, endAt: e.endAt, duration: 60, attempts: 2 };
    expect(refusalOf(await update(e.id, { ...body, startAt: inMinutes(90) }))).toMatchObject({ code: 'EXAM_PUBLISHED_CHANGE_REFUSED', field: 'startAt' });
    expect(refusalOf(await update(e.id, { ...body, endAt: inMinutes(170) }))).toMatchObject({ code: 'EXAM_PUBLISHED_CHANGE_REFUSED', field: 'endAt' });
    expect(refusalOf(await update(e.id, { ...body, duration: 59 }))).toMatchObject({ code: 'EXAM_PUBLISHED_CHANGE_REFUSED', field: 'duration' });
    expect(refusalOf(await update(e.id, { ...body, attempts: 1 }))).toMatchObject({ code: 'EXAM_PUBLISHED_CHANGE_REFUSED', field: 'attempts' });
    const later = inMinutes(240);
    expect(dataOf(await update(e.id, { ...body, endAt: later, duration: 90, attempts: 3, passPercent: 70 }))).toMatchObject({
      status: 'published',
      endAt: new Date(later).toISOString(),
      duration: 90,
      attempts: 3,
      passPercent: 70,
    });
    // Unpublished, it is a draft again and may move its start.
    expect((await call(t.app, admin, '/api/exam/unpublish', { ids: [e.id] })).json().data).toEqual({ count: 1 });
    const moved = await update(e.id, { ...body, startAt: inMinutes(30), endAt: later, attempts: 1 });
    expect(moved.json().data).toMatchObject({ status: 'draft', attempts: 1 });
  });

  it('refuses to publish a start already passed, and an exam whose paper became unusable', async () => {
    const e = await create(admin, draft());
    await startedAgo(e.id);
    expect((await get(e.id)).abilities.publish).toBe(false);
    const res = await call(t.app, admin, '/api/exam/publish', { ids: [e.id] });
    expect(refusalOf(res)).toMatchObject({ code: 'EXAM_START_BEFORE_NOW', data: { ids: [e.id] } });
    expect(await storedStatus(e.id)).toBe('draft');

    const f = await create(admin, draft({ paperId: paper(21) }));
    papers.set(21, { ...papers.get(21)!, usable: false });
    expect(refusalOf(await call(t.app, admin, '/api/exam/publish', { ids: [f.id] }))).toMatchObject({ code: 'PAPER_DELETED_OR_EMPTY', data: { ids: [f.id] } });
  });

  it('follows the clock: started once the start passes, ended after the end; the job moves the stored state', async () => {
    const e = await create(admin, draft());
    await call(t.app, admin, '/api/exam/publish', { ids: [e.id] });
    const ofExam = sql`j.payload->>'examId' = ${String(e.id)}`;
    const [job] = await queuedJobs(t.db, EXAM_CLOCK_JOB, ofExam);
    expect(job!.runAfter.toISOString()).toBe(e.startAt);

    await startedAgo(e.id);
    expect((await get(e.id)).status).toBe('started'); // read follows the clock before the job runs
    expect((await call(t.app, admin, '/api/exam/list', { status: 'started', keyword: e.name })).json().data.total).toBe(1);
    // The clock job (made due now) moves the stored state and schedules the end.
    const ran = t.app.jobs.ran(EXAM_CLOCK_JOB);
    await makeJobsDue(t.db, EXAM_CLOCK_JOB, ofExam);
    t.app.jobs.wake();
    await ran;
    expect(await storedStatus(e.id)).toBe('started');
    const next = await queuedJobs(t.db, EXAM_CLOCK_JOB, ofExam);
    expect(next.map((j) => j.runAfter.toISOString())).toEqual([e.endAt]);

    await endedAgo(e.id);
    const ended = await get(e.id);
    expect(ended.status).toBe('ended');
    expect(ended.abilities).toEqual({ modify: false, delete: false, publish: false, unpublish: false, start: false, end: false });
    expect(codeOf(await update(e.id, { ...draft(), name: e.name, startAt: ended.startAt, endAt: inMinutes(60) }))).toBe('STATE_TRANSITION_INVALID');
    expect(codeOf(await call(t.app, admin, '/api/exam/unpublish', { ids: [e.id] }))).toBe('EXAM_STARTED_CANNOT_UNPUBLISH');
  });

  it('refuses unpublishing once started; a running exam only extends its end and increases attempts', async () => {
    const e = await create(admin, draft());
    await call(t.app, admin, '/api/exam/publish', { ids: [e.id] });
    await startedAgo(e.id);
    const cur = await get(e.id);
    expect(cur.abilities).toMatchObject({ unpublish: false, modify: true, delete: false });
    const res = await call(t.app, admin, '/api/exam/unpublish', { ids: [e.id] });
    expect(refusalOf(res)).toMatchObject({ code: 'EXAM_STARTED_CANNOT_UNPUBLISH', data: { ids: [e.id] } });
    expect((await get(e.id)).status).toBe('started');
    const body = { ...draft(), name: e.name as string, startAt: cur.startAt, endAt: cur.endAt, duration: 60, attempts: 2 };
    expect(refusalOf(await update(e.id, { ...body, passPercent: 50 }))).toMatchObject({ code: 'EXAM_STARTED_CANNOT_UNPUBLISH', field: 'passPercent' });
    expect(refusalOf(await update(e.id, { ...body, duration: 90 }))).toMatchObject({ code: 'EXAM_STARTED_CANNOT_UNPUBLISH', field: 'duration' });
    expect(refusalOf(await update(e.id, { ...body, audience: [] }))).toMatchObject({ code: 'EXAM_STARTED_CANNOT_UNPUBLISH', field: 'audience' });
    expect(dataOf(await update(e.id, { ...body, endAt: inMinutes(300), attempts: 5 }))).toMatchObject({ status: 'started', attempts: 5 });
  });

  it('deletes drafts only; two parallel publishes have one winner', async () => {
    const e = await create(admin, draft());
    const [x, y] = await Promise.all([call(t.app, admin, '/api/exam/publish', { ids: [e.id] }), call(t.app, admin, '/api/exam/publish', { ids: [e.id] })]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect(refusalOf(await call(t.app, admin, '/api/exam/delete', { ids: [e.id] }))).toMatchObject({ code: 'STATE_TRANSITION_INVALID', data: { ids: [e.id] } });
    const d = await create(admin, draft());
    expect((await call(t.app, admin, '/api/exam/delete', { ids: [d.id] })).json().data).toEqual({ count: 1 });
    expect(codeOf(await call(t.app, admin, '/api/exam/get', { id: d.id }))).toBe('NOT_FOUND_ERROR');
  });
});

describe('audience and scope', () => {
  it("lists in the student's 'my exams' only published exams whose audience includes them, with the clock's state", async () => {
    const forA = await create(admin, draft({ name: 'For Sales' }));
    const forB = await create(admin, draft({ name: 'For Factory', audience: [{ type: 'user', id: b1.id }] }));
    const hidden = await create(admin, draft({ name: 'Draft for Sales' }));
    await call(t.app, admin, '/api/exam/publish', { ids: [forA.id, forB.id] });
    await startedAgo(forA.id);
    const sa = await login(t.app, a1.username, a1.password);
    const mine = (await call(t.app, sa, '/api/exam/my', {})).json().data;
    const names = mine.records.map((r: { name: string }) => r.name);
    expect(names).toContain('For Sales');
    expect(names).not.toContain('For Factory');
    expect(names).not.toContain(hidden.name);
    expect(mine.records.find((r: { name: string }) => r.name === 'For Sales')).toMatchObject({ status: 'started', total: 80, attempts: 2, duration: 60 });
    const sb = await login(t.app, b1.username, b1.password);
    expect((await call(t.app, sb, '/api/exam/my', {})).json().data.records.map((r: { name: string }) => r.name)).toEqual(['For Factory']);
    // The back office is closed to students.
    expect((await call(t.app, sa, '/api/exam/list', {})).statusCode).toBe(403);
  });

  it("gives each of the student's rows its state and abilities on the server's clock, with the server's time", async () => {
    const soon = await create(admin, draft({ name: 'Soon for Sales', attempts: 1 }));
    await call(t.app, admin, '/api/exam/publish', { ids: [soon.id] });
    const sa = await login(t.app, a1.username, a1.password);
    const row = async () => (await ok<{ records: Record<string, unknown>[] }>(t.app, sa, '/api/exam/my', { size: 100 })).records.find((r) => r.id === soon.id)!;
    const before = await row();
    expect(before).toMatchObject({ status: 'published', abilities: { start: false, continue: false }, attemptsLeft: 1, startAt: soon.startAt, changesAt: soon.startAt });
    expect(Math.abs(Date.parse(before.serverNow as string) - Date.now())).toBeLessThan(5_000);
    await startedAgo(soon.id);
    expect(await row()).toMatchObject({ status: 'started', abilities: { start: true, continue: false }, attemptsLeft: 1, changesAt: soon.endAt });
    await endedAgo(soon.id);
    expect(await row()).toMatchObject({ status: 'ended', abilities: { start: false, continue: false }, changesAt: null });
  });

  it('keeps a manager to the exams of their data scope and the audience targets in it', async () => {
    const mgr = await buildUser(t.db, { orgId: orgB.id, permissions: ['ksgl', 'ksgl:add', 'ksgl:modify', 'ksgl:publish'] });
    const s = await login(t.app, mgr.username, mgr.password);
    const beyond = await call(t.app, s, '/api/exam/insert', draft({ audience: [{ type: 'org', id: orgA.id }] }));
    expect(refusalOf(beyond)).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR', field: 'audience' });
    const own = await create(s, draft({ audience: [{ type: 'org', id: orgB.id }] }));
    expect(own.abilities).toEqual({ modify: true, delete: false, publish: true, unpublish: false, start: false, end: false });
    const theirs = await create(admin, draft({ audience: [{ type: 'org', id: orgA.id }] }));
    await t.db.update(exams).set({ orgId: orgA.id }).where(eq(exams.id, theirs.id));
    expect(codeOf(await call(t.app, s, '/api/exam/get', { id: theirs.id }))).toBe('NO_DATA_PERMISSION_ERROR');
    expect(codeOf(await call(t.app, s, '/api/exam/publish', { ids: [theirs.id] }))).toBe('NO_DATA_PERMISSION_ERROR');
    const ids = (await call(t.app, s, '/api/exam/list', {})).json().data.records.map((r: Exam) => r.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(theirs.id);
    expect((await call(t.app, s, '/api/exam/delete', { ids: [own.id] })).statusCode).toBe(403);
  });
});

describe('abilities', () => {
  /** The exam as saved again unchanged (the edit page's body). */
  const sameBody = (e: Record<string, any>) => ({
    ...draft(),
    id: e.id,
    name: e.name,
    startAt: e.startAt,
    endAt: e.endAt,
    duration: e.duration,
    passPercent: e.passPercent,
    attempts: e.attempts,
    paperId: e.paperId,
    audience: e.audience.map((a: { type: string; id: number }) => ({ type: a.type, id: a.id })),
  });
  const writes = {
    modify: async (s: Session, id: number) => call(t.app, s, '/api/exam/update', sameBody(await get(id))),
    delete: (s: Session, id: number) => call(t.app, s, '/api/exam/delete', { ids: [id] }),
    publish: (s: Session, id: number) => call(t.app, s, '/api/exam/publish', { ids: [id] }),
    unpublish: (s: Session, id: number) => call(t.app, s, '/api/exam/unpublish', { ids: [id] }),
  };
  const abilitiesOf = async (id: number, s: Session) => {
    const detail = (await call(t.app, s, '/api/exam/get', { id })).json().data as Exam & { name: string };
    const list = (await call(t.app, s, '/api/exam/list', { keyword: detail.name })).json().data;
    const row = list.records.find((r: Exam) => r.id === id) as Exam;
    expect(detail.abilities).toEqual(row.abilities); // the detail answers what the list does
    return row.abilities;
  };
  const make =
    (then?: (id: number) => Promise<unknown>, publish = false) =>
    async () => {
      const e = await create(admin, draft());
      if (publish) expect((await call(t.app, admin, '/api/exam/publish', { ids: [e.id] })).statusCode).toBe(200);
      await then?.(e.id);
      return e.id;
    };
  const none = { start: false, end: false };

  it('answers abilities the writes obey in every state (clock, start passed, codes)', async () => {
    await expectWritesObey(admin, make(), abilitiesOf, writes, { modify: true, delete: true, publish: true, unpublish: false, ...none });
    await expectWritesObey(admin, make(startedAgo), abilitiesOf, writes, { modify: true, delete: true, publish: false, unpublish: false, ...none });
    await expectWritesObey(admin, make(undefined, true), abilitiesOf, writes, { modify: true, delete: false, publish: false, unpublish: true, ...none });
    await expectWritesObey(admin, make(startedAgo, true), abilitiesOf, writes, { modify: true, delete: false, publish: false, unpublish: false, ...none });
    await expectWritesObey(admin, make(endedAgo, true), abilitiesOf, writes, { modify: false, delete: false, publish: false, unpublish: false, ...none });
    const viewer = await buildUser(t.db, { permissions: ['ksgl'] });
    const vs = await login(t.app, viewer.username, viewer.password);
    await expectWritesObey(vs, make(), abilitiesOf, writes, { modify: false, delete: false, publish: false, unpublish: false, ...none });
  });
});
