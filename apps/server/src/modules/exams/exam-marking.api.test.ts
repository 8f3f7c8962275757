import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp, login, call, ok, refusal, dataOf, refusalOf, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { insertAttempt, insertExam, type TestQuestion } from '../../test/exam-attempts.js';
import { examAttempts } from './exam-attempt.schema.js';
import { xactLockSql } from '../../platform/locks.js';
import { until } from '../../test/server-process.js';

const t = useTestApp();

// A paper of 10 points: two objective questions marked by the system, one short answer for the reviewers.
const PAPER: TestQuestion[] = [
  { type: 'single', score: 4, answers: ['A'] },
  { type: 'judgment', score: 2, answers: ['T'] },
  { type: 'short', score: 4, keywords: 'safety, helmet' },
];
const RIGHT = [{ choices: ['A'] }, { choices: ['T'] }, { text: 'Wear a helmet' }];
// Two short answers: two reviewers may mark them at the same time.
const TWO_SHORT: TestQuestion[] = [
  { type: 'single', score: 2, answers: ['B'] },
  { type: 'short', score: 4 },
  { type: 'calculation', score: 4 },
];

let admin: Session, reviewer: Session, deptAdmin: Session, student: Session, other: Session;
let orgA: { id: number }, orgB: { id: number };
let ann: { id: number }, bob: { id: number }, cat: { id: number };
let reviewerId: number;

beforeAll(async () => {
  admin = await login(t.app);
  orgA = await buildOrg(t.db, { name: 'Sales' });
  orgB = await buildOrg(t.db, { name: 'Factory' });
  const r = await buildUser(t.db, { orgId: orgB.id, realname: 'Rita', permissions: ['cjpy'] });
  reviewerId = r.id;
  reviewer = await login(t.app, r.username, r.password);
  const d = await buildUser(t.db, { orgId: orgA.id, realname: 'Dora', permissions: ['cjpy', 'cjpy:modify', 'cjpy:publish', 'cjgl'], scopeOrgIds: [orgA.id] });
  deptAdmin = await login(t.app, d.username, d.password);
  const o = await buildUser(t.db, { orgId: orgA.id, realname: 'Otto', permissions: ['cjpy'] });
  other = await login(t.app, o.username, o.password);
  ann = await buildUser(t.db, { orgId: orgA.id, realname: 'Ann', kind: 'student', permissions: ['kc-pc'] });
  bob = await buildUser(t.db, { orgId: orgA.id, realname: 'Bob', kind: 'student', permissions: ['kc-pc'] });
  cat = await buildUser(t.db, { orgId: orgA.id, realname: 'Cat', kind: 'student', permissions: ['kc-pc'] });
  const s = ann as unknown as { username: string; password: string };
  student = await login(t.app, s.username, s.password);
});

