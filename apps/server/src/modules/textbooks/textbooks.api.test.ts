import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TextbookCard, TextbookNote, TextbookReading, TextbookRow } from '@hanlin/shared';
import { useTestApp, login, call, ok, uploaded, newUserSession, MINIMAL_PDF as pdf, type Session } from '../../test/harness.js';
import { buildOrg } from '../../test/factories.js';

const t = useTestApp();
let admin: Session;
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  admin = await login(t.app);
});

const upload = async (s: Session, filename: string, data: Buffer, kind: string, purpose: string) => (await uploaded(t.app, s, { filename, data, kind, purpose })).url;
const post = (url: string, body: object = {}, s: Session = admin) => call(t.app, s, url, body);
const uniq = () => crypto.randomUUID().slice(0, 8);
async function textbook(s: Session = admin, extra: Record<string, unknown> = {}) {
  const file = await upload(s, 'book.pdf', pdf, 'document', 'textbook');
  return (await ok(t.app, s, '/api/textbook/insert', { name: `Book ${uniq()}`, file, ...extra })).id as number;
}
const get = (id: number, s: Session = admin) => ok(t.app, s, '/api/textbook/get', { id }) as Promise<TextbookRow>;
const session = (permissions: string[], opts: { orgId?: number; scopeOrgIds?: number[] } = {}) => newUserSession(t, { permissions, ...opts });
const student = () => session(['kc-pc']);

