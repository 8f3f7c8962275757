import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, call, ok, codeOf, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { insertAttempt, insertExam, insertPhoto, type TestQuestion } from '../../test/exam-attempts.js';

const t = useTestApp();
let admin: Session;
let orgId: number;
const uniq = () => crypto.randomUUID().slice(0, 8);

type Examinee = {
  userId: number;
  realname: string;
  state: string;
  attemptId: number | null;
  leaveCount: number;
  answered: number;
  questions: number;
  remainingSeconds: number | null;
  photoUrl: string | null;
  photoAt: string | null;
  photoCount: number;
};
type Counts = { id: number; audience: number; taking: number; submitted: number; notStarted: number; exceptions: number };

let exam: { id: number; name: string };
let ann: { id: number }, bob: { id: number }, cat: { id: number };
let annAttempt: number;
const qs: TestQuestion[] = [1, 2, 3, 4].map(() => ({ type: 'judgment', score: 10, answers: ['T'] }));

beforeAll(async () => {
  admin = await login(t.app);
  orgId = (await buildOrg(t.db, { name: `Monitored ${uniq()}` })).id;
  const person = (realname: string) => buildUser(t.db, { orgId, realname, kind: 'student', permissions: ['kc-pc'] });
  [ann, bob, cat] = await Promise.all([person('Ann'), person('Bob'), person('Cat'), person('Dan')]);
  exam = await insertExam(t.db, { orgId, orgIds: [orgId] });
  // Ann is taking it: 2 of 4 answered, left the page once, two photos.
  ({ id: annAttempt } = await insertAttempt(t.db, {
    examId: exam.id,
    userId: ann.id,
    status: 'ongoing',
    leaveCount: 1,
    deadlineIn: 20,
    questions: qs,
    answers: [{ choices: ['T'] }, null, { choices: ['F'] }, null],
  }));
  await insertPhoto(t.db, annAttempt, new Date(Date.now() - 60_000));
  await insertPhoto(t.db, annAttempt, new Date(Date.now() - 120_000));
  // Bob submitted normally; Cat was submitted by the anti-cheat rule; Dan has not started.
  await insertAttempt(t.db, { examId: exam.id, userId: bob.id, status: 'marked', questions: qs, answers: qs.map(() => ({ choices: ['T'] })) });
  await insertAttempt(t.db, { examId: exam.id, userId: cat.id, status: 'marking', submittedBy: 'leaveLimit', leaveCount: 4, questions: qs, answers: [] });
});

describe('monitoring-manage', () => {
  it('lists running exams of the caller scope with audience, taking, submitted, not started and exceptions', async () => {
    const list = await ok<{ records: Counts[] }>(t.app, admin, '/api/monitoring/exams', { keyword: exam.name });
    expect(list.records).toEqual([expect.objectContaining({ id: exam.id, status: 'started', audience: 4, taking: 1, submitted: 2, notStarted: 1, exceptions: 1 })]);
    // The management home counts who is taking an exam now (its card opens monitoring-manage).
    const { cards } = await ok<{ cards: { key: string; value?: number }[] }>(t.app, admin, '/api/dashboard/cards');
    expect(cards.find((c) => c.key === 'examineesTaking')).toMatchObject({ value: 1 });
  });

  it('keeps exams of other organizations from a monitor whose scope does not hold them, and students out', async () => {
    const far = await buildOrg(t.db, { name: `Far ${uniq()}` });
    const m = await buildUser(t.db, { orgId: far.id, permissions: ['jkgl'] });
    const monitor = await login(t.app, m.username, m.password);
    expect((await ok<{ records: Counts[] }>(t.app, monitor, '/api/monitoring/exams', { keyword: exam.name })).records).toEqual([]);
    expect(codeOf(await call(t.app, monitor, '/api/monitoring/examinees', { examId: exam.id }))).toBe('NO_DATA_PERMISSION_ERROR');
    expect(codeOf(await call(t.app, monitor, '/api/monitoring/photos', { attemptId: annAttempt }))).toBe('NO_DATA_PERMISSION_ERROR');
    const s = await buildUser(t.db, { orgId: far.id, kind: 'student', permissions: ['kc-pc'] });
    const student = await login(t.app, s.username, s.password);
    for (const [url, body] of [
      ['/api/monitoring/exams', {}],
      ['/api/monitoring/examinees', { examId: exam.id }],
      ['/api/monitoring/photos', { attemptId: annAttempt }],
    ] as const)
      expect(codeOf(await call(t.app, student, url, body))).toBe('NO_PERMISSION_ERROR');
  });
});