describe('the reviewer queue', () => {
  it('lists the exams a reviewer is named on (and, with cjpy:modify, those of the scope) with attempts waiting', async () => {
    const mine = await insertExam(t.db, { orgId: orgA.id, reviewerIds: [reviewerId], orgIds: [orgA.id] });
    const factory = await insertExam(t.db, { orgId: orgB.id, orgIds: [orgB.id] });
    await insertAttempt(t.db, { examId: mine.id, userId: ann.id, status: 'marking', questions: PAPER, answers: RIGHT });
    await insertAttempt(t.db, { examId: mine.id, userId: bob.id, status: 'marking', questions: PAPER, answers: RIGHT });
    await insertAttempt(t.db, { examId: mine.id, userId: cat.id, status: 'ongoing', questions: PAPER, answers: [] });

    const queue = await ok(t.app, reviewer, '/api/exam/marking/list', {});
    expect(queue.records).toEqual([expect.objectContaining({ id: mine.id, waiting: 2, ongoing: 1, marked: 0, abilities: { publishScores: false } })]);
    // The department administrator marks the exams of their scope, not the factory's.
    const scoped = await ok(t.app, deptAdmin, '/api/exam/marking/list', { keyword: 'Graded' });
    const ids = scoped.records.map((r: { id: number }) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(factory.id);
    // Someone holding only cjpy, named on no exam, has an empty queue and cannot open one.
    expect((await ok(t.app, other, '/api/exam/marking/list', {})).records).toEqual([]);
    expect(await refusal(t.app, other, '/api/exam/marking/examinees', { examId: mine.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    // A student reaches no marking route.
    expect(await refusal(t.app, student, '/api/exam/marking/list', {})).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    expect(await refusal(t.app, student, '/api/exam/marking/save', { attemptId: 1, marks: [{ position: 3, score: 1 }] })).toMatchObject({
      code: 'NO_PERMISSION_ERROR',
    });
  });
});

describe('marking an attempt', () => {
  it('shows the subjective answers with the reference, keeps marks within the question, and finishes the attempt with its score and pass', async () => {
    const exam = await insertExam(t.db, { orgId: orgA.id, reviewerIds: [reviewerId], orgIds: [orgA.id], passPercent: 60 });
    const a = await insertAttempt(t.db, { examId: exam.id, userId: ann.id, status: 'marking', questions: PAPER, answers: RIGHT });
    const waiting = await ok(t.app, reviewer, '/api/exam/marking/examinees', { examId: exam.id, marked: false });
    expect(waiting.records).toEqual([expect.objectContaining({ attemptId: a.id, realname: 'Ann', orgName: 'Sales', pending: 1, autoScore: 6, status: 'marking' })]);

    const sheet = await ok(t.app, reviewer, '/api/exam/marking/attempt', { attemptId: a.id });
    expect(sheet.questions[2]).toMatchObject({
      position: 3,
      type: 'short',
      subjective: true,
      answer: { text: 'Wear a helmet' },
      answerText: 'The reference answer',
      keywords: 'safety, helmet',
      score: 4,
      reviewScore: null,
    });
    expect(sheet.questions[0]).toMatchObject({ subjective: false, mark: 4, correct: true });

    const save = (marks: unknown) => call(t.app, reviewer, '/api/exam/marking/save', { attemptId: a.id, marks });
    expect(refusalOf(await save([{ position: 3, score: 4.5 }]))).toMatchObject({ code: 'MARK_SCORE_OVER_QUESTION', field: 'marks.0.score' });
    expect(refusalOf(await save([{ position: 3, score: 1.3 }]))).toMatchObject({ code: 'PARAMETER_INVALID' });
    expect(refusalOf(await save([{ position: 3, score: -1 }]))).toMatchObject({ code: 'PARAMETER_INVALID' });
    // The system's marks are not the reviewer's to change.
    expect(refusalOf(await save([{ position: 1, score: 0 }]))).toMatchObject({ code: 'PARAMETER_INVALID', field: 'marks.0.position' });

    expect(dataOf(await save([{ position: 3, score: 3.5 }]))).toEqual({ status: 'marked', pending: 0, score: 9.5, passed: true });
    const [row] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, a.id));
    expect(row).toMatchObject({ status: 'marked', score: 9.5, passed: true });
    // Marked: no more marks, and it now lists among the marked ones.
    expect(refusalOf(await save([{ position: 3, score: 4 }]))).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    expect((await ok(t.app, reviewer, '/api/exam/marking/examinees', { examId: exam.id, marked: true })).records).toEqual([
      expect.objectContaining({ attemptId: a.id, score: 9.5, pending: 0 }),
    ]);
  });

  it('the paper offers marks exactly while the save accepts them, to its markers only', async () => {
    const exam = await insertExam(t.db, { orgId: orgA.id, reviewerIds: [reviewerId], orgIds: [orgA.id], passPercent: 60 });
    const a = await insertAttempt(t.db, { examId: exam.id, userId: bob.id, status: 'marking', questions: PAPER, answers: RIGHT });
    const abilities = async (s: Session, path = '/api/exam/marking/attempt') => (await ok(t.app, s, path, { attemptId: a.id })).abilities;
    // The named reviewer (cjpy only) and the department's cjpy:modify holder mark it; neither changes scores.
    expect(await abilities(reviewer)).toEqual({ mark: true, updateScore: false });
    expect(await abilities(deptAdmin)).toEqual({ mark: true, updateScore: false });
    expect(await abilities(deptAdmin, '/api/exam/grade/paper')).toEqual({ mark: true, updateScore: false });
    expect(await ok(t.app, reviewer, '/api/exam/marking/save', { attemptId: a.id, marks: [{ position: 3, score: 2 }] })).toMatchObject({ status: 'marked' });
    // Marked: no more marks offered, and the save refuses them.
    expect(await abilities(reviewer)).toEqual({ mark: false, updateScore: false });
    expect(refusalOf(await call(t.app, reviewer, '/api/exam/marking/save', { attemptId: a.id, marks: [{ position: 3, score: 3 }] }))).toMatchObject({
      code: 'STATE_TRANSITION_INVALID',
    });
    // The administrator (every code, whole tree) may now change the score.
    expect(await abilities(admin, '/api/exam/grade/paper')).toEqual({ mark: false, updateScore: true });
  });

  it('fails a score below the pass percentage', async () => {
    const exam = await insertExam(t.db, { orgId: orgA.id, reviewerIds: [reviewerId], orgIds: [orgA.id], passPercent: 80 });
    const a = await insertAttempt(t.db, {
      examId: exam.id,
      userId: ann.id,
      status: 'marking',
      questions: PAPER,
      answers: [{ choices: ['B'] }, { choices: ['T'] }, { text: '?' }],
    });
    expect(await ok(t.app, reviewer, '/api/exam/marking/save', { attemptId: a.id, marks: [{ position: 3, score: 4 }] })).toMatchObject({
      score: 6,
      passed: false,
    });
  });

  it('two reviewers marking the two open answers at once finish the attempt once, with both marks', async () => {
    const second = await buildUser(t.db, { orgId: orgB.id, realname: 'Sam', permissions: ['cjpy'] });
    const exam = await insertExam(t.db, { orgId: orgA.id, reviewerIds: [reviewerId, second.id], orgIds: [orgA.id] });
    const sam = await login(t.app, second.username, second.password);
    const a = await insertAttempt(t.db, {
      examId: exam.id,
      userId: bob.id,
      status: 'marking',
      questions: TWO_SHORT,
      answers: [{ choices: ['B'] }, { text: 'x' }, { text: '42' }],
    });
    const [r1, r2] = await Promise.all([
      call(t.app, reviewer, '/api/exam/marking/save', { attemptId: a.id, marks: [{ position: 2, score: 3 }] }),
      call(t.app, sam, '/api/exam/marking/save', { attemptId: a.id, marks: [{ position: 3, score: 2.5 }] }),
    ]);
    const results = [dataOf(r1), dataOf(r2)];
    expect(results.filter((r) => r.status === 'marked')).toHaveLength(1);
    const [row] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, a.id));
    expect(row).toMatchObject({ status: 'marked', score: 7.5 });

    // Both marking the last answer at once: one finishes it, the other is told it is already marked.
    const b = await insertAttempt(t.db, { examId: exam.id, userId: cat.id, status: 'marking', questions: PAPER, answers: RIGHT });
    const both = await Promise.all([
      call(t.app, reviewer, '/api/exam/marking/save', { attemptId: b.id, marks: [{ position: 3, score: 1 }] }),
      call(t.app, sam, '/api/exam/marking/save', { attemptId: b.id, marks: [{ position: 3, score: 2 }] }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = dataOf(both.find((r) => r.statusCode === 200)!);
    const [rowB] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, b.id));
    expect(rowB!.score).toBe(winner.score);
  });
});

describe('publishing scores', () => {
  it('is refused while someone takes the exam, while answers wait for marks, and once published; examinees then see their score', async () => {
    const exam = await insertExam(t.db, { orgId: orgA.id, reviewerIds: [reviewerId], orgIds: [orgA.id], scoreDisplay: 'published' });
    const taking = await insertAttempt(t.db, { examId: exam.id, userId: cat.id, status: 'ongoing', questions: PAPER, answers: [] });
    const waiting = await insertAttempt(t.db, { examId: exam.id, userId: ann.id, status: 'marking', questions: PAPER, answers: RIGHT });
    const publish = (s: Session) => call(t.app, s, '/api/exam/scores/publish', { examId: exam.id });

    expect(refusalOf(await publish(deptAdmin))).toMatchObject({ code: 'EXAM_IN_PROGRESS_CANNOT_PUBLISH_SCORE', field: 'examId' });
    await t.db
      .update(examAttempts)
      .set({ status: 'marked', submittedAt: new Date(), submittedBy: 'deadline', autoScore: 0, score: 0, passed: false })
      .where(eq(examAttempts.id, taking.id));
    expect(refusalOf(await publish(deptAdmin))).toMatchObject({ code: 'MARKING_NOT_FINISHED' });
    await ok(t.app, reviewer, '/api/exam/marking/save', { attemptId: waiting.id, marks: [{ position: 3, score: 4 }] });

    // Ann sees no score before publishing (score display "published").
    const myBefore = await ok(t.app, student, '/api/exam/my', {});
    expect(myBefore.records.find((r: { id: number }) => r.id === exam.id)).toMatchObject({ lastScore: null, lastMarking: false });
    // A reviewer holding only cjpy cannot publish; a department administrator with cjpy:publish in scope can.
    expect(refusalOf(await publish(reviewer))).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    const row = async (s: Session) => (await ok(t.app, s, '/api/exam/marking/list', {})).records.find((r: { id: number }) => r.id === exam.id);
    expect((await row(deptAdmin)).abilities).toEqual({ publishScores: true });
    expect((await row(reviewer)).abilities).toEqual({ publishScores: false });
    expect(dataOf(await publish(deptAdmin))).toBeNull();
    expect((await row(deptAdmin)).abilities).toEqual({ publishScores: false });
    expect(refusalOf(await publish(deptAdmin))).toMatchObject({ code: 'EXAM_SCORES_PUBLISHED' });
    expect(refusalOf(await publish(admin))).toMatchObject({ code: 'EXAM_SCORES_PUBLISHED' });
    const myAfter = await ok(t.app, student, '/api/exam/my', {});
    expect(myAfter.records.find((r: { id: number }) => r.id === exam.id)).toMatchObject({ lastScore: 10, lastPassed: true });
  });

  it('waits for an attempt being started, and is then refused because of it', async () => {
    const exam = await insertExam(t.db, { orgId: orgA.id, orgIds: [orgA.id], scoreDisplay: 'published' });
    let publishing: ReturnType<typeof call> | undefined;
    // A start in progress, played by a transaction holding a start's lock until it has written the attempt.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select ${xactLockSql('examScores', [exam.id], { shared: true })}`);
      publishing = call(t.app, deptAdmin, '/api/exam/scores/publish', { examId: exam.id });
      await until('the publication waits for the start', async () => {
        const { rows } = await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
        );
        return rows[0]!.n > 0 || undefined;
      });
      await insertAttempt(tx, { examId: exam.id, userId: bob.id, status: 'ongoing', questions: PAPER, answers: [] });
    });
    expect(refusalOf(await publishing!)).toMatchObject({ code: 'EXAM_IN_PROGRESS_CANNOT_PUBLISH_SCORE', field: 'examId' });
  });

  it('a department administrator cannot publish the scores of an exam beyond their scope', async () => {
    const exam = await insertExam(t.db, { orgId: orgB.id, orgIds: [orgB.id] });
    expect(await refusal(t.app, deptAdmin, '/api/exam/scores/publish', { examId: exam.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
  });

  it('is not offered nor done before the exam starts (nobody has sat it: the scores of its examinees would show at once)', async () => {
    const exam = await insertExam(t.db, { orgId: orgA.id, orgIds: [orgA.id], status: 'published', startIn: 30, endIn: 90 });
    expect(await refusal(t.app, deptAdmin, '/api/exam/scores/publish', { examId: exam.id })).toMatchObject({ code: 'STATE_TRANSITION_INVALID', field: 'examId' });
    const grades = (await ok(t.app, deptAdmin, '/api/exam/grade/count', { examId: exam.id })) as { abilities: { publishScores: boolean } };
    expect(grades.abilities).toEqual({ publishScores: false });
  });
});