describe('textbook management', () => {
  it('saves a textbook as a draft with its fields, cover and category, and lists it', async () => {
    const cat = (await ok(t.app, admin, '/api/textbook-sort/insert', { name: `Cat-${uniq()}` })).id as number;
    const sub = (await ok(t.app, admin, '/api/textbook-sort/insert', { name: 'Sub', parentId: cat })).id as number;
    const cover = await upload(admin, 'c.png', png, 'cover', 'cover');
    const id = await textbook(admin, { name: '安全教材', categoryId: sub, labels: ['安全'], intro: 'Intro', author: 'Li', publisher: 'Press', cover });
    const row = await get(id);
    expect(row).toMatchObject({ name: '安全教材', status: 'draft', categoryName: 'Sub', labels: ['安全'], author: 'Li', publisher: 'Press', cover, fileName: 'book.pdf' });
    expect(row.coverUrl).toMatch(/^\/api\/upload\/public\//);
    expect(row.abilities).toEqual({ modify: true, delete: true, publish: true, unpublish: false, offShelf: false });
    const page = await ok(t.app, admin, '/api/textbook/list', { categoryId: cat, status: 'draft' });
    expect(page.records.map((r: TextbookRow) => r.id)).toEqual([id]);
    expect((await post('/api/textbook-sort/delete', { id: sub })).json().msg).toBe('IN_USE_SUBCLASS');
    expect((await post('/api/textbook-sort/delete', { id: cat })).json().msg).toBe('IN_USE_SUBCLASS');
    expect((await post('/api/textbook-sort/insert', { name: 'Sub', parentId: cat })).json()).toMatchObject({ msg: 'DUPLICATE_CATEGORY', field: 'name' });
  });

  it('keeps a category tree of at most 5 levels that can be renamed, sorted and emptied', async () => {
    const levels = [(await ok(t.app, admin, '/api/textbook-sort/insert', { name: `Root-${uniq()}` })).id as number];
    for (let i = 2; i <= 5; i++) levels.push((await ok(t.app, admin, '/api/textbook-sort/insert', { name: `L${i}`, parentId: levels.at(-1) })).id);
    expect((await post('/api/textbook-sort/insert', { name: 'L6', parentId: levels.at(-1) })).json()).toMatchObject({ msg: 'TREE_DEPTH_EXCEEDED' });
    const sibling = (await ok(t.app, admin, '/api/textbook-sort/insert', { name: 'Second', parentId: levels[0] })).id as number;
    await ok(t.app, admin, '/api/textbook-sort/update', { id: sibling, name: 'Renamed' });
    await ok(t.app, admin, '/api/textbook-sort/sort', { id: sibling, targetId: levels[1], position: 'above' });
    type Node = { id: number; name: string; children: Node[] };
    const root = ((await ok(t.app, admin, '/api/textbook-sort/tree')) as Node[]).find((n) => n.id === levels[0])!;
    expect(root.children.map((c) => c.name)).toEqual(['Renamed', 'L2']);
    await ok(t.app, admin, '/api/textbook-sort/delete', { id: sibling });
    // Students see the categories to filter the shelf.
    expect((await post('/api/textbook-sort/tree', {}, await student())).statusCode).toBe(200);
  });

  it('refuses a duplicate name, a non-PDF file and an over-long label', async () => {
    const name = `Dup ${uniq()}`;
    await textbook(admin, { name });
    const file = await upload(admin, 'b.pdf', pdf, 'document', 'textbook');
    expect((await post('/api/textbook/insert', { name, file })).json()).toMatchObject({ msg: 'DUPLICATE_TEXTBOOK', field: 'name' });
    const other = await textbook();
    expect((await post('/api/textbook/update', { id: other, name })).json()).toMatchObject({ msg: 'DUPLICATE_TEXTBOOK', field: 'name' });
    const image = await upload(admin, 'c.png', png, 'cover', 'textbook');
    const bad = await post('/api/textbook/insert', { name: `X ${uniq()}`, file: image });
    expect(bad.json()).toMatchObject({ msg: 'FILE_TYPE_ERROR', field: 'file' });
    const labels = await post('/api/textbook/insert', { name: `Y ${uniq()}`, file, labels: ['12345678901'] });
    expect(labels.statusCode).toBe(400);
    expect(labels.json().msg).toBe('PARAMETER_INVALID');
  });

  it('follows the lifecycle: publish, unpublish, off the shelf (irreversible); a published textbook cannot be edited or deleted', async () => {
    const id = await textbook();
    expect(await ok(t.app, admin, '/api/textbook/publish', { ids: [id] })).toEqual({ count: 1 });
    const published = await get(id);
    expect(published.status).toBe('published');
    expect(published.publishedAt).not.toBeNull();
    expect(published.abilities).toEqual({ modify: false, delete: false, publish: false, unpublish: true, offShelf: true });

    const edit = await post('/api/textbook/update', { id, intro: 'changed' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await post('/api/textbook/delete', { ids: [id] })).json()).toMatchObject({ msg: 'STATE_TRANSITION_INVALID', data: { ids: [id] } });
    expect((await post('/api/textbook/publish', { ids: [id] })).json().msg).toBe('STATE_TRANSITION_INVALID');

    await ok(t.app, admin, '/api/textbook/unpublish', { ids: [id] });
    await ok(t.app, admin, '/api/textbook/update', { id, intro: 'changed' });
    expect((await get(id)).intro).toBe('changed');
    await ok(t.app, admin, '/api/textbook/off-shelf', { ids: [id] });
    const off = await get(id);
    expect(off.status).toBe('offShelf');
    expect(off.abilities).toEqual({ modify: false, delete: false, publish: false, unpublish: false, offShelf: false });
    expect((await post('/api/textbook/publish', { ids: [id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await post('/api/textbook/off-shelf', { ids: [await textbook()] })).json().msg).toBe('STATE_TRANSITION_INVALID');

    // A draft goes.
    const draft = await textbook();
    expect(await ok(t.app, admin, '/api/textbook/delete', { ids: [draft] })).toEqual({ count: 1 });
    expect((await post('/api/textbook/get', { id: draft })).json().msg).toBe('NOT_FOUND_ERROR');
  });

  it('lets two parallel publishes have one winner', async () => {
    const id = await textbook();
    const answers = await Promise.all([post('/api/textbook/publish', { ids: [id] }), post('/api/textbook/publish', { ids: [id] })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('keeps managers to their organization subtree and their action codes', async () => {
    const a = await buildOrg(t.db, { name: `A-${uniq()}` });
    const b = await buildOrg(t.db, { name: `B-${uniq()}` });
    const managerA = await session(['szjc', 'szjc:add', 'szjc:modify', 'szjc:publish'], { orgId: a.id, scopeOrgIds: [a.id] });
    const managerB = await session(['szjc', 'szjc:modify'], { orgId: b.id, scopeOrgIds: [b.id] });
    const id = await textbook(managerA);
    expect((await get(id, managerA)).abilities).toEqual({ modify: true, delete: false, publish: true, unpublish: false, offShelf: false });
    expect((await ok(t.app, managerB, '/api/textbook/list', { size: 100 })).records.map((r: TextbookRow) => r.id)).not.toContain(id);
    expect((await post('/api/textbook/get', { id }, managerB)).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await post('/api/textbook/update', { id, intro: 'x' }, managerB)).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await post('/api/textbook/delete', { ids: [id] }, managerA)).statusCode).toBe(403);
    expect((await post('/api/textbook/list', {}, await student())).statusCode).toBe(403);
    // The administrator (root scope) sees it.
    expect((await ok(t.app, admin, '/api/textbook/list', { size: 100 })).records.map((r: TextbookRow) => r.id)).toContain(id);
  });
});

describe('textbooks for students', () => {
  it('shows published textbooks on the shelf, reads them with a PDF link and keeps the page progress', async () => {
    const s = await student();
    const id = await textbook(admin, { name: `Shelf ${uniq()}` });
    const draftShelf = await ok(t.app, s, '/api/textbook/shelf', { size: 100 });
    expect(draftShelf.records.map((r: TextbookCard) => r.id)).not.toContain(id);
    expect((await post('/api/textbook/read', { id }, s)).json().msg).toBe('NOT_FOUND_ERROR');

    await ok(t.app, admin, '/api/textbook/publish', { ids: [id] });
    const shelf = await ok(t.app, s, '/api/textbook/shelf', { size: 100 });
    expect(shelf.records.find((r: TextbookCard) => r.id === id)).toMatchObject({ registered: false, averageScore: null, scoreCount: 0 });
    const reading = (await ok(t.app, s, '/api/textbook/read', { id })) as TextbookReading;
    expect(reading).toMatchObject({ status: 'published', page: null, myScore: null });
    expect(reading.pdfUrl).toMatch(/^\/api\/media\/play\//);
    const file = await t.app.inject({ method: 'GET', url: reading.pdfUrl! });
    expect(file.statusCode).toBe(200);
    expect(file.body.startsWith('%PDF')).toBe(true);

    await ok(t.app, s, '/api/textbook/progress', { id, page: 3, pageCount: 10 });
    await ok(t.app, s, '/api/textbook/progress', { id, page: 5, pageCount: 10 });
    expect(await ok(t.app, s, '/api/textbook/read', { id })).toMatchObject({ page: 5, pageCount: 10 });
    expect((await post('/api/textbook/progress', { id, page: 11, pageCount: 10 }, s)).json().msg).toBe('PARAMETER_INVALID');
  });

  it('scores once per reader (1 to 5) and shows the average', async () => {
    const id = await textbook();
    await ok(t.app, admin, '/api/textbook/publish', { ids: [id] });
    const [s1, s2] = [await student(), await student()];
    await ok(t.app, s1, '/api/textbook/score', { id, score: 5 });
    const again = await post('/api/textbook/score', { id, score: 1 }, s1);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ msg: 'REPEAT_SUBMIT_ERROR', field: 'score' });
    expect((await post('/api/textbook/score', { id, score: 6 }, s2)).json().msg).toBe('PARAMETER_INVALID');
    await ok(t.app, s2, '/api/textbook/score', { id, score: 4 });
    expect(await ok(t.app, s1, '/api/textbook/read', { id })).toMatchObject({ myScore: 5, averageScore: 4.5, scoreCount: 2, abilities: { score: false } });
    // A reader who has not scored yet is offered the score.
    expect((await ok(t.app, await student(), '/api/textbook/read', { id })).abilities).toMatchObject({ score: true });
  });

  it('keeps notes per page, each reader seeing and changing only their own', async () => {
    const id = await textbook();
    await ok(t.app, admin, '/api/textbook/publish', { ids: [id] });
    const [me, other] = [await student(), await student()];
    const n1 = (await ok(t.app, me, '/api/textbook-note/insert', { textbookId: id, page: 2, content: 'page two' })).id as number;
    await ok(t.app, me, '/api/textbook-note/insert', { textbookId: id, page: 1, content: 'page one' });
    await ok(t.app, other, '/api/textbook-note/insert', { textbookId: id, page: 2, content: 'not yours' });
    expect(((await ok(t.app, me, '/api/textbook-note/list', { textbookId: id })) as TextbookNote[]).map((n) => n.content)).toEqual(['page one', 'page two']);
    expect(((await ok(t.app, me, '/api/textbook-note/list', { textbookId: id, page: 2 })) as TextbookNote[]).map((n) => n.content)).toEqual(['page two']);

    await ok(t.app, me, '/api/textbook-note/update', { id: n1, content: 'edited' });
    expect((await post('/api/textbook-note/update', { id: n1, content: 'hijack' }, other)).json().msg).toBe('NOT_FOUND_ERROR');
    expect((await post('/api/textbook-note/delete', { id: n1 }, other)).json().msg).toBe('NOT_FOUND_ERROR');
    expect(((await ok(t.app, me, '/api/textbook-note/list', { textbookId: id, page: 2 })) as TextbookNote[])[0]!.content).toBe('edited');
    await ok(t.app, me, '/api/textbook-note/delete', { id: n1 });
    expect(((await ok(t.app, me, '/api/textbook-note/list', { textbookId: id })) as TextbookNote[]).map((n) => n.content)).toEqual(['page one']);
    // No notes on a textbook the reader cannot open.
    const draft = await textbook();
    expect((await post('/api/textbook-note/insert', { textbookId: draft, page: 1, content: 'x' }, me)).json().msg).toBe('NOT_FOUND_ERROR');
  });

  it('registers a published textbook under "my textbooks", which stays readable after it leaves the shelf', async () => {
    const s = await student();
    const id = await textbook();
    expect((await post('/api/textbook/register', { id }, s)).json().msg).toBe('STATE_TRANSITION_INVALID');
    await ok(t.app, admin, '/api/textbook/publish', { ids: [id] });
    expect((await ok(t.app, s, '/api/textbook/read', { id })).abilities).toEqual({ register: true, unregister: false, score: true });
    await ok(t.app, s, '/api/textbook/register', { id });
    await ok(t.app, s, '/api/textbook/register', { id });
    expect((await ok(t.app, s, '/api/textbook/read', { id })).abilities).toMatchObject({ register: false, unregister: true });
    const mine = await ok(t.app, s, '/api/textbook/shelf', { mine: true });
    expect(mine.records.map((r: TextbookCard) => r.id)).toEqual([id]);
    expect(mine.records[0].registered).toBe(true);

    await ok(t.app, admin, '/api/textbook/off-shelf', { ids: [id] });
    expect((await ok(t.app, s, '/api/textbook/shelf', { size: 100 })).records.map((r: TextbookCard) => r.id)).not.toContain(id);
    expect(await ok(t.app, s, '/api/textbook/read', { id })).toMatchObject({ status: 'offShelf', registered: true, abilities: { register: false, unregister: true } });
    // Someone who had not registered cannot open it any more.
    expect((await post('/api/textbook/read', { id }, await student())).json().msg).toBe('NOT_FOUND_ERROR');

    await ok(t.app, s, '/api/textbook/unregister', { id });
    expect((await ok(t.app, s, '/api/textbook/shelf', { mine: true })).total).toBe(0);
  });
});
