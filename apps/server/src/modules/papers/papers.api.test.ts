import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DrawnPaper, PaperDetail, PaperRow } from '@hanlin/shared';
import { useTestApp, login, call, ok, refusal, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { describePapers, drawPaper, registerPaperUse } from './index.js';

const t = useTestApp();
let admin: Session;
/** Papers a fake exam uses (the exams module registers the real rule). */
const usedByExam = new Set<number>();

beforeAll(async () => {
  admin = await login(t.app);
  registerPaperUse(t.app, 'fake-exam', { inUse: async (_db, ids) => ids.filter((id) => usedByExam.has(id)) });
});

const uniq = () => crypto.randomUUID().slice(0, 8);
const post = (url: string, body: object = {}, s: Session = admin) => call(t.app, s, url, body);
const bank = async (name = `Bank ${uniq()}`, parentId?: number) => (await ok<{ id: number }>(t.app, admin, '/api/question-sort/insert', { name, parentId })).id;
/** An approved question (a paper takes approved questions only). */
async function question(extra: Record<string, unknown> = {}, approve = true, s: Session = admin) {
  const body = { type: 'judgment', stem: `Is it true? ${uniq()}`, score: 1, ...extra };
  if (body.type === 'judgment' && !('answers' in body)) Object.assign(body, { answers: ['T'] });
  const { id } = await ok<{ id: number }>(t.app, s, '/api/question/insert', body);
  if (approve) {
    await ok(t.app, s, '/api/question/submit', { ids: [id] });
    await ok(t.app, admin, '/api/question-approval/approve', { ids: [id] });
  }
  return id;
}
const shortAnswer = (categoryId: number) => ({ type: 'short', stem: `Explain ${uniq()}`, answerText: 'Because', categoryId });
const insertPaper = async (body: Record<string, unknown>, s: Session = admin) =>
  (await ok<{ id: number }>(t.app, s, '/api/paper/insert', { name: `Paper ${uniq()}`, ...body })).id;
const getPaper = (id: number, s: Session = admin) => ok<PaperDetail>(t.app, s, '/api/paper/get', { id });
async function refused(url: string, body: object, code: string, field?: string) {
  const answer = await refusal(t.app, admin, url, body);
  expect(answer).toMatchObject({ code, ...(field ? { field } : {}) });
  return answer;
}

describe('fixed papers', () => {
  it('holds hand-picked approved questions with their scores; the total is computed', async () => {
    const a = await question();
    const b = await question({ type: 'single', stem: `Pick ${uniq()}`, options: [{ content: 'x' }, { content: 'y' }], answers: ['B'], score: 3 });
    const id = await insertPaper({
      kind: 'fixed',
      items: [
        { questionId: b, score: 2.5 },
        { questionId: a, score: 10 },
      ],
    });
    const paper = await getPaper(id);
    expect(paper).toMatchObject({ kind: 'fixed', total: 12.5, questionCount: 2, hasSubjective: false, abilities: { modify: true, delete: true } });
    expect(paper.items.map((i) => [i.questionId, i.score])).toEqual([
      [b, 2.5],
      [a, 10],
    ]);
    // Edited: new order, new scores, new total.
    await ok(t.app, admin, '/api/paper/update', { id, name: paper.name, kind: 'fixed', items: [{ questionId: a, score: 0.5 }] });
    expect(await getPaper(id)).toMatchObject({ total: 0.5, questionCount: 1, items: [{ questionId: a, score: 0.5 }] });
  });

  it('refuses scores other than multiples of 0.5 up to 100, repeated or unapproved questions, rules, duplicate names', async () => {
    const a = await question();
    const base = { name: `Paper ${uniq()}`, kind: 'fixed' };
    await refused('/api/paper/insert', { ...base, items: [{ questionId: a, score: 0.3 }] }, 'PARAMETER_INVALID', 'items.0.score');
    await refused('/api/paper/insert', { ...base, items: [{ questionId: a, score: 100.5 }] }, 'PARAMETER_INVALID', 'items.0.score');
    await refused('/api/paper/insert', { ...base, items: [{ questionId: a, score: 0 }] }, 'PARAMETER_INVALID', 'items.0.score');
    await refused(
      '/api/paper/insert',
      {
        ...base,
        items: [
          { questionId: a, score: 1 },
          { questionId: a, score: 2 },
        ],
      },
      'PARAMETER_INVALID',
      'items',
    );
    const draft = await question({}, false);
    const res = await refused(
      '/api/paper/insert',
      {
        ...base,
        items: [
          { questionId: a, score: 1 },
          { questionId: draft, score: 1 },
        ],
      },
      'QUESTION_NOT_APPROVED',
      'items',
    );
    expect(res.data).toEqual({ ids: [draft] });
    await refused('/api/paper/insert', { ...base, items: [{ questionId: 99999999, score: 1 }] }, 'NOT_FOUND_ERROR', 'items');
    await refused('/api/paper/insert', { ...base, rules: [{ categoryId: await bank(), type: 'judgment', count: 1, score: 1 }] }, 'PARAMETER_INVALID', 'rules');
    await refused('/api/paper/insert', { ...base, kind: 'exam' }, 'PARAMETER_INVALID', 'kind');
    await ok(t.app, admin, '/api/paper/insert', { ...base, items: [{ questionId: a, score: 100 }] });
    await refused('/api/paper/insert', { ...base, items: [{ questionId: a, score: 1 }] }, 'DUPLICATE_PAPER', 'name');
  });

  it('a question a paper holds cannot be deleted; once the paper is deleted it can', async () => {
    const a = await question();
    const id = await insertPaper({ kind: 'fixed', items: [{ questionId: a, score: 1 }] });
    expect((await ok<{ abilities: { delete: boolean } }>(t.app, admin, '/api/question/get', { id: a })).abilities.delete).toBe(false);
    await refused('/api/question/delete', { ids: [a] }, 'IN_USE_QUESTION');
    await ok(t.app, admin, '/api/paper/delete', { ids: [id] });
    await ok(t.app, admin, '/api/question/delete', { ids: [a] });
  });
});

describe('random papers', () => {
  it('refuses a rule the bank cannot satisfy, alone or together with the other rules', async () => {
    const root = await bank();
    const sub = await bank('Sub', root);
    const tag = uniq().slice(0, 6);
    for (let i = 0; i < 3; i++) await question({ categoryId: sub, labels: [tag], difficulty: 'hard' });
    await question({ categoryId: sub, difficulty: 'easy' });
    await question({ categoryId: sub }, false); // not approved: never drawn
    const rule = { categoryId: root, type: 'judgment', count: 3, score: 2 };
    // The bank is the classification with its sub-classifications.
    const id = await insertPaper({ kind: 'random', rules: [{ ...rule, labels: [tag] }] });
    expect(await getPaper(id)).toMatchObject({ total: 6, questionCount: 3, rules: [{ categoryId: root, count: 3, available: 3, labels: [tag] }] });
    const name = `Paper ${uniq()}`;
    let res = await refused('/api/paper/insert', { name, kind: 'random', rules: [{ ...rule, labels: [tag], count: 4 }] }, 'PAPER_RULE_UNSATISFIABLE', 'rules.0.count');
    expect(res.data).toMatchObject({ rule: 0, available: 3 });
    await refused('/api/paper/insert', { name, kind: 'random', rules: [{ ...rule, difficulty: 'easy', count: 2 }] }, 'PAPER_RULE_UNSATISFIABLE', 'rules.0.count');
    await refused('/api/paper/insert', { name, kind: 'random', rules: [{ ...rule, type: 'single', count: 1 }] }, 'PAPER_RULE_UNSATISFIABLE', 'rules.0.count');
    // Each rule alone fits (4 and 3 of 4 questions), together they need 7 distinct questions.
    res = await refused(
      '/api/paper/insert',
      {
        name,
        kind: 'random',
        rules: [
          { ...rule, count: 4 },
          { ...rule, labels: [tag] },
        ],
      },
      'PAPER_RULE_UNSATISFIABLE',
    );
    expect(res.field).toMatch(/^rules\.\d\.count$/);
    // Overlapping rules that fit together are accepted: 3 labelled + 1 more of the 4.
    await insertPaper({
      kind: 'random',
      rules: [
        { ...rule, labels: [tag] },
        { ...rule, count: 1 },
      ],
    });
    await refused('/api/paper/insert', { name, kind: 'random', rules: [{ ...rule, categoryId: 99999999 }] }, 'NOT_FOUND_ERROR', 'rules.0.categoryId');
    await refused('/api/paper/insert', { name, kind: 'random', items: [{ questionId: 1, score: 1 }] }, 'PARAMETER_INVALID', 'items');
    await refused('/api/paper/insert', { name, kind: 'random', rules: [{ ...rule, score: 1.2 }] }, 'PARAMETER_INVALID', 'rules.0.score');
    expect(await ok(t.app, admin, '/api/paper/rule-available', { categoryId: root, type: 'judgment', labels: [tag] })).toEqual({ available: 3 });
  });

  it('draws each attempt its own questions, the same for the same seed, without answers', async () => {
    const b = await bank();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await question({ categoryId: b }));
    const fill = await question({ type: 'fill', stem: `Capital of France is （ ） ${uniq()}`, blanks: [['Paris']], categoryId: b });
    const id = await insertPaper({
      kind: 'random',
      rules: [
        { categoryId: b, type: 'judgment', count: 5, score: 2 },
        { categoryId: b, type: 'fill', count: 1, score: 4 },
      ],
    });
    const first = await drawPaper(t.db, id, 'attempt-1');
    expect(first).toMatchObject({ paperId: id, kind: 'random', total: 14 });
    expect(first.questions).toHaveLength(6);
    expect(first.questions.map((q) => q.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(first.questions.map((q) => q.questionId)).size).toBe(6);
    expect(first.questions.slice(0, 5).every((q) => q.type === 'judgment' && q.score === 2 && ids.includes(q.questionId))).toBe(true);
    expect(first.questions[5]).toMatchObject({ questionId: fill, type: 'fill', blankCount: 1, score: 4 });
    for (const q of first.questions) expect(Object.keys(q).sort()).toEqual(['blankCount', 'options', 'position', 'questionId', 'score', 'stars', 'stem', 'type']);
    expect(await drawPaper(t.db, id, 'attempt-1')).toEqual(first);
    const draws = new Set<string>();
    for (let i = 0; i < 10; i++) draws.add(JSON.stringify((await drawPaper(t.db, id, `seed-${i}`)).questions.map((q) => q.questionId)));
    expect(draws.size).toBeGreaterThan(1);
    // The preview route draws the same way.
    expect(await ok<DrawnPaper>(t.app, admin, '/api/paper/preview', { id, seed: 'attempt-1' })).toEqual(first);
  });
});

describe('free papers', () => {
  it('hold hand-picked questions and rules; the rules never draw a hand-picked question', async () => {
    const b = await bank();
    const picked = await question({ categoryId: b });
    await question({ categoryId: b });
    const s = await question(shortAnswer(b));
    const id = await insertPaper({
      kind: 'free',
      items: [
        { questionId: picked, score: 5 },
        { questionId: s, score: 10 },
      ],
      rules: [{ categoryId: b, type: 'judgment', count: 1, score: 1 }],
    });
    expect(await getPaper(id)).toMatchObject({ kind: 'free', total: 16, questionCount: 3, hasSubjective: true });
    for (const seed of ['a', 'b', 'c', 'd']) {
      const drawn = await drawPaper(t.db, id, seed);
      expect(drawn.questions.map((q) => q.questionId).slice(0, 2)).toEqual([picked, s]);
      expect(drawn.questions[2]!.questionId).not.toBe(picked);
    }
    // Only one judgment besides the hand-picked one: two cannot be drawn.
    await refused(
      '/api/paper/update',
      { id, name: `P ${uniq()}`, kind: 'free', items: [{ questionId: picked, score: 5 }], rules: [{ categoryId: b, type: 'judgment', count: 2, score: 1 }] },
      'PAPER_RULE_UNSATISFIABLE',
    );
  });
});

describe('what exams see', () => {
  it('describePapers: total, count, subjective, and a deleted, empty or undrawable paper is not usable', async () => {
    const b = await bank();
    const q1 = await question({ categoryId: b });
    const q2 = await question({ categoryId: b });
    const fixed = await insertPaper({ kind: 'fixed', items: [{ questionId: q1, score: 4 }] });
    const empty = await insertPaper({ kind: 'fixed' });
    const random = await insertPaper({ kind: 'random', rules: [{ categoryId: b, type: 'judgment', count: 1, score: 3 }] });
    const subjective = await insertPaper({ kind: 'random', rules: [{ categoryId: b, type: 'short', count: 0 + 1, score: 3 }] }).catch(() => null);
    expect(subjective).toBeNull(); // no short answers in the bank yet
    await question(shortAnswer(b));
    const withShort = await insertPaper({ kind: 'random', rules: [{ categoryId: b, type: 'short', count: 1, score: 3 }] });
    const deleted = await insertPaper({ kind: 'fixed', items: [{ questionId: q2, score: 1 }] });
    await ok(t.app, admin, '/api/paper/delete', { ids: [deleted] });

    const info = await describePapers(t.db, [fixed, empty, random, withShort, deleted, 99999999]);
    expect(info.get(fixed)).toMatchObject({ id: fixed, kind: 'fixed', total: 4, questionCount: 1, hasSubjective: false, usable: true });
    expect(info.get(empty)).toMatchObject({ total: 0, questionCount: 0, usable: false });
    expect(info.get(random)).toMatchObject({ kind: 'random', total: 3, questionCount: 1, usable: true });
    expect(info.get(withShort)).toMatchObject({ hasSubjective: true, usable: true });
    expect(info.get(deleted)).toMatchObject({ usable: false });
    expect(info.has(99999999)).toBe(false);
    await expect(drawPaper(t.db, empty, 's')).rejects.toMatchObject({ errorName: 'PAPER_DELETED_OR_EMPTY' });
    await expect(drawPaper(t.db, deleted, 's')).rejects.toMatchObject({ errorName: 'PAPER_DELETED_OR_EMPTY' });
    await expect(drawPaper(t.db, 99999999, 's')).rejects.toMatchObject({ errorName: 'NOT_FOUND_ERROR' });
    // The deleted paper is gone from the list and its page; its name is free again.
    expect((await ok<{ records: PaperRow[] }>(t.app, admin, '/api/paper/list', { size: 500 })).records.some((r) => r.id === deleted)).toBe(false);
    await refused('/api/paper/get', { id: deleted }, 'NOT_FOUND_ERROR');
  });

  it('a paper an exam uses is neither changed nor deleted', async () => {
    const q = await question();
    const id = await insertPaper({ kind: 'fixed', items: [{ questionId: q, score: 1 }] });
    usedByExam.add(id);
    expect((await getPaper(id)).abilities).toEqual({ modify: false, delete: false });
    const res = await refused('/api/paper/delete', { ids: [id] }, 'IN_USE_PAPER');
    expect(res.data).toEqual({ ids: [id] });
    await refused('/api/paper/update', { id, name: `P ${uniq()}`, kind: 'fixed' }, 'IN_USE_PAPER');
    usedByExam.delete(id);
    await ok(t.app, admin, '/api/paper/delete', { ids: [id] });
  });
});

describe('list, scope and permissions', () => {
  it('lists papers of the caller’s organization subtree, by kind and name', async () => {
    const east = await buildOrg(t.db, { name: `East ${uniq()}` });
    const west = await buildOrg(t.db, { name: `West ${uniq()}` });
    const codes = ['sjgl', 'sjgl:add', 'sjgl:modify', 'sjgl:delete', 'tkgl', 'tkgl:add', 'tkgl:publish'];
    const as = async (orgId: number) => {
      const u = await buildUser(t.db, { permissions: codes, orgId });
      return login(t.app, u.username, u.password);
    };
    const [eastManager, westManager] = [await as(east.id), await as(west.id)];
    const tag = uniq();
    const mine = await insertPaper({ name: `Scope ${tag} east`, kind: 'fixed' }, eastManager);
    const theirs = await insertPaper({ name: `Scope ${tag} west`, kind: 'random' }, westManager);
    const list = async (q: object, s: Session = admin) => (await ok<{ records: PaperRow[] }>(t.app, s, '/api/paper/list', q)).records.map((r) => r.id);
    expect(await list({ keyword: tag }, eastManager)).toEqual([mine]);
    expect(await list({ keyword: tag })).toEqual([theirs, mine]);
    expect(await list({ keyword: tag, kind: 'random' })).toEqual([theirs]);
    expect((await post('/api/paper/get', { id: mine }, westManager)).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await post('/api/paper/delete', { ids: [mine] }, westManager)).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    // A question outside the caller's scope cannot be hand-picked.
    const westQuestion = await question({}, true, westManager);
    expect((await post('/api/paper/insert', { name: `P ${uniq()}`, kind: 'fixed', items: [{ questionId: westQuestion, score: 1 }] }, eastManager)).json().msg).toBe(
      'NO_DATA_PERMISSION_ERROR',
    );
    const reader = await buildUser(t.db, { permissions: ['sjgl'], orgId: east.id });
    const readerSession = await login(t.app, reader.username, reader.password);
    expect((await post('/api/paper/insert', { name: `P ${uniq()}`, kind: 'fixed' }, readerSession)).statusCode).toBe(403);
    expect((await getPaper(mine, readerSession)).abilities).toEqual({ modify: false, delete: false });
  });
});
