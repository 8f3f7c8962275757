import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuestionRow } from '@hanlin/shared';
import { useTestApp, login, call, ok, newUserSession, type Session } from '../../test/harness.js';
import { buildOrg } from '../../test/factories.js';
import { registerQuestionUse } from './index.js';

const t = useTestApp();
let admin: Session;
/** Questions a fake paper uses (the papers module will register the real rule). */
const usedByPaper = new Set<number>();

beforeAll(async () => {
  admin = await login(t.app);
  registerQuestionUse(t.app, 'fake-paper', { inUse: async (_db, ids) => ids.filter((id) => usedByPaper.has(id)) });
});

const uniq = () => crypto.randomUUID().slice(0, 8);
const post = (url: string, body: object = {}, s: Session = admin) => call(t.app, s, url, body);
const single = (extra: Record<string, unknown> = {}) => ({
  type: 'single',
  stem: `Capital of France? ${uniq()}`,
  options: [{ content: 'Paris' }, { content: 'Rome' }],
  answers: ['A'],
  score: 2,
  ...extra,
});
const insert = async (body: Record<string, unknown>, s: Session = admin) => (await ok<{ id: number }>(t.app, s, '/api/question/insert', body)).id;
async function refused(body: Record<string, unknown>, field: string, code = 'PARAMETER_INVALID') {
  const res = await post('/api/question/insert', body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json(), res.body).toMatchObject({ msg: code, field });
}
const get = async (id: number, s: Session = admin) => (await post('/api/question/get', { id }, s)).json().data as QuestionRow;
const list = (q: Record<string, unknown> = {}, s: Session = admin) => ok<{ records: QuestionRow[]; total: number }>(t.app, s, '/api/question/list', { size: 100, ...q });
const session = (permissions: string[], orgId?: number) => newUserSession(t, { permissions, orgId });
const category = async (name: string, parentId?: number) => (await post('/api/question-sort/insert', { name, parentId })).json().data.id as number;

describe('question classification', () => {
  it('keeps a tree of at most 5 levels, unique sibling names, and keeps a category holding questions', async () => {
    const levels = [await category(`QC-${uniq()}`)];
    for (let i = 2; i <= 5; i++) levels.push(await category(`L${i}`, levels.at(-1)));
    expect((await post('/api/question-sort/insert', { name: 'L6', parentId: levels.at(-1) })).json()).toMatchObject({ msg: 'TREE_DEPTH_EXCEEDED', field: 'parentId' });
    expect((await post('/api/question-sort/insert', { name: 'L2', parentId: levels[0] })).json()).toMatchObject({ msg: 'DUPLICATE_CATEGORY', field: 'name' });
    const id = await insert(single({ categoryId: levels.at(-1) }));
    expect((await post('/api/question-sort/delete', { id: levels.at(-1)! })).json().msg).toBe('IN_USE_SUBCLASS');
    // The list filtered on a category holds its sub-categories' questions.
    expect((await list({ categoryId: levels[0] })).records.map((r) => r.id)).toEqual([id]);
    expect((await post('/api/question/insert', single({ categoryId: 999999 }))).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'categoryId' });
    expect((await post('/api/question/delete', { ids: [id] })).statusCode).toBe(200);
    expect((await post('/api/question-sort/delete', { id: levels.at(-1)! })).statusCode).toBe(200);
    const tree = (await post('/api/question-sort/tree')).json().data as { id: number }[];
    expect(tree.some((n) => n.id === levels[0])).toBe(true);
  });
});

