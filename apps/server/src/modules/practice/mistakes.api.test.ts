import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, call, ok, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { endExam, insertAttempt, insertExam, type TestQuestion } from '../../test/exam-attempts.js';

const t = useTestApp();
let admin: Session;
let student: Session;
let studentId: number;
let orgId: number;
const uniq = () => crypto.randomUUID().slice(0, 8);

type Key = { answers: string[]; analysis: string } | null;
type Mistake = {
  id: number;
  sourceKind: string;
  sourceId: number;
  sourceName: string;
  question: { questionId: number; type: string };
  times: number;
  lastWrongAt: string;
  key: Key;
};
const mistakes = async (s: Session, q: object = {}) => ok<{ records: Mistake[]; total: number }>(t.app, s, '/api/mistake/list', { size: 100, ...q });

beforeAll(async () => {
  admin = await login(t.app);
  orgId = (await buildOrg(t.db, { name: `Mistake org ${uniq()}` })).id;
  const s = await buildUser(t.db, { orgId, kind: 'student', permissions: ['kc-pc'] });
  studentId = s.id;
  student = await login(t.app, s.username, s.password);
});

describe('the mistake set from exams', () => {
  it('lists the wrong answers of marked attempts only, counted per question across attempts, the key hidden until the exam ended with answers shown', async () => {
    const exam = await insertExam(t.db, { orgId, orgIds: [orgId], showAnswers: true });
    const q: TestQuestion[] = [
      { type: 'judgment', score: 10, answers: ['T'], questionId: 9001 },
      { type: 'single', score: 10, answers: ['B'], questionId: 9002, stem: 'Pick B' },
      { type: 'judgment', score: 10, answers: ['T'], questionId: 9003 },
    ];
    // Attempt 1 marked: 9001 wrong, 9002 wrong, 9003 right.
    await insertAttempt(t.db, {
      examId: exam.id,
      userId: studentId,
      number: 1,
      status: 'marked',
      submittedAgo: 1,
      questions: q,
      answers: [{ choices: ['F'] }, { choices: ['A'] }, { choices: ['T'] }],
    });
    // Attempt 2 still being marked: not counted yet.
    const marking = await insertAttempt(t.db, {
      examId: exam.id,
      userId: studentId,
      number: 2,
      status: 'marking',
      submittedAgo: 0,
      questions: q,
      answers: [{ choices: ['F'] }, { choices: ['B'] }, null],
    });
    let list = await mistakes(student, { sourceKind: 'exam' });
    expect(list.records.map((r) => r.question.questionId).sort()).toEqual([9001, 9002]);
    expect(list.records.every((r) => r.times === 1 && r.sourceName === exam.name && r.key === null)).toBe(true);
    // Reading again counts nothing twice.
    expect((await mistakes(student, { sourceKind: 'exam' })).records.every((r) => r.times === 1)).toBe(true);

    // The second attempt is marked: 9001 wrong again (twice now), 9003 newly wrong.
    await t.db.execute(`update exam_attempts set status = 'marked' where id = ${marking.id}`);
    list = await mistakes(student, { sourceKind: 'exam' });
    const byQ = new Map(list.records.map((r) => [r.question.questionId, r]));
    expect(byQ.get(9001)!.times).toBe(2);
    expect(byQ.get(9003)!.times).toBe(1);
    expect(byQ.get(9002)!.times).toBe(1);
    expect(byQ.get(9001)!.key).toBeNull();

    // Type filter and the grouping by source.
    expect((await mistakes(student, { type: 'single' })).records.map((r) => r.question.questionId)).toEqual([9002]);
    const sources = await ok<{ sourceKind: string; sourceId: number; count: number }[]>(t.app, student, '/api/mistake/sources');
    expect(sources).toContainEqual({ sourceKind: 'exam', sourceId: exam.id, sourceName: exam.name, count: 3 });

    // The exam ended and shows answers: the key is there.
    await endExam(t.db, exam.id);
    list = await mistakes(student, { sourceKind: 'exam' });
    expect(list.records.find((r) => r.question.questionId === 9002)!.key).toMatchObject({ answers: ['B'], analysis: 'Analysis Pick B' });
  });

  it('agrees with the exam statistics on what is wrong: a partly scored answer is a mistake, and counts partly right in the rates', async () => {
    const exam = await insertExam(t.db, { orgId, orgIds: [orgId], total: 12 });
    const q: TestQuestion[] = [
      { type: 'short', score: 4, questionId: 9101, stem: 'Explain' },
      { type: 'short', score: 4, questionId: 9102, stem: 'Describe' },
      { type: 'fill', score: 4, questionId: 9103, stem: '( ) and ( )', blanks: [['a'], ['b']] },
    ];
    // The reviewer gives the first short answer 2 of 4, the second full marks; the fill-in has one blank of two right.
    await insertAttempt(t.db, {
      examId: exam.id,
      userId: studentId,
      status: 'marked',
      questions: q,
      answers: [{ text: 'half' }, { text: 'all of it' }, { blanks: ['a', 'x'] }],
      reviews: { 1: 2, 2: 4 },
    });
    const set = await mistakes(student, { sourceKind: 'exam', sourceId: exam.id });
    expect(set.records.map((r) => r.question.questionId).sort()).toEqual([9101, 9103]);

    type Stat = { questionId: number; correctRate: number; correct: number; partial: number; wrong: number };
    const stats = await ok<{ questions: Stat[] }>(t.app, admin, '/api/exam/statistics/test', { examId: exam.id });
    expect(stats.questions.map((x) => [x.questionId, x.correctRate, x.correct, x.partial, x.wrong])).toEqual([
      [9101, 0.5, 0, 1, 0],
      [9102, 1, 1, 0, 0],
      [9103, 0.5, 0, 1, 0],
    ]);
    const analysis = await ok<{ questionId: number; wrong: number; partial: number }[]>(t.app, admin, '/api/exam/statistics/mistakes', { examId: exam.id });
    expect(analysis.map((r) => [r.questionId, r.wrong, r.partial]).sort()).toEqual([
      [9101, 1, 1],
      [9102, 0, 0],
      [9103, 1, 1],
    ]);
  });

  it('keeps the key of an exam that hides its answers even after it ended; re-practice says right or wrong only', async () => {
    const exam = await insertExam(t.db, { orgId, orgIds: [orgId], showAnswers: false });
    await insertAttempt(t.db, {
      examId: exam.id,
      userId: studentId,
      status: 'marked',
      questions: [{ type: 'judgment', score: 10, answers: ['T'], questionId: 9101 }],
      answers: [{ choices: ['F'] }],
    });
    await endExam(t.db, exam.id);
    const [m] = (await mistakes(student, { sourceId: exam.id })).records;
    expect(m).toMatchObject({ key: null, times: 1 });
    const wrong = await ok(t.app, student, '/api/mistake/answer', { id: m!.id, answer: { choices: ['F'] } });
    expect(wrong).toEqual({ correct: false, key: null, removed: false });
  });
});

