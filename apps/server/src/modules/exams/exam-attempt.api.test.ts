import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CERTIFICATE_DEFAULT_LAYOUT, type AttemptResult, type AttemptSheet, type MyExamRow } from '@hanlin/shared';
import { useTestApp, login, call, ok, dataOf, refusal, type Session } from '../../test/harness.js';
import { buildOrg, buildUser, rootOrg } from '../../test/factories.js';
import { makeJobsDue } from '../../test/jobs.js';
import { jobs } from '../../platform/jobs.schema.js';
import { certificates } from '../certificates/index.js';
import { exams } from './exams.schema.js';
import { examAttemptAnswers, examAttempts, examExtensions, examPhotos } from './exam-attempt.schema.js';
import { ATTEMPT_DEADLINE_JOB, ATTEMPT_SWEEP_JOB, completeMarking } from './exam-attempt.service.js';

// Taking an exam on the real modules: questions, papers, exams, audiences, uploads, certificates.
const t = useTestApp();
let admin: Session;
let orgA: { id: number }, orgB: { id: number };
const uniq = () => crypto.randomUUID().slice(0, 8);
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A refusal as the user meets it: 4xx, its code and the field it names. */
async function refused(s: Session, url: string, body: object, code: string, field?: string) {
  expect(await refusal(t.app, s, url, body)).toMatchObject({ code, ...(field ? { field } : {}) });
}

/** An approved question of the bank. */
async function question(extra: Record<string, unknown>) {
  const body = { type: 'judgment', stem: `True? ${uniq()}`, score: 1, answers: ['T'], ...extra };
  const { id } = await ok<{ id: number }>(t.app, admin, '/api/question/insert', body);
  await ok(t.app, admin, '/api/question/submit', { ids: [id] });
  await ok(t.app, admin, '/api/question-approval/approve', { ids: [id] });
  return id;
}
let judgment: number, single: number, fill: number, short: number;
const fixedPaper = async (items: { questionId: number; score: number }[]) =>
  (await ok<{ id: number }>(t.app, admin, '/api/paper/insert', { name: `Paper ${uniq()}`, kind: 'fixed', items })).id;

/** A published exam open now (its start moved into the past), for org A unless told. */
async function openExam(paperId: number, extra: Record<string, unknown> = {}, open = true) {
  const e = await ok<{ id: number }>(t.app, admin, '/api/exam/insert', {
    name: `Exam ${uniq()}`,
    startAt: inMinutes(60),
    endAt: inMinutes(600),
    duration: 60,
    passPercent: 60,
    attempts: 1,
    paperId,
    audience: [{ type: 'org', id: orgA.id }],
    scoreDisplay: 'immediate',
    ...extra,
  });
  await ok(t.app, admin, '/api/exam/publish', { ids: [e.id] });
  if (open)
    await t.db
      .update(exams)
      .set({ startAt: sql`now() - interval '1 minute'` })
      .where(eq(exams.id, e.id));
  return e.id;
}
async function student(orgId = orgA.id) {
  const u = await buildUser(t.db, { orgId, kind: 'student', realname: `Stu ${uniq()}`, permissions: ['kc-pc'] });
  return { ...u, s: await login(t.app, u.username, u.password) };
}
const start = (s: Session, examId: number) => ok<AttemptSheet>(t.app, s, '/api/exam/attempt/start', { examId });
const save = (s: Session, attemptId: number, answers: { position: number; answer: unknown; seq: number; flagged?: boolean }[]) =>
  call(t.app, s, '/api/exam/attempt/save', { attemptId, answers });
const submit = (s: Session, attemptId: number) => ok<AttemptResult>(t.app, s, '/api/exam/attempt/submit', { attemptId });
const myExam = async (s: Session, examId: number) => (await ok<{ records: MyExamRow[] }>(t.app, s, '/api/exam/my', { size: 100 })).records.find((r) => r.id === examId)!;
/** The clock passes the attempt's deadline (the job scheduled at the real deadline is made due too). */
const pastDeadline = (attemptId: number) =>
  t.db
    .update(examAttempts)
    .set({ deadlineAt: sql`now() - interval '1 second'` })
    .where(eq(examAttempts.id, attemptId));
/** Makes the queued jobs of a kind due now and waits until this node has run them. */
async function runDue(kind: string) {
  const ids = await makeJobsDue(t.db, kind);
  expect(ids.length).toBeGreaterThan(0);
  t.app.jobs.wake();
  for (const id of ids) expect((await t.app.jobs.settled(id)).state).toBe('done');
}

beforeAll(async () => {
  admin = await login(t.app);
  orgA = await buildOrg(t.db, { name: `Plant ${uniq()}` });
  orgB = await buildOrg(t.db, { name: `Office ${uniq()}` });
  judgment = await question({});
  single = await question({ type: 'single', stem: `Pick ${uniq()}`, options: [{ content: 'x' }, { content: 'y' }], answers: ['B'] });
  fill = await question({ type: 'fill', stem: `() is the capital ${uniq()}`, blanks: [['Paris']], answers: undefined });
  short = await question({ type: 'short', stem: `Explain ${uniq()}`, answerText: 'Because', answers: undefined });
});