describe('question rules per type', () => {
  it('single choice: at least 2 options, at most 26, one answer among them, option content required', async () => {
    const id = await insert(single());
    expect(await get(id)).toMatchObject({ type: 'single', options: [{ content: 'Paris' }, { content: 'Rome' }], answers: ['A'], status: 'draft', score: 2 });
    await refused(single({ options: [{ content: 'Paris' }] }), 'options');
    await refused(single({ options: Array.from({ length: 27 }, (_, i) => ({ content: `O${i}` })) }), 'options');
    await refused(single({ options: [{ content: 'Paris' }, { content: ' ' }] }), 'options.1.content');
    await refused(single({ answers: ['A', 'B'] }), 'answers');
    await refused(single({ answers: [] }), 'answers');
    await refused(single({ answers: ['C'] }), 'answers');
    const many = await insert(single({ options: Array.from({ length: 26 }, (_, i) => ({ content: `O${i}` })), answers: ['Z'] }));
    expect((await get(many)).options).toHaveLength(26);
  });

  it('multiple choice: at least 3 options and at least 2 distinct answers', async () => {
    const three = [{ content: 'a' }, { content: 'b' }, { content: 'c' }];
    await insert({ type: 'multiple', stem: 'Pick two', options: three, answers: ['A', 'C'], score: 3 });
    await refused({ type: 'multiple', stem: 'Pick two', options: three.slice(0, 2), answers: ['A', 'B'], score: 3 }, 'options');
    await refused({ type: 'multiple', stem: 'Pick two', options: three, answers: ['A'], score: 3 }, 'answers');
    await refused({ type: 'multiple', stem: 'Pick two', options: three, answers: ['A', 'A'], score: 3 }, 'answers');
  });

  it('judgment: answer T or F, no options', async () => {
    const id = await insert({ type: 'judgment', stem: 'The sky is blue', answers: ['T'], score: 1 });
    expect((await get(id)).answers).toEqual(['T']);
    await refused({ type: 'judgment', stem: 'The sky is blue', answers: ['X'], score: 1 }, 'answers');
    await refused({ type: 'judgment', stem: 'The sky is blue', answers: [], score: 1 }, 'answers');
    await refused({ type: 'judgment', stem: 'The sky is blue', answers: ['T'], options: [{ content: 'a' }, { content: 'b' }], score: 1 }, 'options');
  });

  it('fill in blank: a blank in the stem, one answer list per bracket, alternatives kept', async () => {
    const id = await insert({ type: 'fill', stem: '（ ） is the capital of (), in Europe', blanks: [['Paris', 'paris'], ['France']], score: 2 });
    expect((await get(id)).blanks).toEqual([['Paris', 'paris'], ['France']]);
    await refused({ type: 'fill', stem: 'No blank here', blanks: [['x']], score: 2 }, 'stem');
    await refused({ type: 'fill', stem: '() and ()', blanks: [['x']], score: 2 }, 'blanks');
    await refused({ type: 'fill', stem: '() and ()', blanks: [['x'], []], score: 2 }, 'blanks.1');
  });

  it('short answer: keywords and step answer at most 2000, auto-scoring needs keywords', async () => {
    const id = await insert({ type: 'short', stem: 'Explain TCP', keywords: 'handshake,ack', answerText: 'Step 1 …', autoScore: true, score: 10 });
    expect(await get(id)).toMatchObject({ keywords: 'handshake,ack', autoScore: true, answerText: 'Step 1 …' });
    await refused({ type: 'short', stem: 'Explain TCP', keywords: 'k'.repeat(2001), score: 10 }, 'keywords');
    await refused({ type: 'short', stem: 'Explain TCP', answerText: 's'.repeat(2001), score: 10 }, 'answerText');
    await refused({ type: 'short', stem: 'Explain TCP', autoScore: true, score: 10 }, 'keywords');
    await refused({ type: 'single', stem: 'x', options: [{ content: 'a' }, { content: 'b' }], answers: ['A'], keywords: 'k', score: 1 }, 'keywords');
  });

  it('operation, calculation and star rating', async () => {
    await insert({ type: 'operation', stem: 'Restart the pump', answerText: 'Valve, switch', score: 5 });
    await insert({ type: 'calculation', stem: '2 + 2 = ?', answerText: '4', score: 5 });
    const rating = await insert({ type: 'rating', stem: 'Rate the course', stars: 10, score: 1 });
    expect((await get(rating)).stars).toBe(10);
    await refused({ type: 'rating', stem: 'Rate the course', stars: 11, score: 1 }, 'stars');
    await refused({ type: 'calculation', stem: '2 + 2', answers: ['A'], score: 5 }, 'answers');
  });

  it('stem: required, at most 200 characters of text, rich text sanitized', async () => {
    await refused(single({ stem: '' }), 'stem');
    await refused(single({ stem: 'x'.repeat(201) }), 'stem');
    // Markup does not count towards the 200 characters.
    await insert(single({ stem: `<p><strong>${'x'.repeat(200)}</strong></p>` }));
    const id = await insert(single({ stem: '<p onclick="x()">Which? <img src="https://a.example/i.png"><script>alert(1)</script></p>' }));
    expect((await get(id)).stem).toBe('<p>Which? <img src="https://a.example/i.png" /></p>');
    // What is left after sanitizing must still hold text.
    const res = await post('/api/question/insert', single({ stem: '<script>alert(1)</script>' }));
    expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'stem' });
  });

  it('score: a multiple of 0.5, above 0, at most 100; labels at most 5 of 10 characters; difficulty', async () => {
    expect((await get(await insert(single({ score: 99.5 })))).score).toBe(99.5);
    await refused(single({ score: 1.3 }), 'score');
    await refused(single({ score: 100.5 }), 'score');
    await refused(single({ score: 0 }), 'score');
    await refused(single({ labels: ['a', 'b', 'c', 'd', 'e', 'f'] }), 'labels');
    await refused(single({ labels: ['x'.repeat(11)] }), 'labels.0');
    await refused(single({ difficulty: 'extreme' }), 'difficulty');
    await refused(single({ type: 'essay' }), 'type');
  });
});

