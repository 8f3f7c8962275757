import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, call, ok, refusal, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';

const t = useTestApp();
let admin: Session;
let student: Session;
let other: Session;
let orgId: number;
let bankId: number;
const uniq = () => crypto.randomUUID().slice(0, 8);

async function approved(body: Record<string, unknown>) {
  const { id } = await ok<{ id: number }>(t.app, admin, '/api/question/insert', { score: 5, categoryId: bankId, ...body, stem: `${String(body.stem ?? 'Q')} ${uniq()}` });
  await ok(t.app, admin, '/api/question/submit', { ids: [id] });
  await ok(t.app, admin, '/api/question-approval/approve', { ids: [id] });
  return id;
}
async function fixedPaper(ids: number[]) {
  const { id } = await ok<{ id: number }>(t.app, admin, '/api/paper/insert', {
    name: `Paper ${uniq()}`,
    kind: 'fixed',
    items: ids.map((questionId) => ({ questionId, score: 10 })),
  });
  return id;
}
const exercise = (extra: Record<string, unknown>) => ({
  name: `Exercise ${uniq()}`,
  sourceKind: 'paper',
  times: 2,
  timeLimit: 30,
  autoMarking: true,
  audience: [{ type: 'org', id: orgId }],
  ...extra,
});
async function published(extra: Record<string, unknown>) {
  const e = await ok<{ id: number }>(t.app, admin, '/api/exercise/insert', exercise(extra));
  await ok(t.app, admin, '/api/exercise/publish', { ids: [e.id] });
  return e.id;
}

let judgment: number, single: number, multiple: number, fill: number, short: number;

beforeAll(async () => {
  admin = await login(t.app);
  orgId = (await buildOrg(t.db, { name: `Practice org ${uniq()}` })).id;
  const elsewhere = (await buildOrg(t.db, { name: `Other org ${uniq()}` })).id;
  bankId = (await ok<{ id: number }>(t.app, admin, '/api/question-sort/insert', { name: `Bank ${uniq()}` })).id;
  judgment = await approved({ type: 'judgment', stem: 'The sky is blue', answers: ['T'], analysis: 'Rayleigh scattering.' });
  single = await approved({ type: 'single', stem: 'Pick B', options: [{ content: 'a' }, { content: 'b' }, { content: 'c' }], answers: ['B'] });
  multiple = await approved({ type: 'multiple', stem: 'Pick A and C', options: [{ content: 'a' }, { content: 'b' }, { content: 'c' }], answers: ['A', 'C'] });
  fill = await approved({ type: 'fill', stem: 'The capital of France is （）', blanks: [['Paris', 'paris']] });
  short = await approved({ type: 'short', stem: 'Explain safety', answerText: 'Wear a helmet.' });
  const s = await buildUser(t.db, { orgId, kind: 'student', permissions: ['kc-pc'] });
  const o = await buildUser(t.db, { orgId: elsewhere, kind: 'student', permissions: ['kc-pc'] });
  student = await login(t.app, s.username, s.password);
  other = await login(t.app, o.username, o.password);
});