describe('the mistake set from practice, re-practice and removal', () => {
  it('puts wrong practice answers in the set; answered right in re-practice the question leaves it; removed by hand too; wrong again it comes back', async () => {
    const { id: bank } = await ok<{ id: number }>(t.app, admin, '/api/question-sort/insert', { name: `Bank ${uniq()}` });
    const insert = async (body: object) => {
      const { id } = await ok<{ id: number }>(t.app, admin, '/api/question/insert', { score: 5, categoryId: bank, ...body });
      await ok(t.app, admin, '/api/question/submit', { ids: [id] });
      await ok(t.app, admin, '/api/question-approval/approve', { ids: [id] });
      return id;
    };
    const j = await insert({ type: 'judgment', stem: `Water is wet ${uniq()}`, answers: ['T'], analysis: 'It is.' });
    const s1 = await insert({ type: 'single', stem: `Pick C ${uniq()}`, options: [{ content: 'a' }, { content: 'b' }, { content: 'c' }], answers: ['C'] });
    const { id: paperId } = await ok<{ id: number }>(t.app, admin, '/api/paper/insert', {
      name: `Paper ${uniq()}`,
      kind: 'fixed',
      items: [
        { questionId: j, score: 10 },
        { questionId: s1, score: 10 },
      ],
    });
    const { id: exerciseId } = await ok<{ id: number }>(t.app, admin, '/api/exercise/insert', {
      name: `Exercise ${uniq()}`,
      sourceKind: 'paper',
      paperId,
      times: 5,
      timeLimit: 10,
      audience: [{ type: 'org', id: orgId }],
    });
    await ok(t.app, admin, '/api/exercise/publish', { ids: [exerciseId] });
    const practise = async (answers: Record<number, object>) => {
      const s = await ok<{ sessionId: number; questions: { position: number; questionId: number }[] }>(t.app, student, '/api/practice/start', { exerciseId });
      for (const q of s.questions) await ok(t.app, student, '/api/practice/answer', { sessionId: s.sessionId, position: q.position, answer: answers[q.questionId] });
      await ok(t.app, student, '/api/practice/finish', { sessionId: s.sessionId });
    };
    await practise({ [j]: { choices: ['F'] }, [s1]: { choices: ['A'] } });
    let list = await mistakes(student, { sourceKind: 'practice', sourceId: exerciseId });
    expect(list.records).toHaveLength(2);
    expect(list.records.find((r) => r.question.questionId === j)).toMatchObject({ times: 1, key: { answers: ['T'], analysis: 'It is.' } });

    await practise({ [j]: { choices: ['F'] }, [s1]: { choices: ['C'] } });
    list = await mistakes(student, { sourceKind: 'practice', sourceId: exerciseId });
    const entry = list.records.find((r) => r.question.questionId === j)!;
    expect(entry.times).toBe(2);

    // Re-practice: wrong stays, right leaves the set by itself.
    expect(await ok(t.app, student, '/api/mistake/answer', { id: entry.id, answer: { choices: ['F'] } })).toMatchObject({ correct: false, removed: false });
    expect(await ok(t.app, student, '/api/mistake/answer', { id: entry.id, answer: { choices: ['T'] } })).toMatchObject({
      correct: true,
      removed: true,
      key: { answers: ['T'] },
    });
    list = await mistakes(student, { sourceKind: 'practice', sourceId: exerciseId });
    expect(list.records.map((r) => r.question.questionId)).toEqual([s1]);

    // Removed by hand; another person cannot remove or answer it.
    const other = await buildUser(t.db, { orgId, kind: 'student', permissions: ['kc-pc'] });
    const os = await login(t.app, other.username, other.password);
    const mine = list.records[0]!;
    expect(await ok(t.app, os, '/api/mistake/remove', { ids: [mine.id] })).toEqual({ count: 0 });
    expect((await call(t.app, os, '/api/mistake/answer', { id: mine.id, answer: { choices: ['C'] } })).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR' });
    expect(await ok(t.app, student, '/api/mistake/remove', { ids: [mine.id] })).toEqual({ count: 1 });
    expect((await mistakes(student, { sourceKind: 'practice', sourceId: exerciseId })).records).toEqual([]);

    // Wrong again in practice: back in the set, counted on.
    await practise({ [j]: { choices: ['T'] }, [s1]: { choices: ['B'] } });
    list = await mistakes(student, { sourceKind: 'practice', sourceId: exerciseId });
    expect(list.records.map((r) => [r.question.questionId, r.times])).toEqual([[s1, 2]]);
  });
});