describe('question list', () => {
  it('filters on type, difficulty, label, state and stem keyword, and sorts', async () => {
    const tag = uniq();
    const a = await insert(single({ stem: `List ${tag} a`, difficulty: 'hard', labels: [tag], score: 5 }));
    const b = await insert({ type: 'judgment', stem: `List ${tag} b`, answers: ['F'], difficulty: 'easy', score: 1 });
    expect((await list({ keyword: tag })).records.map((r) => r.id)).toEqual([b, a]);
    expect((await list({ keyword: tag, type: 'judgment' })).records.map((r) => r.id)).toEqual([b]);
    expect((await list({ keyword: tag, difficulty: 'hard' })).records.map((r) => r.id)).toEqual([a]);
    expect((await list({ label: tag })).records.map((r) => r.id)).toEqual([a]);
    expect((await list({ keyword: tag, sort: 'score' })).records.map((r) => r.id)).toEqual([b, a]);
    expect((await list({ keyword: tag, sort: '-difficulty' })).records.map((r) => r.id)).toEqual([a, b]);
    await post('/api/question/submit', { ids: [a] });
    expect((await list({ keyword: tag, status: 'pending' })).records.map((r) => r.id)).toEqual([a]);
    expect((await post('/api/question/list', { sort: 'stem' })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'sort' });
  });
});

describe('approval and deletion', () => {
  it('draft → pending → approved or refused with a reason; only drafts and refused questions change', async () => {
    const id = await insert(single());
    expect((await post('/api/question/submit', { ids: [id] })).json().data).toEqual({ count: 1 });
    expect((await post('/api/question/update', { ...single(), id })).json()).toMatchObject({ msg: 'STATE_TRANSITION_INVALID' });
    expect((await post('/api/question/delete', { ids: [id] })).json()).toMatchObject({ msg: 'STATE_TRANSITION_INVALID' });
    expect((await post('/api/question-approval/refuse', { ids: [id], reason: 'Ambiguous' })).statusCode).toBe(200);
    expect(await get(id)).toMatchObject({ status: 'refused', refuseReason: 'Ambiguous' });
    // A refused question is edited (its type may change) and submitted again.
    expect((await post('/api/question/update', { id, type: 'judgment', stem: 'Now a judgment', answers: ['T'], score: 1 })).statusCode).toBe(200);
    await post('/api/question/submit', { ids: [id] });
    expect((await post('/api/question-approval/approve', { ids: [id] })).statusCode).toBe(200);
    expect(await get(id)).toMatchObject({ status: 'approved', type: 'judgment', options: [], refuseReason: null });
    expect((await post('/api/question-approval/approve', { ids: [id] })).json()).toMatchObject({ msg: 'STATE_TRANSITION_INVALID' });
  });

  it('a question a paper uses is not deleted and its row says so', async () => {
    const [a, b] = [await insert(single()), await insert(single())];
    usedByPaper.add(a);
    expect((await get(a)).abilities.delete).toBe(false);
    expect((await get(b)).abilities.delete).toBe(true);
    const res = await post('/api/question/delete', { ids: [a, b] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: 'IN_USE_QUESTION', data: { ids: [a] } });
    expect((await get(b)).id).toBe(b);
    usedByPaper.delete(a);
    expect((await post('/api/question/delete', { ids: [a, b] })).statusCode).toBe(200);
    expect((await post('/api/question/get', { id: a })).json().msg).toBe('NOT_FOUND_ERROR');
  });
});