describe('exercises in the back office', () => {
  it('refuses times and time limits of 0, and a paper source without its paper', async () => {
    const paperId = await fixedPaper([judgment]);
    expect(await refusal(t.app, admin, '/api/exercise/insert', exercise({ paperId, times: 0 }))).toMatchObject({ code: 'PARAMETER_INVALID', field: 'times' });
    expect(await refusal(t.app, admin, '/api/exercise/insert', exercise({ paperId, timeLimit: 0 }))).toMatchObject({ code: 'PARAMETER_INVALID', field: 'timeLimit' });
    expect(await refusal(t.app, admin, '/api/exercise/insert', exercise({}))).toMatchObject({ code: 'PARAMETER_INVALID', field: 'paperId' });
    const name = `Same ${uniq()}`;
    await ok(t.app, admin, '/api/exercise/insert', exercise({ paperId, name }));
    expect(await refusal(t.app, admin, '/api/exercise/insert', exercise({ paperId, name }))).toMatchObject({ code: 'DUPLICATE_DATA', field: 'name' });
  });

  it('will not publish an auto-marked exercise whose paper holds a subjective question; without auto-marking it publishes', async () => {
    const paperId = await fixedPaper([judgment, short]);
    const e = await ok<{ id: number; abilities: Record<string, boolean> }>(t.app, admin, '/api/exercise/insert', exercise({ paperId }));
    expect(e.abilities).toMatchObject({ publish: true, delete: true, unpublish: false });
    expect(await refusal(t.app, admin, '/api/exercise/publish', { ids: [e.id] })).toMatchObject({ code: 'EXERCISE_SUBJECTIVE_CANNOT_PUBLISH' });
    const row = await ok<{ status: string }>(t.app, admin, '/api/exercise/get', { id: e.id });
    expect(row.status).toBe('draft');
    await ok(t.app, admin, '/api/exercise/update', { ...exercise({ paperId, autoMarking: false }), id: e.id });
    expect(await ok(t.app, admin, '/api/exercise/publish', { ids: [e.id] })).toEqual({ count: 1 });
    const { cards } = await ok<{ cards: { key: string; value?: number }[] }>(t.app, admin, '/api/dashboard/cards');
    expect(cards.find((c) => c.key === 'publishedExercises')!.value).toBeGreaterThanOrEqual(1);
    // Published: no longer deleted; unpublished it is editable again but still not deletable.
    expect(await refusal(t.app, admin, '/api/exercise/delete', { ids: [e.id] })).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    expect(await ok(t.app, admin, '/api/exercise/unpublish', { ids: [e.id] })).toEqual({ count: 1 });
    const list = await ok<{ records: { id: number; status: string; abilities: Record<string, boolean> }[] }>(t.app, admin, '/api/exercise/list', { keyword: 'Exercise' });
    expect(list.records.find((r) => r.id === e.id)).toMatchObject({ status: 'unpublished', abilities: { publish: true, modify: true, delete: false } });
    // The paper an exercise uses cannot be deleted.
    expect(await refusal(t.app, admin, '/api/paper/delete', { ids: [paperId] })).toMatchObject({ code: 'IN_USE_PAPER' });
  });

  it('will not publish a bank exercise whose bank holds nothing it may draw', async () => {
    const { id: subjectiveOnly } = await ok<{ id: number }>(t.app, admin, '/api/question-sort/insert', { name: `Essays ${uniq()}` });
    const saved = bankId;
    bankId = subjectiveOnly;
    await approved({ type: 'short', stem: 'Describe a fire drill', answerText: 'Leave calmly.' });
    bankId = saved;
    const e = await ok<{ id: number }>(
      t.app,
      admin,
      '/api/exercise/insert',
      exercise({ sourceKind: 'bank', categoryId: subjectiveOnly, questionCount: 5, autoMarking: true }),
    );
    expect(await refusal(t.app, admin, '/api/exercise/publish', { ids: [e.id] })).toMatchObject({ code: 'PAPER_DELETED_OR_EMPTY', field: 'categoryId' });
    await ok(t.app, admin, '/api/exercise/update', { ...exercise({ sourceKind: 'bank', categoryId: subjectiveOnly, questionCount: 5, autoMarking: false }), id: e.id });
    expect(await ok(t.app, admin, '/api/exercise/publish', { ids: [e.id] })).toEqual({ count: 1 });
  });

  it('is kept from callers without lxgl and from callers whose scope does not hold it', async () => {
    const paperId = await fixedPaper([judgment]);
    const e = await ok<{ id: number }>(t.app, admin, '/api/exercise/insert', exercise({ paperId }));
    expect(await refusal(t.app, student, '/api/exercise/list', {})).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    const far = await buildOrg(t.db, { name: `Far ${uniq()}` });
    const u = await buildUser(t.db, { orgId: far.id, permissions: ['lxgl', 'lxgl:publish'] });
    const manager = await login(t.app, u.username, u.password);
    expect(await refusal(t.app, manager, '/api/exercise/get', { id: e.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    expect(await refusal(t.app, manager, '/api/exercise/publish', { ids: [e.id] })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
  });

  it('lets an exercise manager holding lxgl alone pick papers and banks; exam and question codes are not needed', async () => {
    const paperId = await fixedPaper([judgment]);
    const u = await buildUser(t.db, { orgId, permissions: ['lxgl', 'lxgl:add'] });
    const manager = await login(t.app, u.username, u.password);
    expect(await refusal(t.app, manager, '/api/exam/papers', {})).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    const byId = await ok<{ id: number; usable: boolean }[]>(t.app, manager, '/api/exercise/papers', { ids: [paperId] });
    expect(byId).toEqual([expect.objectContaining({ id: paperId, usable: true })]);
    const found = await ok<{ id: number }[]>(t.app, manager, '/api/exercise/papers', { keyword: 'Paper' });
    expect(found.map((p) => p.id)).toContain(paperId);
    const banks = await ok<{ id: number }[]>(t.app, manager, '/api/exercise/banks');
    expect(banks.map((b) => b.id)).toContain(bankId);
    expect(await refusal(t.app, student, '/api/exercise/banks', {})).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
  });
});

type Feedback = { correct: boolean | null; score: number | null; key: { answers: string[]; blanks: string[][]; answerText: string; analysis: string } };
type SessionView = {
  sessionId: number;
  number: number;
  remainingSeconds: number;
  finished: boolean;
  questions: { position: number; questionId: number; type: string; feedback: Feedback | null }[];
  summary: { questions: number; answered: number; correct: number; wrong: number; unmarked: number; score: number; total: number };
};

describe('practising', () => {
  it('marks each answer at once with the right answer and the analysis, for several types', async () => {
    const id = await published({ paperId: await fixedPaper([judgment, single, multiple, fill, short]), autoMarking: false });
    const s = await ok<SessionView>(t.app, student, '/api/practice/start', { exerciseId: id });
    expect(s.questions).toHaveLength(5);
    expect(s.questions.every((q) => q.feedback === null)).toBe(true);
    expect(s.remainingSeconds).toBeGreaterThan(29 * 60);
    const pos = (qid: number) => s.questions.find((q) => q.questionId === qid)!.position;
    const answer = (qid: number, a: object) =>
      ok<{ feedback: Feedback; summary: SessionView['summary'] }>(t.app, student, '/api/practice/answer', { sessionId: s.sessionId, position: pos(qid), answer: a });

    expect((await answer(judgment, { choices: ['T'] })).feedback).toMatchObject({ correct: true, score: 10, key: { answers: ['T'], analysis: 'Rayleigh scattering.' } });
    expect((await answer(single, { choices: ['A'] })).feedback).toMatchObject({ correct: false, score: 0, key: { answers: ['B'] } });
    expect((await answer(multiple, { choices: ['C', 'A'] })).feedback).toMatchObject({ correct: true, score: 10 });
    expect((await answer(fill, { blanks: [' PARIS '] })).feedback).toMatchObject({ correct: true, key: { blanks: [['Paris', 'paris']] } });
    const subjective = await answer(short, { text: 'Helmets' });
    expect(subjective.feedback).toMatchObject({ correct: null, score: null, key: { answerText: 'Wear a helmet.' } });
    expect(subjective.summary).toMatchObject({ questions: 5, answered: 5, correct: 3, wrong: 1, unmarked: 1, score: 30, total: 50 });

    // Answered once: the key was shown, so a second answer is refused.
    expect(await refusal(t.app, student, '/api/practice/answer', { sessionId: s.sessionId, position: pos(single), answer: { choices: ['B'] } })).toMatchObject({
      code: 'REPEAT_SUBMIT_ERROR',
    });
    const done = await ok<SessionView>(t.app, student, '/api/practice/finish', { sessionId: s.sessionId });
    expect(done).toMatchObject({ finished: true, remainingSeconds: 0, summary: { correct: 3, wrong: 1 } });
    expect(done.questions.find((q) => q.questionId === single)!.feedback).toMatchObject({ correct: false });
  });

  it('counts sessions against the times allowed: a running one resumes, then PRACTICE_TIMES_USED_UP', async () => {
    const id = await published({ paperId: await fixedPaper([judgment]), times: 2 });
    const [a, b] = await Promise.all([
      ok<SessionView>(t.app, student, '/api/practice/start', { exerciseId: id }),
      ok<SessionView>(t.app, student, '/api/practice/start', { exerciseId: id }),
    ]);
    expect(a.sessionId).toBe(b.sessionId);
    await ok(t.app, student, '/api/practice/finish', { sessionId: a.sessionId });
    const second = await ok<SessionView>(t.app, student, '/api/practice/start', { exerciseId: id });
    expect(second.number).toBe(2);
    const mine = await ok<{ records: { id: number; used: number; ongoingSessionId: number | null }[] }>(t.app, student, '/api/practice/my', {});
    expect(mine.records.find((r) => r.id === id)).toMatchObject({ used: 2, ongoingSessionId: second.sessionId });
    await ok(t.app, student, '/api/practice/finish', { sessionId: second.sessionId });
    expect(await refusal(t.app, student, '/api/practice/start', { exerciseId: id })).toMatchObject({ code: 'PRACTICE_TIMES_USED_UP' });
  });

  it('takes one of two answers sent at once to the same question', async () => {
    const id = await published({ paperId: await fixedPaper([judgment]) });
    const s = await ok<SessionView>(t.app, student, '/api/practice/start', { exerciseId: id });
    const body = (c: string) => ({ sessionId: s.sessionId, position: 1, answer: { choices: [c] } });
    const [x, y] = await Promise.all([call(t.app, student, '/api/practice/answer', body('T')), call(t.app, student, '/api/practice/answer', body('F'))]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect([x, y].find((r) => r.statusCode === 409)!.json()).toMatchObject({ msg: 'REPEAT_SUBMIT_ERROR' });
    expect((await ok<SessionView>(t.app, student, '/api/practice/session', { sessionId: s.sessionId })).summary.answered).toBe(1);
  });

  it('enforces the time limit on the server', async () => {
    const id = await published({ paperId: await fixedPaper([judgment, single]), times: 3 });
    const s = await ok<SessionView>(t.app, student, '/api/practice/start', { exerciseId: id });
    await t.db.execute(sql`update practice_sessions set deadline_at = now() - interval '1 second' where id = ${s.sessionId}`);
    expect(await refusal(t.app, student, '/api/practice/answer', { sessionId: s.sessionId, position: 1, answer: { choices: ['T'] } })).toMatchObject({
      code: 'EXAM_TIME_OVER',
    });
    const view = await ok<SessionView>(t.app, student, '/api/practice/session', { sessionId: s.sessionId });
    expect(view).toMatchObject({ remainingSeconds: 0, finished: true });
    // Starting again finishes the expired session and opens the next one.
    const next = await ok<SessionView>(t.app, student, '/api/practice/start', { exerciseId: id });
    expect(next.number).toBe(2);
  });

  it("shows only exercises whose audience holds the caller; nobody reads another person's session", async () => {
    const id = await published({ paperId: await fixedPaper([judgment]) });
    const mine = await ok<{ records: { id: number }[] }>(t.app, other, '/api/practice/my', {});
    expect(mine.records.map((r) => r.id)).not.toContain(id);
    expect(await refusal(t.app, other, '/api/practice/start', { exerciseId: id })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
    const s = await ok<SessionView>(t.app, student, '/api/practice/start', { exerciseId: id });
    expect(await refusal(t.app, other, '/api/practice/session', { sessionId: s.sessionId })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
    expect(await refusal(t.app, other, '/api/practice/answer', { sessionId: s.sessionId, position: 1, answer: { choices: ['F'] } })).toMatchObject({
      code: 'NOT_FOUND_ERROR',
    });
  });

  it('draws a sample of the bank; with auto-marking only questions the system marks', async () => {
    const id = await published({ sourceKind: 'bank', categoryId: bankId, questionCount: 50, autoMarking: true });
    const s = await ok<SessionView>(t.app, student, '/api/practice/start', { exerciseId: id });
    const types = s.questions.map((q) => q.type);
    expect(types).not.toContain('short');
    expect(new Set(s.questions.map((q) => q.questionId)).size).toBe(s.questions.length);
    expect(s.questions.length).toBeGreaterThanOrEqual(4);
    const two = await published({ sourceKind: 'bank', categoryId: bankId, questionCount: 2, autoMarking: false });
    expect((await ok<SessionView>(t.app, student, '/api/practice/start', { exerciseId: two })).questions).toHaveLength(2);
  });
});