describe('starting an attempt', () => {
  it('refuses an exam whose audience does not hold the caller, one not started, one ended; a personal extension lets one person in', async () => {
    const paper = await fixedPaper([{ questionId: judgment, score: 10 }]);
    const exam = await openExam(paper);
    const outsider = await student(orgB.id);
    await refused(outsider.s, '/api/exam/attempt/start', { examId: exam }, 'NOT_FOUND_ERROR', 'examId');
    await refused(outsider.s, '/api/exam/attempt/results', { examId: exam }, 'NOT_FOUND_ERROR', 'examId');
    await refused(outsider.s, '/api/exam/attempt/start', { examId: 987654 }, 'NOT_FOUND_ERROR', 'examId');

    const later = await openExam(paper, {}, false);
    const ann = await student();
    await refused(ann.s, '/api/exam/attempt/start', { examId: later }, 'EXAM_NOT_OPEN', 'examId');

    const ended = await openExam(paper);
    await t.db
      .update(exams)
      .set({ status: 'ended', startAt: sql`now() - interval '3 hours'`, endAt: sql`now() - interval '1 minute'` })
      .where(eq(exams.id, ended));
    const bob = await student();
    await refused(ann.s, '/api/exam/attempt/start', { examId: ended }, 'EXAM_NOT_OPEN', 'examId');
    // Bob's own extension: 10 more minutes; his deadline is his end, not start + duration.
    await t.db.insert(examExtensions).values({ examId: ended, userId: bob.id, endAt: new Date(Date.now() + 10 * 60_000) });
    // My exams shows the exam open to Bob (and under the open filter), ended to Ann.
    expect(await myExam(bob.s, ended)).toMatchObject({ status: 'started', abilities: { start: true, continue: false } });
    expect(await myExam(ann.s, ended)).toMatchObject({ status: 'ended', abilities: { start: false, continue: false } });
    const filtered = async (s: Session, status: string) => (await ok<{ records: MyExamRow[] }>(t.app, s, '/api/exam/my', { size: 100, status })).records.map((r) => r.id);
    expect(await filtered(bob.s, 'started')).toContain(ended);
    expect(await filtered(bob.s, 'ended')).not.toContain(ended);
    expect(await filtered(ann.s, 'ended')).toContain(ended);
    const sheet = await start(bob.s, ended);
    const left = (new Date(sheet.deadlineAt).getTime() - Date.now()) / 60_000;
    expect(left).toBeGreaterThan(9);
    expect(left).toBeLessThan(10.1);
    await refused(ann.s, '/api/exam/attempt/start', { examId: ended }, 'EXAM_NOT_OPEN', 'examId');
  });

  it('answers the sheet without the key, resumes the ongoing attempt, and refuses attempts beyond the allowed (an extension adds some)', async () => {
    const paper = await fixedPaper([
      { questionId: single, score: 4 },
      { questionId: judgment, score: 6 },
    ]);
    const exam = await openExam(paper, { duration: 30 });
    const ann = await student();
    const sheet = await start(ann.s, exam);
    expect(sheet).toMatchObject({ examId: exam, number: 1, attemptsAllowed: 1, status: 'ongoing', total: 10, leaveCount: 0 });
    expect(sheet.questions.map((q) => [q.questionId, q.position, q.score, q.answer])).toEqual([
      [single, 1, 4, null],
      [judgment, 2, 6, null],
    ]);
    expect(JSON.stringify(sheet)).not.toMatch(/"answers"|"blanks":\[\[/);
    expect(sheet.remainingSeconds).toBeGreaterThan(29 * 60);
    expect(sheet.remainingSeconds).toBeLessThanOrEqual(30 * 60);

    expect((await save(ann.s, sheet.attemptId, [{ position: 1, answer: { choices: ['B'] }, seq: 1, flagged: true }])).statusCode).toBe(200);
    const again = await start(ann.s, exam);
    expect(again.attemptId).toBe(sheet.attemptId);
    expect(again.questions[0]).toMatchObject({ answer: { choices: ['B'] }, flagged: true });
    expect(await myExam(ann.s, exam)).toMatchObject({ attemptsUsed: 1, ongoingAttemptId: sheet.attemptId, abilities: { start: false, continue: true } });

    await submit(ann.s, sheet.attemptId);
    expect(await myExam(ann.s, exam)).toMatchObject({ attemptsLeft: 0, abilities: { start: false, continue: false } });
    await refused(ann.s, '/api/exam/attempt/start', { examId: exam }, 'OVER_EXAM_TIMES_ERROR', 'examId');
    await t.db.insert(examExtensions).values({ examId: exam, userId: ann.id, endAt: new Date(Date.now() + 60 * 60_000), extraAttempts: 1 });
    const second = await start(ann.s, exam);
    expect(second).toMatchObject({ number: 2, attemptsAllowed: 2 });
    expect(second.questions.every((q) => q.answer === null)).toBe(true);
  });

  it('makes one attempt of parallel starts by one person', async () => {
    const exam = await openExam(await fixedPaper([{ questionId: judgment, score: 5 }]), { attempts: 3 });
    const ann = await student();
    const sheets = await Promise.all(Array.from({ length: 6 }, () => start(ann.s, exam)));
    expect(new Set(sheets.map((x) => x.attemptId)).size).toBe(1);
    const rows = await t.db.select().from(examAttempts).where(eq(examAttempts.examId, exam));
    expect(rows).toHaveLength(1);
    // A start writes no answer rows (the first save of a question does): nothing doubled either.
    expect(await t.db.select().from(examAttemptAnswers).where(eq(examAttemptAnswers.attemptId, rows[0]!.id))).toHaveLength(0);
  });

  it('draws a random paper per attempt with a stored seed; the draw stays the same on resume', async () => {
    const { id: bank } = await ok<{ id: number }>(t.app, admin, '/api/question-sort/insert', { name: `Bank ${uniq()}` });
    for (let i = 0; i < 8; i++) await question({ categoryId: bank });
    const { id: paper } = await ok<{ id: number }>(t.app, admin, '/api/paper/insert', {
      name: `Random ${uniq()}`,
      kind: 'random',
      rules: [{ categoryId: bank, type: 'judgment', count: 3, score: 2 }],
    });
    const exam = await openExam(paper);
    const draws = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const u = await student();
      const sheet = await start(u.s, exam);
      expect(sheet.questions).toHaveLength(3);
      const ids = JSON.stringify(sheet.questions.map((q) => q.questionId));
      draws.add(ids);
      expect(JSON.stringify((await start(u.s, exam)).questions.map((q) => q.questionId))).toBe(ids);
      expect(JSON.stringify((await ok<AttemptSheet>(t.app, u.s, '/api/exam/attempt/sheet', { attemptId: sheet.attemptId })).questions.map((q) => q.questionId))).toBe(ids);
    }
    expect(draws.size).toBeGreaterThan(1);
    const seeds = await t.db.select({ seed: examAttempts.seed }).from(examAttempts).where(eq(examAttempts.examId, exam));
    expect(new Set(seeds.map((r) => r.seed)).size).toBe(6);
  });

  it('draws from the bank as it is now: a question added or deleted after the first starts changes the next draws', async () => {
    const { id: bank } = await ok<{ id: number }>(t.app, admin, '/api/question-sort/insert', { name: `Bank ${uniq()}` });
    const [q1, q2] = [await question({ categoryId: bank }), await question({ categoryId: bank })];
    const { id: paper } = await ok<{ id: number }>(t.app, admin, '/api/paper/insert', {
      name: `Random ${uniq()}`,
      kind: 'random',
      rules: [{ categoryId: bank, type: 'judgment', count: 2, score: 5 }],
    });
    const exam = await openExam(paper);
    const drawn = async () => (await start((await student()).s, exam)).questions.map((q) => q.questionId).sort((a, b) => a - b);
    expect(await drawn()).toEqual([q1, q2].sort((a, b) => a - b));
    const q3 = await question({ categoryId: bank, stem: `New one ${uniq()}` });
    await ok(t.app, admin, '/api/question/delete', { ids: [q1] });
    expect(await drawn()).toEqual([q2!, q3].sort((a, b) => a - b));
  });
});

describe('answering', () => {
  it('keeps the newest answer of a question: an older retry is ignored, still answered 200', async () => {
    const exam = await openExam(await fixedPaper([{ questionId: single, score: 5 }]));
    const ann = await student();
    const { attemptId } = await start(ann.s, exam);
    const first = dataOf(await save(ann.s, attemptId, [{ position: 1, answer: { choices: ['B'] }, seq: 2 }]));
    expect(first).toMatchObject({ status: 'ongoing' });
    expect(first.remainingSeconds).toBeGreaterThan(3500);
    const stale = await save(ann.s, attemptId, [{ position: 1, answer: { choices: ['A'] }, seq: 1 }]);
    expect(stale.statusCode, stale.body).toBe(200);
    const kept = (await ok<AttemptSheet>(t.app, ann.s, '/api/exam/attempt/sheet', { attemptId })).questions[0]!;
    // The sheet tells which change it holds, so a browser drops a kept change that is older.
    expect(kept).toMatchObject({ answer: { choices: ['B'] }, seq: 2 });
    // Clearing is an answer too.
    expect((await save(ann.s, attemptId, [{ position: 1, answer: null, seq: 3 }])).statusCode).toBe(200);
    expect((await ok<AttemptSheet>(t.app, ann.s, '/api/exam/attempt/sheet', { attemptId })).questions[0]!.answer).toBe(null);
  });

  it('answers each of many parallel autosaves as its own: stored, refused as someone else’s, or past the deadline', async () => {
    const exam = await openExam(await fixedPaper([{ questionId: single, score: 5 }]));
    const people = await Promise.all(Array.from({ length: 24 }, () => student()));
    const attempts = await Promise.all(people.map(async (u) => (await start(u.s, exam)).attemptId));
    // The last one's time is up; the one before saves into the first one's attempt.
    await pastDeadline(attempts.at(-1)!);
    const saves = await Promise.all(
      people.map((u, i) =>
        save(u.s, i === people.length - 2 ? attempts[0]! : attempts[i]!, [
          { position: 1, answer: { choices: [['A', 'B'][i % 2]!] }, seq: 1 + (i % 3) },
          // A retry of the same position in one call: the newer change counts.
          { position: 1, answer: { choices: [['A', 'B'][(i + 1) % 2]!] }, seq: 10 },
        ]),
      ),
    );
    expect(saves.slice(0, -2).map((r) => r.statusCode)).toEqual(Array(people.length - 2).fill(200));
    expect(saves.at(-2)!.json()).toMatchObject({ msg: 'NOT_FOUND_ERROR' });
    expect(saves.at(-1)!.json()).toMatchObject({ msg: 'EXAM_TIME_OVER' });
    const stored = await t.db
      .select({ attemptId: examAttemptAnswers.attemptId, answer: examAttemptAnswers.answer, seq: examAttemptAnswers.seq })
      .from(examAttemptAnswers)
      .where(inArray(examAttemptAnswers.attemptId, attempts));
    const byAttempt = new Map(stored.map((r) => [r.attemptId, r]));
    attempts.slice(0, -2).forEach((id, i) => expect(byAttempt.get(id)).toMatchObject({ answer: { choices: [['A', 'B'][(i + 1) % 2]] }, seq: 10 }));
    // The save into someone else's attempt stored nothing; the one past the deadline neither (its row is the submission's).
    expect(byAttempt.has(attempts.at(-2)!)).toBe(false);
    expect(byAttempt.get(attempts.at(-1)!)).toMatchObject({ answer: null, seq: 0 });
    expect(
      (
        await t.db
          .select()
          .from(examAttempts)
          .where(eq(examAttempts.id, attempts.at(-1)!))
      )[0],
    ).toMatchObject({ status: 'marked', submittedBy: 'deadline' });
  });

  it('refuses answers that do not fit their question, positions beyond the paper, and someone else’s attempt', async () => {
    const exam = await openExam(
      await fixedPaper([
        { questionId: single, score: 2 },
        { questionId: fill, score: 2 },
        { questionId: judgment, score: 2 },
        { questionId: short, score: 2 },
      ]),
    );
    const ann = await student();
    const { attemptId } = await start(ann.s, exam);
    const url = '/api/exam/attempt/save';
    await refused(ann.s, url, { attemptId, answers: [{ position: 5, answer: null, seq: 1 }] }, 'PARAMETER_INVALID', 'answers.0.position');
    await refused(ann.s, url, { attemptId, answers: [{ position: 1, answer: { choices: ['C'] }, seq: 1 }] }, 'PARAMETER_INVALID', 'answers.0.answer.choices');
    await refused(ann.s, url, { attemptId, answers: [{ position: 1, answer: { choices: ['A', 'B'] }, seq: 1 }] }, 'PARAMETER_INVALID', 'answers.0.answer.choices');
    await refused(ann.s, url, { attemptId, answers: [{ position: 1, answer: { text: 'A' }, seq: 1 }] }, 'PARAMETER_INVALID', 'answers.0.answer.answer');
    await refused(
      ann.s,
      url,
      {
        attemptId,
        answers: [
          { position: 3, answer: { choices: ['T'] }, seq: 1 },
          { position: 2, answer: { blanks: ['a', 'b'] }, seq: 1 },
        ],
      },
      'PARAMETER_INVALID',
      'answers.1.answer.blanks',
    );
    await refused(ann.s, url, { attemptId, answers: [{ position: 3, answer: { choices: ['A'] }, seq: 1 }] }, 'PARAMETER_INVALID', 'answers.0.answer.choices');
    await refused(ann.s, url, { attemptId, answers: [{ position: 4, answer: { choices: ['T'] }, seq: 1 }] }, 'PARAMETER_INVALID', 'answers.0.answer.answer');
    // Nothing of a refused call was kept.
    expect((await ok<AttemptSheet>(t.app, ann.s, '/api/exam/attempt/sheet', { attemptId })).questions.map((q) => q.answer)).toEqual([null, null, null, null]);
    const ok2 = await save(ann.s, attemptId, [
      { position: 2, answer: { blanks: ['paris'] }, seq: 1 },
      { position: 4, answer: { text: 'It is so' }, seq: 1 },
    ]);
    expect(ok2.statusCode, ok2.body).toBe(200);

    const bob = await student();
    await refused(bob.s, url, { attemptId, answers: [{ position: 1, answer: null, seq: 9 }] }, 'NOT_FOUND_ERROR', 'attemptId');
    await refused(bob.s, '/api/exam/attempt/sheet', { attemptId }, 'NOT_FOUND_ERROR', 'attemptId');
    await refused(bob.s, '/api/exam/attempt/submit', { attemptId }, 'NOT_FOUND_ERROR', 'attemptId');
  });
});

describe('submitting', () => {
  it('marks the answers, refuses a second submission (also two at once), and my exams follow', async () => {
    const exam = await openExam(
      await fixedPaper([
        { questionId: single, score: 4 },
        { questionId: judgment, score: 6 },
      ]),
      { attempts: 2 },
    );
    const ann = await student();
    const { attemptId } = await start(ann.s, exam);
    await save(ann.s, attemptId, [
      { position: 1, answer: { choices: ['B'] }, seq: 1 },
      { position: 2, answer: { choices: ['F'] }, seq: 1 },
    ]);
    const both = await Promise.all([call(t.app, ann.s, '/api/exam/attempt/submit', { attemptId }), call(t.app, ann.s, '/api/exam/attempt/submit', { attemptId })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const result = both.find((r) => r.statusCode === 200)!.json().data as AttemptResult;
    expect(result).toMatchObject({ status: 'marked', submitState: 'normal', submittedBy: 'examinee', total: 10, score: 4, passed: false, attemptsLeft: 1 });
    expect(both.find((r) => r.statusCode === 409)!.json()).toMatchObject({ msg: 'REPEAT_SUBMIT_ERROR' });
    await refused(ann.s, '/api/exam/attempt/submit', { attemptId }, 'REPEAT_SUBMIT_ERROR');
    await refused(ann.s, '/api/exam/attempt/sheet', { attemptId }, 'REPEAT_SUBMIT_ERROR');
    await refused(ann.s, '/api/exam/attempt/save', { attemptId, answers: [{ position: 1, answer: null, seq: 5 }] }, 'REPEAT_SUBMIT_ERROR');
    const marks = await t.db
      .select({ p: examAttemptAnswers.position, s: examAttemptAnswers.autoScore, c: examAttemptAnswers.correct })
      .from(examAttemptAnswers)
      .where(eq(examAttemptAnswers.attemptId, attemptId))
      .orderBy(examAttemptAnswers.position);
    expect(marks).toEqual([
      { p: 1, s: 4, c: true },
      { p: 2, s: 0, c: false },
    ]);
    expect(await myExam(ann.s, exam)).toMatchObject({ attemptsUsed: 1, ongoingAttemptId: null, lastScore: 4, lastPassed: false, lastMarking: false });
  });

  it('shows score and pass as the score display allows: immediate, after publication, never', async () => {
    const paper = await fixedPaper([{ questionId: judgment, score: 10 }]);
    const shown: Record<string, unknown[]> = {};
    for (const display of ['immediate', 'published', 'hidden'] as const) {
      const exam = await openExam(paper, { scoreDisplay: display });
      const ann = await student();
      const { attemptId } = await start(ann.s, exam);
      await save(ann.s, attemptId, [{ position: 1, answer: { choices: ['T'] }, seq: 1 }]);
      const r = await submit(ann.s, attemptId);
      const results = await ok<AttemptResult[]>(t.app, ann.s, '/api/exam/attempt/results', { examId: exam });
      const my = await myExam(ann.s, exam);
      await t.db.update(exams).set({ scoresPublishedAt: new Date() }).where(eq(exams.id, exam));
      const afterPublication = (await ok<AttemptResult[]>(t.app, ann.s, '/api/exam/attempt/results', { examId: exam }))[0]!;
      shown[display] = [r.score, r.passed, results[0]!.score, my.lastScore, afterPublication.score, (await myExam(ann.s, exam)).lastScore];
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({ attemptId, status: 'marked', attemptsLeft: 0 });
    }
    expect(shown).toEqual({
      immediate: [10, true, 10, 10, 10, 10],
      published: [null, null, null, null, 10, 10],
      hidden: [null, null, null, null, null, null],
    });
  });

  it('tells the result page whether the answer review and the ranking are open to the examinee', async () => {
    const paper = await fixedPaper([{ questionId: judgment, score: 10 }]);
    const seen: Record<string, unknown> = {};
    for (const [name, extra] of Object.entries({
      closed: {},
      open: { showAnswers: true, showRanking: true },
      rankingBeforePublication: { showRanking: true, scoreDisplay: 'published' },
    })) {
      const exam = await openExam(paper, extra);
      const ann = await student();
      const { attemptId } = await start(ann.s, exam);
      const r = await submit(ann.s, attemptId);
      seen[name] = [r.reviewOpen, r.rankingOpen];
    }
    expect(seen).toEqual({ closed: [false, false], open: [true, true], rankingBeforePublication: [false, false] });
  });

  it('keeps the answer key of a submitted attempt closed while another attempt of the exam is being answered', async () => {
    const exam = await openExam(await fixedPaper([{ questionId: single, score: 10 }]), { attempts: 2, showAnswers: true });
    const ann = await student();
    const first = await start(ann.s, exam);
    await submit(ann.s, first.attemptId);
    const review = (id: number) => call(t.app, ann.s, '/api/exam/my/review', { attemptId: id });
    const results = () => ok<AttemptResult[]>(t.app, ann.s, '/api/exam/attempt/results', { examId: exam });
    expect(dataOf(await review(first.attemptId)).questions[0]).toMatchObject({ keyAnswers: ['B'] });
    expect((await results()).map((r) => r.reviewOpen)).toEqual([true]);

    // The second attempt draws the same fixed paper: the first one's key would answer it.
    const second = await start(ann.s, exam);
    const during = await review(first.attemptId);
    expect(during.statusCode).toBe(403);
    expect(during.json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR' });
    expect(during.body).not.toContain('keyAnswers');
    expect((await results()).map((r) => [r.number, r.reviewOpen])).toEqual([
      [2, false],
      [1, false],
    ]);

    await submit(ann.s, second.attemptId);
    expect(dataOf(await review(first.attemptId)).questions[0]).toMatchObject({ keyAnswers: ['B'] });
    expect((await results()).map((r) => r.reviewOpen)).toEqual([true, true]);
  });

  it('leaves a paper with a subjective question to the reviewers; the last review sets score and pass', async () => {
    const exam = await openExam(
      await fixedPaper([
        { questionId: judgment, score: 4 },
        { questionId: short, score: 6 },
      ]),
    );
    const ann = await student();
    const { attemptId } = await start(ann.s, exam);
    await save(ann.s, attemptId, [
      { position: 1, answer: { choices: ['T'] }, seq: 1 },
      { position: 2, answer: { text: 'Because' }, seq: 1 },
    ]);
    expect(await submit(ann.s, attemptId)).toMatchObject({ status: 'marking', score: null, passed: null });
    expect(await myExam(ann.s, exam)).toMatchObject({ lastMarking: true, lastScore: null });
    expect(await t.db.transaction((tx) => completeMarking(tx, attemptId))).toBe(false);
    await t.db
      .update(examAttemptAnswers)
      .set({ reviewScore: 3 })
      .where(and(eq(examAttemptAnswers.attemptId, attemptId), eq(examAttemptAnswers.position, 2)));
    expect(await t.db.transaction((tx) => completeMarking(tx, attemptId))).toBe(true);
    expect((await ok<AttemptResult[]>(t.app, ann.s, '/api/exam/attempt/results', { examId: exam }))[0]).toMatchObject({ status: 'marked', score: 7, passed: true });
  });

  it('issues the exam’s certificate on a pass, not on a fail', async () => {
    const tpl = await ok<{ id: number }>(t.app, admin, '/api/certificate/template/insert', {
      name: `Cert ${uniq()}`,
      authority: 'Hanlin',
      validityMonths: null,
      layout: CERTIFICATE_DEFAULT_LAYOUT,
    });
    const exam = await openExam(await fixedPaper([{ questionId: judgment, score: 10 }]), { certificateTemplateId: tpl.id });
    const certified = async (answer: string) => {
      const u = await student();
      const { attemptId } = await start(u.s, exam);
      await save(u.s, attemptId, [{ position: 1, answer: { choices: [answer] }, seq: 1 }]);
      await submit(u.s, attemptId);
      return (
        await t.db
          .select()
          .from(certificates)
          .where(and(eq(certificates.userId, u.id), eq(certificates.templateId, tpl.id)))
      ).length;
    };
    expect(await certified('T')).toBe(1);
    expect(await certified('F')).toBe(0);
  });
});

describe('the deadline', () => {
  it('is held by the server: its job submits with nobody connected, and later calls answer EXAM_TIME_OVER', async () => {
    const exam = await openExam(await fixedPaper([{ questionId: judgment, score: 10 }]));
    const ann = await student();
    const { attemptId } = await start(ann.s, exam);
    await save(ann.s, attemptId, [{ position: 1, answer: { choices: ['T'] }, seq: 1 }]);
    await pastDeadline(attemptId);
    await runDue(ATTEMPT_DEADLINE_JOB);
    const [row] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    expect(row).toMatchObject({ status: 'marked', submittedBy: 'deadline', score: 10, passed: true });
    await refused(ann.s, '/api/exam/attempt/sheet', { attemptId }, 'EXAM_TIME_OVER');
    await refused(ann.s, '/api/exam/attempt/save', { attemptId, answers: [{ position: 1, answer: { choices: ['F'] }, seq: 2 }] }, 'EXAM_TIME_OVER');
    expect((await ok<AttemptResult[]>(t.app, ann.s, '/api/exam/attempt/results', { examId: exam }))[0]).toMatchObject({
      submittedBy: 'deadline',
      submitState: 'normal',
      score: 10,
    });
  });

  it('is held when the job is lost: the periodic sweep submits, and a save past the deadline submits and stores nothing', async () => {
    const exam = await openExam(await fixedPaper([{ questionId: judgment, score: 10 }]));
    const ann = await student();
    const bob = await student();
    const a = (await start(ann.s, exam)).attemptId;
    const b = (await start(bob.s, exam)).attemptId;
    await t.db.delete(jobs).where(eq(jobs.kind, ATTEMPT_DEADLINE_JOB));
    await pastDeadline(a);
    await pastDeadline(b);
    await refused(bob.s, '/api/exam/attempt/save', { attemptId: b, answers: [{ position: 1, answer: { choices: ['T'] }, seq: 1 }] }, 'EXAM_TIME_OVER');
    expect((await t.db.select().from(examAttempts).where(eq(examAttempts.id, b)))[0]).toMatchObject({ submittedBy: 'deadline', score: 0 });
    // Starting again finds the late attempt: it is submitted for good, even though the start is refused.
    await refused(ann.s, '/api/exam/attempt/start', { examId: exam }, 'OVER_EXAM_TIMES_ERROR', 'examId');
    expect((await t.db.select().from(examAttempts).where(eq(examAttempts.id, a)))[0]).toMatchObject({ status: 'marked', submittedBy: 'deadline' });
    const carl = await student();
    const c = (await start(carl.s, exam)).attemptId;
    await t.db.delete(jobs).where(eq(jobs.kind, ATTEMPT_DEADLINE_JOB));
    await pastDeadline(c);
    await runDue(ATTEMPT_SWEEP_JOB);
    expect((await t.db.select().from(examAttempts).where(eq(examAttempts.id, c)))[0]).toMatchObject({ status: 'marked', submittedBy: 'deadline' });
    // The sweep scheduled the next one.
    expect(
      (
        await t.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, ATTEMPT_SWEEP_JOB), eq(jobs.state, 'queued')))
      ).length,
    ).toBe(1);
  });
});

describe('anti-cheat and photos', () => {
  it('counts leaving the page when the exam has anti-cheat; beyond the limit the attempt is submitted as an exception', async () => {
    const paper = await fixedPaper([{ questionId: judgment, score: 10 }]);
    const watched = await openExam(paper, { antiCheat: true, leaveLimit: 1 });
    const ann = await student();
    const { attemptId } = await start(ann.s, watched);
    expect(await ok(t.app, ann.s, '/api/exam/attempt/leave', { attemptId })).toEqual({ leaveCount: 1, leaveLimit: 1, submitted: false });
    expect((await ok<AttemptSheet>(t.app, ann.s, '/api/exam/attempt/sheet', { attemptId })).leaveCount).toBe(1);
    expect(await ok(t.app, ann.s, '/api/exam/attempt/leave', { attemptId })).toEqual({ leaveCount: 2, leaveLimit: 1, submitted: true });
    expect((await ok<AttemptResult[]>(t.app, ann.s, '/api/exam/attempt/results', { examId: watched }))[0]).toMatchObject({
      submitState: 'exception',
      submittedBy: 'leaveLimit',
    });
    await refused(ann.s, '/api/exam/attempt/leave', { attemptId }, 'REPEAT_SUBMIT_ERROR');

    const free = await openExam(paper);
    const other = (await start(ann.s, free)).attemptId;
    expect(await ok(t.app, ann.s, '/api/exam/attempt/leave', { attemptId: other })).toEqual({ leaveCount: 0, leaveLimit: null, submitted: false });
  });

  it('stores JPEG/PNG photos of the caller’s ongoing attempt, readable by the examinee and monitors whose scope covers the exam', async () => {
    const exam = await openExam(await fixedPaper([{ questionId: judgment, score: 10 }]), { photoInterval: 30 });
    const ann = await student();
    const { attemptId } = await start(ann.s, exam);
    await refused(ann.s, '/api/exam/attempt/photo', { attemptId, data: Buffer.from('GIF89a0000000000').toString('base64') }, 'FILE_TYPE_ERROR', 'data');
    await refused(ann.s, '/api/exam/attempt/photo', { attemptId, data: Buffer.from('plain text, not an image').toString('base64') }, 'FILE_TYPE_ERROR', 'data');
    await ok(t.app, ann.s, '/api/exam/attempt/photo', { attemptId, data: `data:image/png;base64,${PNG.toString('base64')}` });
    const bob = await student();
    await refused(bob.s, '/api/exam/attempt/photo', { attemptId, data: PNG.toString('base64') }, 'NOT_FOUND_ERROR', 'attemptId');

    const [photo] = await t.db
      .execute<{ public_id: string }>(sql`select f.public_id from ${examPhotos} p join files f on f.id = p.file_id where p.attempt_id = ${attemptId}`)
      .then((r) => r.rows);
    expect(photo).toBeDefined();
    const read = (s: Session) => t.app.inject({ method: 'GET', url: `/api/upload/file/${photo!.public_id}`, headers: s.headers() });
    const monitor = async (scopeOrgId: number) => {
      const u = await buildUser(t.db, { orgId: scopeOrgId, permissions: ['jkgl'], scopeOrgIds: [scopeOrgId] });
      return login(t.app, u.username, u.password);
    };
    expect((await read(ann.s)).statusCode).toBe(200);
    // The exam belongs to its creator's organization (the root here).
    expect((await read(await monitor((await rootOrg(t.db)).id))).statusCode).toBe(200);
    expect((await read(await monitor(orgB.id))).statusCode).toBe(404);
    expect((await read(bob.s)).statusCode).toBe(404);

    await submit(ann.s, attemptId);
    await refused(ann.s, '/api/exam/attempt/photo', { attemptId, data: PNG.toString('base64') }, 'REPEAT_SUBMIT_ERROR');
  });

  it('keeps no stored photo bytes when the photo cannot be recorded', async () => {
    const exam = await openExam(await fixedPaper([{ questionId: judgment, score: 10 }]), { photoInterval: 30 });
    const ann = await student();
    const { attemptId } = await start(ann.s, exam);
    const files = path.join(t.config.dataDir, 'files');
    const stored = () => (fs.existsSync(files) ? fs.readdirSync(files, { recursive: true }).filter((f) => fs.statSync(path.join(files, String(f))).isFile()).length : 0);
    const before = stored();
    // The photo row cannot be written (a fault injected for this attempt only).
    await t.db.execute(
      sql.raw(`create function refuse_photo() returns trigger language plpgsql as $$ begin raise exception 'injected'; end $$;
      create trigger refuse_photo before insert on exam_photos for each row when (new.attempt_id = ${attemptId}) execute function refuse_photo()`),
    );
    try {
      expect((await call(t.app, ann.s, '/api/exam/attempt/photo', { attemptId, data: PNG.toString('base64') })).statusCode).not.toBe(200);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_photo on exam_photos; drop function refuse_photo()'));
    }
    expect(stored()).toBe(before);
  });
});

describe('an exam day: many examinees at once', () => {
  it('starts 50 examinees at once, each with their own attempt; refused ones in the same rush get their own code', async () => {
    const exam = await openExam(await fixedPaper([{ questionId: judgment, score: 5 }]));
    const people = await Promise.all(Array.from({ length: 50 }, () => student()));
    const outsider = await student(orgB.id);
    // One used their only attempt already.
    const done = await student();
    await submit(done.s, (await start(done.s, exam)).attemptId);
    const calls = await Promise.all([...people, outsider, done].map((u) => call(t.app, u.s, '/api/exam/attempt/start', { examId: exam })));
    expect(calls.slice(0, 50).map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const sheets = calls.slice(0, 50).map((r) => dataOf(r) as AttemptSheet);
    expect(new Set(sheets.map((x) => x.attemptId)).size).toBe(50);
    expect(sheets.every((x) => x.number === 1 && x.status === 'ongoing' && x.questions.length === 1 && x.questions[0]!.answer === null)).toBe(true);
    expect(calls[50]!.json()).toMatchObject({ msg: 'NOT_FOUND_ERROR' });
    expect(calls[51]!.json()).toMatchObject({ msg: 'OVER_EXAM_TIMES_ERROR' });
    const rows = await t.db.select({ id: examAttempts.id, userId: examAttempts.userId }).from(examAttempts).where(eq(examAttempts.examId, exam));
    expect(rows).toHaveLength(51);
    // Each sheet is its examinee's: saving into it works for them.
    const saved = await Promise.all(people.map((u, i) => save(u.s, sheets[i]!.attemptId, [{ position: 1, answer: { choices: ['T'] }, seq: 1 }])));
    expect(saved.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const owner = new Map(rows.map((r) => [r.id, r.userId]));
    expect(sheets.map((x) => owner.get(x.attemptId))).toEqual(people.map((u) => u.id));
  });

  it('keeps the newer answer when an older autosave arrives after it, also for a question saved the first time', async () => {
    const exam = await openExam(
      await fixedPaper([
        { questionId: single, score: 5 },
        { questionId: judgment, score: 5 },
      ]),
    );
    const ann = await student();
    const { attemptId } = await start(ann.s, exam);
    expect((await save(ann.s, attemptId, [{ position: 2, answer: { choices: ['T'] }, seq: 5 }])).statusCode).toBe(200);
    const late = await save(ann.s, attemptId, [
      { position: 2, answer: { choices: ['F'] }, seq: 4 },
      { position: 1, answer: { choices: ['A'] }, seq: 1 },
    ]);
    expect(late.statusCode).toBe(200);
    // Two saves of one question in flight at once: whichever lands last, the newer stays.
    await Promise.all([
      save(ann.s, attemptId, [{ position: 1, answer: { choices: ['B'] }, seq: 3 }]),
      save(ann.s, attemptId, [{ position: 1, answer: { choices: ['A'] }, seq: 2 }]),
    ]);
    const sheet = await ok<AttemptSheet>(t.app, ann.s, '/api/exam/attempt/sheet', { attemptId });
    expect(sheet.questions.map((q) => [q.answer, q.seq])).toEqual([
      [{ choices: ['B'] }, 3],
      [{ choices: ['T'] }, 5],
    ]);
  });

  it('lists every question after submission: unanswered ones with no answer and 0 score', async () => {
    const exam = await openExam(
      await fixedPaper([
        { questionId: single, score: 4 },
        { questionId: judgment, score: 3 },
        { questionId: fill, score: 3 },
      ]),
      { showAnswers: true },
    );
    const ann = await student();
    const { attemptId } = await start(ann.s, exam);
    await save(ann.s, attemptId, [{ position: 1, answer: { choices: ['B'] }, seq: 1 }]);
    expect(await submit(ann.s, attemptId)).toMatchObject({ status: 'marked', score: 4, total: 10, passed: false });
    const marks = await t.db
      .select({
        p: examAttemptAnswers.position,
        q: examAttemptAnswers.questionId,
        a: examAttemptAnswers.answer,
        s: examAttemptAnswers.autoScore,
        c: examAttemptAnswers.correct,
      })
      .from(examAttemptAnswers)
      .where(eq(examAttemptAnswers.attemptId, attemptId))
      .orderBy(examAttemptAnswers.position);
    expect(marks).toEqual([
      { p: 1, q: single, a: { choices: ['B'] }, s: 4, c: true },
      { p: 2, q: judgment, a: null, s: 0, c: false },
      { p: 3, q: fill, a: null, s: 0, c: false },
    ]);
    const review = dataOf(await call(t.app, ann.s, '/api/exam/my/review', { attemptId })) as { questions: { questionId: number; score?: number | null }[] };
    expect(review.questions.map((q) => q.questionId)).toEqual([single, judgment, fill]);
  });

  it('submits many examinees at once, each answered as their own: marked, someone else’s, already submitted', async () => {
    const exam = await openExam(await fixedPaper([{ questionId: judgment, score: 10 }]));
    const people = await Promise.all(Array.from({ length: 12 }, () => student()));
    const attempts = await Promise.all(people.map(async (u) => (await start(u.s, exam)).attemptId));
    await Promise.all(people.map((u, i) => save(u.s, attempts[i]!, [{ position: 1, answer: { choices: [i % 2 ? 'T' : 'F'] }, seq: 1 }])));
    await submit(people[0]!.s, attempts[0]!);
    const calls = await Promise.all(
      // The second one submits the third one's attempt; the first one submits again.
      people.map((u, i) => call(t.app, u.s, '/api/exam/attempt/submit', { attemptId: attempts[i === 1 ? 2 : i]! })),
    );
    expect(calls[0]!.json()).toMatchObject({ msg: 'REPEAT_SUBMIT_ERROR' });
    expect(calls[1]!.json()).toMatchObject({ msg: 'NOT_FOUND_ERROR' });
    calls.slice(2).forEach((r, k) => expect(dataOf(r)).toMatchObject({ attemptId: attempts[k + 2], status: 'marked', score: (k + 2) % 2 ? 10 : 0 }));
    const rows = await t.db.select({ id: examAttempts.id, status: examAttempts.status }).from(examAttempts).where(inArray(examAttempts.id, attempts));
    expect(rows.filter((r) => r.status === 'ongoing').map((r) => r.id)).toEqual([attempts[1]]);
  });
});