describe('view-monitoring and the photos', () => {
  it("shows each examinee's state, leave count, progress, remaining time and latest photo", async () => {
    const page = await ok<{ records: Examinee[]; total: number; exam: Counts }>(t.app, admin, '/api/monitoring/examinees', { examId: exam.id });
    expect(page.total).toBe(4);
    expect(page.exam).toMatchObject({ taking: 1, notStarted: 1 });
    const by = new Map(page.records.map((r) => [r.realname, r]));
    const a = by.get('Ann')!;
    expect(a).toMatchObject({ state: 'taking', leaveCount: 1, answered: 2, questions: 4, photoCount: 2 });
    expect(a.remainingSeconds).toBeGreaterThan(19 * 60);
    expect(a.remainingSeconds).toBeLessThanOrEqual(20 * 60);
    expect(a.photoUrl).toMatch(/^\/api\/upload\/public\/[0-9a-f-]{36}\?exp=\d+&sig=[0-9a-f]{64}$/);
    expect(new Date(a.photoAt!).getTime()).toBeGreaterThan(Date.now() - 90_000);
    expect(by.get('Bob')).toMatchObject({ state: 'submitted', answered: 4, remainingSeconds: null, photoUrl: null });
    expect(by.get('Cat')).toMatchObject({ state: 'exception', leaveCount: 4 });
    expect(by.get('Dan')).toMatchObject({ state: 'notStarted', attemptId: null, answered: 0, questions: 0 });
    // Filters: by state and by name.
    const taking = await ok<{ records: Examinee[] }>(t.app, admin, '/api/monitoring/examinees', { examId: exam.id, state: 'taking' });
    expect(taking.records.map((r) => r.realname)).toEqual(['Ann']);
    // 'Dan', not 'Da': generated usernames are hex and may hold 'da'.
    const named = await ok<{ records: Examinee[] }>(t.app, admin, '/api/monitoring/examinees', { examId: exam.id, keyword: 'Dan' });
    expect(named.records.map((r) => r.realname)).toEqual(['Dan']);
  });

  it('shows a new answer and a new photo on the next poll', async () => {
    await t.db.execute(`update exam_attempt_answers set answer = '{"choices":["T"]}' where attempt_id = ${annAttempt} and position = 2`);
    const newest = await insertPhoto(t.db, annAttempt, new Date());
    const page = await ok<{ records: Examinee[] }>(t.app, admin, '/api/monitoring/examinees', { examId: exam.id, state: 'taking' });
    expect(page.records[0]).toMatchObject({ answered: 3, photoCount: 3 });
    expect(page.records[0]!.photoUrl).toContain(newest.publicId);
  });

  it("lists every photo of one examinee's attempt in time order", async () => {
    const p = await ok<{ realname: string; examName: string; photos: { url: string; takenAt: string }[] }>(t.app, admin, '/api/monitoring/photos', { attemptId: annAttempt });
    expect(p).toMatchObject({ realname: 'Ann', examName: exam.name });
    expect(p.photos.length).toBeGreaterThanOrEqual(2);
    const times = p.photos.map((x) => new Date(x.takenAt).getTime());
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(codeOf(await call(t.app, admin, '/api/monitoring/photos', { attemptId: 2147480000 }))).toBe('NOT_FOUND_ERROR');
  });
});
