import { beforeAll, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { useTestApp, login, call, ok, refusal, dataOf, refusalOf, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { insertAttempt, insertExam, type TestQuestion } from '../../test/exam-attempts.js';
import { operationLogs } from '../audit/index.js';
import { examAttempts } from './exam-attempt.schema.js';

const t = useTestApp();

// 10 points: single choice (4), judgment (2), short answer marked by reviewers (4). The same question
// ids in every attempt, as a fixed paper draws them.
const PAPER: TestQuestion[] = [
  { type: 'single', score: 4, answers: ['A'], questionId: 501, stem: 'Which helmet?' },
  { type: 'judgment', score: 2, answers: ['T'], questionId: 502, stem: 'Gloves on?' },
  { type: 'short', score: 4, questionId: 503, stem: 'Explain' },
];
const sheet = (choice: string, judgment: string) => [{ choices: [choice] }, { choices: [judgment] }, { text: 'because' }];

let admin: Session, deptAdmin: Session, amySession: Session, benSession: Session;
let orgA: { id: number }, orgB: { id: number }, workshop: { id: number }, night: { id: number };
const people: Record<string, { id: number; username: string; password: string }> = {};
let exam: { id: number };
const attempts: Record<string, { id: number }> = {};

beforeAll(async () => {
  admin = await login(t.app);
  orgA = await buildOrg(t.db, { name: 'Sales' });
  orgB = await buildOrg(t.db, { name: 'Factory' });
  workshop = await buildOrg(t.db, { name: 'Workshop', parentId: orgA.id });
  night = await buildOrg(t.db, { name: 'Night shift', parentId: workshop.id });
  const d = await buildUser(t.db, { orgId: orgA.id, realname: 'Dora', permissions: ['cjgl', 'cjgl:modify', 'cjgl:export', 'cjgl:publish'], scopeOrgIds: [orgA.id] });
  deptAdmin = await login(t.app, d.username, d.password);
  for (const name of ['Amy', 'Ben', 'Cid', 'Dan', 'Eve', 'Fay'])
    people[name] = await buildUser(t.db, { orgId: workshop.id, realname: name, kind: 'student', permissions: ['kc-pc'] });
  people.Gus = await buildUser(t.db, { orgId: night.id, realname: 'Gus', kind: 'student', permissions: ['kc-pc'] });
  amySession = await login(t.app, people.Amy!.username, people.Amy!.password);
  benSession = await login(t.app, people.Ben!.username, people.Ben!.password);

  // The known data set: best scores Amy 10, Ben 8 (second attempt; his first 3), Cid 5, Dan 2 (forced by
  // the leave limit), Eve waiting for marks, Fay still answering, Gus never started. Pass at 60 %.
  exam = await insertExam(t.db, { orgId: orgA.id, orgIds: [workshop.id], passPercent: 60, total: 10, showRanking: true, showAnswers: true, scoreDisplay: 'published' });
  const at = (who: string, status: 'marked' | 'marking' | 'ongoing', answers: ReturnType<typeof sheet>, review: number | null, extra: Record<string, unknown> = {}) =>
    insertAttempt(t.db, { examId: exam.id, userId: people[who]!.id, status, questions: PAPER, answers, reviews: review == null ? {} : { 3: review }, ...extra });
  attempts.Amy = await at('Amy', 'marked', sheet('A', 'T'), 4, { submittedAgo: 50 });
  attempts.Ben1 = await at('Ben', 'marked', sheet('B', 'F'), 3, { submittedAgo: 60 });
  attempts.Ben = await at('Ben', 'marked', sheet('A', 'T'), 2, { number: 2, submittedAgo: 40 });
  attempts.Cid = await at('Cid', 'marked', sheet('A', 'F'), 1, { submittedAgo: 30 });
  attempts.Dan = await at('Dan', 'marked', sheet('B', 'T'), 0, { submittedBy: 'leaveLimit', submittedAgo: 20 });
  attempts.Eve = await at('Eve', 'marking', sheet('A', 'F'), null);
  attempts.Fay = await at('Fay', 'ongoing', sheet('A', 'T'), null);
});

describe('grades of an exam', () => {
  it('lists exams of the scope with audience, submitted, passed, pass rate and average', async () => {
    const beyond = await insertExam(t.db, { orgId: orgB.id, orgIds: [orgB.id] });
    const list = await ok(t.app, deptAdmin, '/api/exam/grade/list', {});
    expect(list.records.map((r: { id: number }) => r.id)).toEqual([exam.id]);
    expect(list.records[0]).toMatchObject({ audienceSize: 7, submitted: 5, passed: 2, passRate: 40, average: 6.3, ongoing: 1, marking: 1, status: 'started' });
    expect(list.records[0].abilities).toEqual({ publishScores: false });
    expect((await ok(t.app, admin, '/api/exam/grade/list', {})).records.map((r: { id: number }) => r.id)).toContain(beyond.id);
    expect(await ok(t.app, deptAdmin, '/api/exam/grade/count', { examId: exam.id })).toMatchObject({ audienceSize: 7, submitted: 5 });
    expect(await refusal(t.app, deptAdmin, '/api/exam/grade/count', { examId: beyond.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    expect(await refusal(t.app, deptAdmin, '/api/exam/grade/people', { examId: beyond.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    // A student reaches no grade route.
    expect(await refusal(t.app, amySession, '/api/exam/grade/list', {})).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    expect(await refusal(t.app, amySession, '/api/exam/statistics/test', { examId: exam.id })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
  });

  it('shows every audience member with their best attempt, the ones who never submitted included, filtered and sorted', async () => {
    const people_ = async (q: Record<string, unknown> = {}) =>
      (await ok(t.app, deptAdmin, '/api/exam/grade/people', { examId: exam.id, sort: '-score', ...q })).records as { realname: string; [k: string]: unknown }[];
    const all = await people_();
    expect(all.map((r) => r.realname)).toEqual(['Amy', 'Ben', 'Cid', 'Dan', 'Eve', 'Fay', 'Gus']);
    expect(all.find((r) => r.realname === 'Ben')).toMatchObject({
      score: 8,
      passed: true,
      attemptsUsed: 2,
      state: 'normal',
      attemptId: attempts.Ben!.id,
      orgName: 'Workshop',
    });
    expect(all.find((r) => r.realname === 'Dan')).toMatchObject({ score: 2, passed: false, state: 'exception' });
    expect(all.find((r) => r.realname === 'Eve')).toMatchObject({ score: null, passed: null, state: 'normal', attemptStatus: 'marking' });
    expect(all.find((r) => r.realname === 'Fay')).toMatchObject({ state: 'notSubmitted', attemptsUsed: 1, attemptId: null });
    expect(all.find((r) => r.realname === 'Gus')).toMatchObject({ state: 'notSubmitted', attemptsUsed: 0, orgName: 'Night shift' });

    expect((await people_({ state: 'notSubmitted' })).map((r) => r.realname)).toEqual(['Fay', 'Gus']);
    expect((await people_({ state: 'exception' })).map((r) => r.realname)).toEqual(['Dan']);
    expect((await people_({ passed: true })).map((r) => r.realname)).toEqual(['Amy', 'Ben']);
    expect((await people_({ passed: false })).map((r) => r.realname)).toEqual(['Cid', 'Dan']);
    expect((await people_({ keyword: 'fay' })).map((r) => r.realname)).toEqual(['Fay']);
    expect((await people_({ orgId: night.id })).map((r) => r.realname)).toEqual(['Gus']);
    const page2 = await ok(t.app, deptAdmin, '/api/exam/grade/people', { examId: exam.id, sort: 'realname', page: 2, size: 3 });
    expect(page2).toMatchObject({ total: 7, page: 2 });
    expect(page2.records.map((r: { realname: string }) => r.realname)).toEqual(['Dan', 'Eve', 'Fay']);
  });

  it('exports the grade list as Excel with headers in the reader language', async () => {
    const res = await call(t.app, deptAdmin, '/api/exam/grade/export', { examId: exam.id, sort: '-score', lang: 'en-US', timeZone: 'Europe/Lisbon' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('Exam%20grades');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Name', 'Username', 'Organization', 'Submission', 'Score', 'Passed', 'Attempts used', 'Submitted at']);
    expect(ws.rowCount).toBe(8);
    expect((ws.getRow(2).values as unknown[]).slice(1, 7)).toEqual(['Amy', people.Amy!.username, 'Workshop', 'Normal', 10, 'Yes']);
    const dan = (ws.getRow(5).values as unknown[]).slice(1);
    expect(dan[3]).toBe('Exception');
    expect(String(dan[7])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const pt = await call(t.app, deptAdmin, '/api/exam/grade/export', { examId: exam.id, lang: 'pt' });
    const wbPt = new ExcelJS.Workbook();
    await wbPt.xlsx.load(pt.rawPayload as unknown as ArrayBuffer);
    expect(wbPt.worksheets[0]!.getRow(1).getCell(1).value).toBe('Nome');
    expect(await refusal(t.app, amySession, '/api/exam/grade/export', { examId: exam.id })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
  });

  it('ranks best scores; equal scores share a place, listed by the earlier submission', async () => {
    const e = await insertExam(t.db, { orgId: orgA.id, orgIds: [workshop.id] });
    await insertAttempt(t.db, { examId: e.id, userId: people.Amy!.id, status: 'marked', questions: PAPER, answers: sheet('A', 'T'), reviews: { 3: 2 }, submittedAgo: 5 });
    await insertAttempt(t.db, { examId: e.id, userId: people.Ben!.id, status: 'marked', questions: PAPER, answers: sheet('A', 'T'), reviews: { 3: 2 }, submittedAgo: 15 });
    await insertAttempt(t.db, { examId: e.id, userId: people.Cid!.id, status: 'marked', questions: PAPER, answers: sheet('A', 'T'), reviews: { 3: 4 }, submittedAgo: 1 });
    const ranking = await ok(t.app, deptAdmin, '/api/exam/grade/ranking', { examId: e.id });
    expect(ranking.records.map((r: { rank: number; realname: string; score: number }) => [r.rank, r.realname, r.score])).toEqual([
      [1, 'Cid', 10],
      [2, 'Ben', 8],
      [2, 'Amy', 8],
    ]);
  });

  it('paper detail shows each question with the answer, the key, the marks and the analysis', async () => {
    const paper = await ok(t.app, deptAdmin, '/api/exam/grade/paper', { attemptId: attempts.Cid!.id });
    expect(paper).toMatchObject({ realname: 'Cid', score: 5, passed: false, total: 10, submitState: 'normal' });
    expect(paper.questions).toEqual([
      expect.objectContaining({
        position: 1,
        stem: 'Which helmet?',
        answer: { choices: ['A'] },
        keyAnswers: ['A'],
        mark: 4,
        correct: true,
        analysis: 'Analysis Which helmet?',
      }),
      expect.objectContaining({ position: 2, answer: { choices: ['F'] }, keyAnswers: ['T'], mark: 0, correct: false }),
      expect.objectContaining({ position: 3, subjective: true, reviewScore: 1, mark: 1, answerText: 'The reference answer' }),
    ]);
  });
});

describe('statistics', () => {
  it('test statistics: distribution of best scores, pass rate, average/max/min, correctness and discrimination per question', async () => {
    const s = await ok(t.app, deptAdmin, '/api/exam/statistics/test', { examId: exam.id });
    expect(s).toMatchObject({ total: 10, audienceSize: 7, people: 4, passed: 2, passRate: 50, average: 6.3, max: 10, min: 2 });
    expect(s.distribution.map((b: { count: number }) => b.count)).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1, 1]);
    expect(s.distribution[9]).toEqual({ from: 9, to: 10, count: 1 });
    // Upper 27 % of 4 people = Amy (10), lower = Dan (2). The short answer's reviews 4, 2, 1 and 0 of 4:
    // one right, two partly right (counted by their share of the score), one wrong.
    expect(s.questions).toEqual([
      expect.objectContaining({ position: 1, questionId: 501, stem: 'Which helmet?', answered: 4, correctRate: 0.75, correct: 3, partial: 0, wrong: 1, discrimination: 1 }),
      expect.objectContaining({ position: 2, questionId: 502, correctRate: 0.75, discrimination: 0 }),
      expect.objectContaining({ position: 3, questionId: 503, correctRate: 0.438, correct: 1, partial: 2, wrong: 1, discrimination: 1 }),
    ]);
  });

  it('mistake analysis orders questions by wrong rate with the wrong choices most given', async () => {
    const rows = await ok(t.app, deptAdmin, '/api/exam/statistics/mistakes', { examId: exam.id });
    // Six submitted attempts (Ben's two, Eve's waiting one): the short answer below full marks 4 times, the judgment wrong 3 times, the choice twice.
    expect(rows.map((r: { questionId: number; wrong: number; answered: number }) => [r.questionId, r.wrong, r.answered])).toEqual([
      [503, 4, 6],
      [502, 3, 6],
      [501, 2, 6],
    ]);
    expect(rows[1]).toMatchObject({ wrongRate: 0.5, wrongChoices: [{ choice: 'F', count: 3 }], keyAnswers: ['T'] });
    expect(rows[2].wrongChoices).toEqual([{ choice: 'B', count: 2 }]);
  });

  it('mistake analysis shows a fill-in question its accepted answers and the wrong answers most written, blank by blank', async () => {
    const fill: TestQuestion[] = [{ type: 'fill', score: 4, questionId: 601, stem: 'Helmet ( ) and gloves ( )', blanks: [['red', 'RED'], ['on']] }];
    const e = await insertExam(t.db, { orgId: orgA.id, orgIds: [workshop.id] });
    for (const [who, blanks] of [
      ['Amy', ['red', 'on']],
      ['Ben', ['blue', 'on']],
      ['Cid', ['blue', 'off']],
      ['Dan', ['red', 'off']],
    ] as const)
      await insertAttempt(t.db, { examId: e.id, userId: people[who]!.id, status: 'marked', questions: fill, answers: [{ blanks: [...blanks] }] });
    const [row] = await ok(t.app, deptAdmin, '/api/exam/statistics/mistakes', { examId: e.id });
    expect(row).toMatchObject({ questionId: 601, answered: 4, wrong: 3, keyAnswers: [], keyBlanks: [['red', 'RED'], ['on']] });
    expect(row.wrongChoices).toEqual([
      { choice: '(1) blue', count: 2 },
      { choice: '(2) off', count: 2 },
    ]);
  });

  it('grade statistics across exams and per-person totals', async () => {
    const from = new Date(Date.now() - 2 * 3600_000).toISOString();
    const s = await ok(t.app, deptAdmin, '/api/exam/statistics/grades', { keyword: 'Graded', startFrom: from });
    expect(s.exams).toBeGreaterThanOrEqual(1);
    const only = await ok(t.app, deptAdmin, '/api/exam/statistics/grades', { keyword: await examName(exam.id) });
    expect(only).toEqual({ exams: 1, examinees: 5, submitted: 5, passed: 2, passRate: 40, average: 6.3 });
    const totals = await ok(t.app, deptAdmin, '/api/exam/statistics/people', { keyword: 'Ben' });
    expect(totals.records).toEqual([expect.objectContaining({ realname: 'Ben', exams: expect.any(Number), passed: expect.any(Number) })]);
    const ben = await ok(t.app, deptAdmin, '/api/exam/statistics/person', { userId: people.Ben!.id });
    expect(ben.find((r: { examId: number }) => r.examId === exam.id)).toMatchObject({ attemptId: attempts.Ben!.id, attempts: 2, score: 8, passed: true });
    const outsider = await buildUser(t.db, { orgId: orgB.id, realname: 'Olaf' });
    expect(await refusal(t.app, deptAdmin, '/api/exam/statistics/person', { userId: outsider.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
  });
});

async function examName(id: number) {
  const { rows } = await t.pool.query('select name from exams where id = $1', [id]);
  return rows[0].name as string;
}

describe('changing a grade', () => {
  it('keeps a changed score within 0 and the total in half points, recomputes the pass and records who changed it', async () => {
    const e = await insertExam(t.db, { orgId: orgA.id, orgIds: [workshop.id], passPercent: 60 });
    const a = await insertAttempt(t.db, { examId: e.id, userId: people.Cid!.id, status: 'marked', questions: PAPER, answers: sheet('A', 'F'), reviews: { 3: 1 } });
    const w = await insertAttempt(t.db, { examId: e.id, userId: people.Eve!.id, status: 'marking', questions: PAPER, answers: sheet('A', 'F') });
    const update = (attemptId: number, score: number, s = deptAdmin) => call(t.app, s, '/api/exam/grade/update', { attemptId, score });
    expect(refusalOf(await update(a.id, 10.5))).toMatchObject({ code: 'EXAM_SCORE_OVER_TOTAL', field: 'score' });
    expect(refusalOf(await update(a.id, 5.3))).toMatchObject({ code: 'PARAMETER_INVALID' });
    expect(refusalOf(await update(a.id, -1))).toMatchObject({ code: 'PARAMETER_INVALID' });
    expect(refusalOf(await update(w.id, 5))).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    expect(dataOf(await update(a.id, 6))).toEqual({ score: 6, passed: true });
    const [row] = await t.db.select().from(examAttempts).where(eq(examAttempts.id, a.id));
    expect(row).toMatchObject({ score: 6, passed: true });
    expect(row!.adjustedBy).not.toBeNull();
    expect(row!.adjustedAt).not.toBeNull();
    expect(dataOf(await update(a.id, 5.5))).toEqual({ score: 5.5, passed: false });
    await vi.waitFor(async () => expect(await t.db.select().from(operationLogs).where(eq(operationLogs.operation, 'exam.grade.update'))).not.toHaveLength(0));

    const beyond = await insertExam(t.db, { orgId: orgB.id, orgIds: [orgB.id] });
    const b = await insertAttempt(t.db, { examId: beyond.id, userId: people.Amy!.id, status: 'marked', questions: PAPER, answers: sheet('A', 'T') });
    expect(refusalOf(await update(b.id, 1))).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    expect(refusalOf(await update(b.id, 1, amySession))).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
  });

  it('the paper offers the score change exactly where the update accepts it: marked, cjgl:modify, in scope', async () => {
    const e = await insertExam(t.db, { orgId: orgA.id, orgIds: [workshop.id], passPercent: 60 });
    const marked = await insertAttempt(t.db, { examId: e.id, userId: people.Cid!.id, status: 'marked', questions: PAPER, answers: sheet('A', 'F'), reviews: { 3: 1 } });
    const waiting = await insertAttempt(t.db, { examId: e.id, userId: people.Eve!.id, status: 'marking', questions: PAPER, answers: sheet('A', 'F') });
    const paper = (attemptId: number, s = deptAdmin) => ok(t.app, s, '/api/exam/grade/paper', { attemptId });
    // Dora (cjgl:modify, no cjpy) changes the marked score, marks nothing.
    expect((await paper(marked.id)).abilities).toEqual({ mark: false, updateScore: true });
    expect(dataOf(await call(t.app, deptAdmin, '/api/exam/grade/update', { attemptId: marked.id, score: 7 }))).toMatchObject({ score: 7 });
    // Waiting for marks: no score change, and the update refuses it too.
    expect((await paper(waiting.id)).abilities).toEqual({ mark: false, updateScore: false });
    expect(refusalOf(await call(t.app, deptAdmin, '/api/exam/grade/update', { attemptId: waiting.id, score: 7 }))).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });
    // Someone with cjgl alone reads the paper but changes nothing.
    const r = await buildUser(t.db, { orgId: orgA.id, realname: 'Rea', permissions: ['cjgl'], scopeOrgIds: [orgA.id] });
    const reader = await login(t.app, r.username, r.password);
    expect((await paper(marked.id, reader)).abilities).toEqual({ mark: false, updateScore: false });
    expect(await refusal(t.app, reader, '/api/exam/grade/update', { attemptId: marked.id, score: 6 })).toMatchObject({ code: 'NO_PERMISSION_ERROR' });
    // The examinee's own review never offers a change.
    expect((await ok(t.app, amySession, '/api/exam/my/review', { attemptId: attempts.Amy!.id })).abilities).toEqual({ mark: false, updateScore: false });
  });
});

describe('extending an exam for one person', () => {
  it('takes an end later than the exam and not past, 0–999 extra attempts, for a member of a published exam', async () => {
    const e = await insertExam(t.db, { orgId: orgA.id, orgIds: [workshop.id], endIn: 60, attempts: 1 });
    const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
    const extend = (body: Record<string, unknown>) =>
      call(t.app, deptAdmin, '/api/exam/grade/extend', { examId: e.id, userId: people.Gus!.id, endAt: inHours(3), extraAttempts: 1, ...body });
    expect(refusalOf(await extend({ endAt: inHours(-1) }))).toMatchObject({ code: 'TIME_BEFORE_NOW', field: 'endAt' });
    expect(refusalOf(await extend({ endAt: inHours(0.5) }))).toMatchObject({ code: 'PARAMETER_INVALID', field: 'endAt' });
    expect(refusalOf(await extend({ extraAttempts: 1000 }))).toMatchObject({ code: 'PARAMETER_INVALID', field: 'extraAttempts' });
    const outsider = await buildUser(t.db, { orgId: orgB.id });
    expect(refusalOf(await extend({ userId: outsider.id }))).toMatchObject({ code: 'NOT_FOUND_ERROR', field: 'userId' });
    const draft = await insertExam(t.db, { orgId: orgA.id, orgIds: [workshop.id], status: 'draft', startIn: 60, endIn: 120 });
    expect(refusalOf(await extend({ examId: draft.id }))).toMatchObject({ code: 'STATE_TRANSITION_INVALID' });

    expect(dataOf(await extend({}))).toBeNull();
    const gus = await login(t.app, people.Gus!.username, people.Gus!.password);
    const mine = (await ok(t.app, gus, '/api/exam/my', {})).records.find((r: { id: number }) => r.id === e.id);
    expect(mine).toMatchObject({ attemptsAllowed: 2 });
    expect(new Date(mine.myEndAt).getTime()).toBeGreaterThan(Date.now() + 2.9 * 3600_000);
    const row = (await ok(t.app, deptAdmin, '/api/exam/grade/people', { examId: e.id, keyword: 'Gus' })).records[0];
    expect(row).toMatchObject({ extraAttempts: 1 });
    // Saving again replaces the extension.
    dataOf(await extend({ extraAttempts: 0 }));
    expect((await ok(t.app, deptAdmin, '/api/exam/grade/people', { examId: e.id, keyword: 'Gus' })).records[0]).toMatchObject({ extraAttempts: 0 });
  });
});

describe('the student side', () => {
  it('shows the ranking only when the exam shows it and the scores are visible', async () => {
    const hidden = await insertExam(t.db, { orgId: orgA.id, orgIds: [workshop.id], showRanking: false, scoreDisplay: 'immediate' });
    expect(await refusal(t.app, amySession, '/api/exam/my/ranking', { examId: hidden.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    // The main exam shows its ranking once scores are published.
    expect(await refusal(t.app, amySession, '/api/exam/my/ranking', { examId: exam.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
    const beyond = await insertExam(t.db, { orgId: orgB.id, orgIds: [orgB.id], showRanking: true, scoreDisplay: 'immediate' });
    expect(await refusal(t.app, amySession, '/api/exam/my/ranking', { examId: beyond.id })).toMatchObject({ code: 'NOT_FOUND_ERROR' });

    const open = await insertExam(t.db, { orgId: orgA.id, orgIds: [workshop.id], showRanking: true, scoreDisplay: 'immediate' });
    await insertAttempt(t.db, { examId: open.id, userId: people.Ben!.id, status: 'marked', questions: PAPER, answers: sheet('A', 'T') });
    await insertAttempt(t.db, { examId: open.id, userId: people.Amy!.id, status: 'marked', questions: PAPER, answers: sheet('B', 'T'), reviews: { 3: 1 } });
    const r = await ok(t.app, amySession, '/api/exam/my/ranking', { examId: open.id });
    expect(r.rows.map((x: { realname: string; rank: number }) => [x.rank, x.realname])).toEqual([
      [1, 'Ben'],
      [2, 'Amy'],
    ]);
    expect(r.mine).toMatchObject({ rank: 2, score: 3 });
  });

  it('reviews an own submitted attempt only when the exam shows answers; scores as the score display allows', async () => {
    // The main exam shows answers; its scores are not published yet.
    const review = await ok(t.app, amySession, '/api/exam/my/review', { attemptId: attempts.Amy!.id });
    expect(review).toMatchObject({ score: null, passed: null });
    expect(review.questions[0]).toMatchObject({ keyAnswers: ['A'], answer: { choices: ['A'] }, mark: null, analysis: 'Analysis Which helmet?' });
    expect(await refusal(t.app, amySession, '/api/exam/my/review', { attemptId: attempts.Ben!.id })).toMatchObject({ code: 'NOT_FOUND_ERROR' });
    // Fay's attempt is still being answered: no review (for Fay herself either).
    const fay = await login(t.app, people.Fay!.username, people.Fay!.password);
    expect(await refusal(t.app, fay, '/api/exam/my/review', { attemptId: attempts.Fay!.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });

    // Publishing the scores (Eve's marks done, Fay's attempt submitted by the deadline) opens scores and the ranking.
    await t.db
      .update(examAttempts)
      .set({ status: 'marked', score: 6, passed: true, submittedAt: new Date(), submittedBy: 'deadline' })
      .where(eq(examAttempts.id, attempts.Fay!.id));
    await t.db.update(examAttempts).set({ status: 'marked', score: 6, passed: true }).where(eq(examAttempts.id, attempts.Eve!.id));
    await ok(t.app, deptAdmin, '/api/exam/scores/publish', { examId: exam.id });
    expect(await ok(t.app, amySession, '/api/exam/my/review', { attemptId: attempts.Amy!.id })).toMatchObject({ score: 10, passed: true });
    const ranking = await ok(t.app, benSession, '/api/exam/my/ranking', { examId: exam.id });
    expect(ranking.mine).toMatchObject({ rank: 2, score: 8 });

    const closed = await insertExam(t.db, { orgId: orgA.id, orgIds: [workshop.id], showAnswers: false, scoreDisplay: 'immediate' });
    const a = await insertAttempt(t.db, { examId: closed.id, userId: people.Amy!.id, status: 'marked', questions: PAPER, answers: sheet('A', 'T') });
    expect(await refusal(t.app, amySession, '/api/exam/my/review', { attemptId: a.id })).toMatchObject({ code: 'NO_DATA_PERMISSION_ERROR' });
  });
});