describe('publishing and unpublishing (tkgl:publish, tkgl:unpublish)', () => {
  it('submitting a question into the bank needs tkgl:publish; taking an approved one back to a draft needs tkgl:unpublish and no paper using it', async () => {
    const org = await buildOrg(t.db, { name: `Pub ${uniq()}` });
    const author = await session(['tkgl', 'tkgl:add', 'tkgl:modify'], org.id);
    const publisher = await session(['tkgl', 'tkgl:add', 'tkgl:modify', 'tkgl:publish'], org.id);
    const id = await insert(single(), author);
    expect((await get(id, author)).abilities.submit).toBe(false);
    expect((await post('/api/question/submit', { ids: [id] }, author)).statusCode).toBe(403);
    expect((await get(id, publisher)).abilities.submit).toBe(true);
    await ok(t.app, publisher, '/api/question/submit', { ids: [id] });
    await ok(t.app, admin, '/api/question-approval/approve', { ids: [id] });

    // Approved: changing it goes through unpublish (back to a draft), edit, submit again.
    expect((await get(id)).abilities).toMatchObject({ modify: false, unpublish: true });
    expect((await get(id, publisher)).abilities.unpublish).toBe(false);
    expect((await post('/api/question/unpublish', { ids: [id] }, publisher)).statusCode).toBe(403);
    usedByPaper.add(id);
    expect((await get(id)).abilities.unpublish).toBe(false);
    const used = await post('/api/question/unpublish', { ids: [id] });
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ msg: 'QUESTION_ANSWERED_CANNOT_UNPUBLISH', data: { ids: [id] } });
    usedByPaper.delete(id);
    expect((await post('/api/question/unpublish', { ids: [id] })).json().data).toEqual({ count: 1 });
    expect(await get(id)).toMatchObject({ status: 'draft', abilities: expect.objectContaining({ modify: true, unpublish: false }) });
    expect((await post('/api/question/update', { ...single(), id }, author)).statusCode).toBe(200);
    expect((await post('/api/question/unpublish', { ids: [id] })).json()).toMatchObject({ msg: 'STATE_TRANSITION_INVALID' });
  });
});

describe('data scope and permissions', () => {
  it('a question bank manager sees and changes the questions of their organization subtree only', async () => {
    const east = await buildOrg(t.db, { name: `East ${uniq()}` });
    const west = await buildOrg(t.db, { name: `West ${uniq()}` });
    const eastManager = await session(['tkgl', 'tkgl:add', 'tkgl:modify', 'tkgl:delete', 'tkgl:publish'], east.id);
    const westManager = await session(['tkgl', 'tkgl:add', 'tkgl:modify', 'tkgl:delete'], west.id);
    const tag = uniq();
    const mine = await insert(single({ stem: `Scope ${tag} east` }), eastManager);
    await insert(single({ stem: `Scope ${tag} west` }), westManager);
    expect((await list({ keyword: tag }, eastManager)).records.map((r) => r.id)).toEqual([mine]);
    expect((await list({ keyword: tag })).total).toBe(2);
    expect((await post('/api/question/get', { id: mine }, westManager)).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await post('/api/question/update', { ...single(), id: mine }, westManager)).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await post('/api/question/delete', { ids: [mine] }, westManager)).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    // Without the approve code nobody approves, even in scope.
    await post('/api/question/submit', { ids: [mine] }, eastManager);
    expect((await post('/api/question-approval/approve', { ids: [mine] }, eastManager)).statusCode).toBe(403);
    const reader = await session(['tkgl'], east.id);
    expect((await post('/api/question/insert', single(), reader)).statusCode).toBe(403);
  });
});
