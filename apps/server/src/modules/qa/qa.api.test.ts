import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, login, call, ok, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { qaEntries } from './qa.schema.js';

const t = useTestApp();
let admin: Session;
let student: Session;
let other: Session;
const ALL = ['wdgl', 'wdgl:add', 'wdgl:modify', 'wdgl:delete', 'wdgl:publish', 'wdgl:unpublish'];
let n = 0;
const draft = (extra: Record<string, unknown> = {}) => ({ title: `QA ${++n}`, content: '<p>How do I reset my password?</p>', ...extra });
type Entry = { id: number; title: string; state: string; pinned: boolean; answerCount: number; abilities: Record<string, boolean> };
const create = (s: Session, extra: Record<string, unknown> = {}) => ok<Entry>(t.app, s, '/api/qa/insert', draft(extra));
const released = async (extra: Record<string, unknown> = {}) => {
  const e = await create(admin, extra);
  expect((await call(t.app, admin, '/api/qa/release', { ids: [e.id] })).json().data).toEqual({ count: 1 });
  return e;
};
const stateOf = async (id: number) => (await t.db.select({ s: qaEntries.status }).from(qaEntries).where(eq(qaEntries.id, id)))[0]?.s;
const get = (s: Session, id: number) => ok<Entry>(t.app, s, '/api/qa/get', { id });
const setParams = async (pinnedQaLimit: number) => {
  const params = await ok(t.app, admin, '/api/settings/params/get');
  await ok(t.app, admin, '/api/settings/params/save', { ...params, pinnedQaLimit });
};
const unpinAll = async () => t.db.update(qaEntries).set({ pinned: false });

beforeAll(async () => {
  admin = await login(t.app);
  const a = await buildUser(t.db, { permissions: ['zs-pc'], realname: 'Student A' } as never);
  const b = await buildUser(t.db, { permissions: ['zs-pc'] });
  student = await login(t.app, a.username, a.password);
  other = await login(t.app, b.username, b.password);
});

describe('Q&A management', () => {
  it('creates a draft with a dictionary category, lists it with state and abilities, filters and sorts', async () => {
    await ok(t.app, admin, '/api/dict/insert', { type: 'qa-category', label: 'Accounts', value: 'accounts' });
    const e = await create(admin, { title: 'Password reset', category: 'accounts' });
    expect(e).toMatchObject({ state: 'draft', pinned: false, answerCount: 0, category: 'accounts', categoryLabel: 'Accounts' });
    expect(e.abilities).toEqual({ modify: true, delete: true, release: true, unrelease: false, pin: false, unpin: false });
    const list = (await call(t.app, admin, '/api/qa/list', { keyword: 'Password', category: 'accounts', state: 'draft' })).json().data;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ id: e.id, orgName: '总部' });
    expect((await call(t.app, admin, '/api/qa/list', { keyword: 'Password', state: 'released' })).json().data.total).toBe(0);
    const sorted = (await call(t.app, admin, '/api/qa/list', { sort: 'title', size: 500 })).json().data.records.map((r: Entry) => r.title);
    expect(sorted).toEqual([...sorted].sort());
    // A category outside the dictionary is refused, and a category in use cannot leave the dictionary.
    expect((await call(t.app, admin, '/api/qa/insert', draft({ category: 'nope' }))).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'category' });
    const entry = (await call(t.app, admin, '/api/dict/list', { type: 'qa-category' })).json().data.records[0];
    expect(entry.abilities.delete).toBe(false);
  });

  it('sanitizes the body and validates fields', async () => {
    const e = await create(admin, { content: '<p>Hi<script>alert(1)</script></p>' });
    expect((await get(admin, e.id)) as unknown as { content: string }).toMatchObject({ content: '<p>Hi</p>' });
    for (const [body, field] of [
      [draft({ title: ' ' }), 'title'],
      [draft({ title: 'x'.repeat(201) }), 'title'],
      [draft({ content: '<p> </p>' }), 'content'],
      [draft({ content: `<p>${'x'.repeat(10_001)}</p>` }), 'content'],
    ] as const) {
      const res = await call(t.app, admin, '/api/qa/insert', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
  });

  it('edits only drafts and unreleased entries; releases, unreleases and deletes', async () => {
    const e = await released();
    expect((await call(t.app, admin, '/api/qa/update', { id: e.id, title: 'changed' })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await call(t.app, admin, '/api/qa/delete', { ids: [e.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await call(t.app, admin, '/api/qa/unrelease', { ids: [e.id] })).json().data).toEqual({ count: 1 });
    expect(await stateOf(e.id)).toBe('unreleased');
    expect((await ok(t.app, admin, '/api/qa/update', { id: e.id, title: 'Changed title' })).title).toBe('Changed title');
    expect((await call(t.app, admin, '/api/qa/delete', { ids: [e.id] })).json().data).toEqual({ count: 1 });
    expect((await call(t.app, admin, '/api/qa/get', { id: e.id })).json().msg).toBe('NOT_FOUND_ERROR');
  });

  it('a pinned entry must be unpinned before unreleasing; only released entries pin', async () => {
    await unpinAll();
    const d = await create(admin);
    expect((await call(t.app, admin, '/api/qa/pin', { ids: [d.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    const e = await released();
    await ok(t.app, admin, '/api/qa/pin', { ids: [e.id] });
    const pinned = await get(admin, e.id);
    expect(pinned.abilities).toMatchObject({ pin: false, unpin: true, unrelease: false });
    const res = await call(t.app, admin, '/api/qa/unrelease', { ids: [e.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: 'QA_PINNED_CANNOT_UNPUBLISH', data: { ids: [e.id] } });
    await ok(t.app, admin, '/api/qa/unpin', { ids: [e.id] });
    expect((await call(t.app, admin, '/api/qa/unpin', { ids: [e.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await call(t.app, admin, '/api/qa/unrelease', { ids: [e.id] })).json().data).toEqual({ count: 1 });
  });

  it('pins at most the configured limit (parameter pinnedQaLimit), also when pins race', async () => {
    await unpinAll();
    await setParams(2);
    const [a, b, c] = [await released(), await released(), await released()];
    await ok(t.app, admin, '/api/qa/pin', { ids: [a.id] });
    expect((await call(t.app, admin, '/api/qa/pin', { ids: [b.id, c.id] })).json()).toMatchObject({ msg: 'TOP_COUNT_EXCEEDED', data: { max: 2 } });
    await ok(t.app, admin, '/api/qa/pin', { ids: [b.id] });
    expect((await call(t.app, admin, '/api/qa/pin', { ids: [c.id] })).json().msg).toBe('TOP_COUNT_EXCEEDED');
    // A higher limit lets one more in, read at the moment of pinning.
    await setParams(3);
    await ok(t.app, admin, '/api/qa/pin', { ids: [c.id] });

    // Six pins at once against a limit of 3: exactly 3 win.
    await unpinAll();
    const many = await Promise.all(Array.from({ length: 6 }, () => released()));
    const results = await Promise.all(many.map((e) => call(t.app, admin, '/api/qa/pin', { ids: [e.id] })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().msg)).toEqual(['TOP_COUNT_EXCEEDED', 'TOP_COUNT_EXCEEDED', 'TOP_COUNT_EXCEEDED']);
    const [{ n: count }] = (await t.db.execute<{ n: number }>(`select count(*)::int n from qa_entries where pinned and deleted_at is null` as never)).rows as [{ n: number }];
    expect(count).toBe(3);
    await unpinAll();
    await setParams(3);
  });
});

describe('student side', () => {
  it('lists released entries only, pinned first, searched by title; reads the detail', async () => {
    await unpinAll();
    const hidden = await create(admin, { title: 'Portal hidden draft' });
    const first = await released({ title: 'Portal older' });
    const second = await released({ title: 'Portal newer' });
    await ok(t.app, admin, '/api/qa/pin', { ids: [first.id] });
    const page = (await call(t.app, student, '/api/qa/portal/list', { keyword: 'Portal' })).json().data;
    expect(page.records.map((r: Entry) => r.title)).toEqual(['Portal older', 'Portal newer']);
    expect(page.records[0]).toMatchObject({ pinned: true });
    expect(page.records[0]).not.toHaveProperty('abilities');
    expect((await ok(t.app, student, '/api/qa/portal/detail', { id: second.id })).title).toBe('Portal newer');
    expect((await call(t.app, student, '/api/qa/portal/detail', { id: hidden.id })).json().msg).toBe('NOT_FOUND_ERROR');
    await unpinAll();
  });

  it('answers and follow-ups: listed on the entry, counted, deleted only by their author', async () => {
    const e = await released();
    const a = await ok(t.app, student, '/api/qa/answer/insert', { entryId: e.id, content: 'Use the reset link.' });
    expect(a).toMatchObject({ kind: 'answer', abilities: { delete: true } });
    await ok(t.app, other, '/api/qa/answer/insert', { entryId: e.id, kind: 'followUp', content: 'What if the mail never comes?' });
    const mine = (await call(t.app, student, '/api/qa/answer/list', { entryId: e.id })).json().data;
    expect(mine.total).toBe(2);
    expect(mine.records.map((r: { kind: string; abilities: { delete: boolean } }) => [r.kind, r.abilities.delete])).toEqual([
      ['answer', true],
      ['followUp', false],
    ]);
    expect((await ok(t.app, student, '/api/qa/portal/detail', { id: e.id })).answerCount).toBe(2);

    const refused = await call(t.app, other, '/api/qa/answer/delete', { id: a.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    await ok(t.app, student, '/api/qa/answer/delete', { id: a.id });
    expect((await call(t.app, student, '/api/qa/answer/list', { entryId: e.id })).json().data.total).toBe(1);
    expect((await call(t.app, student, '/api/qa/answer/delete', { id: a.id })).json().msg).toBe('NOT_FOUND_ERROR');

    // The count only grows, so an answered entry cannot be unreleased (spec §8).
    const managed = await get(admin, e.id);
    expect(managed).toMatchObject({ answerCount: 2, abilities: { unrelease: false } });
    const res = await call(t.app, admin, '/api/qa/unrelease', { ids: [e.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('QUESTION_ANSWERED_CANNOT_UNPUBLISH');

    // Nothing is answered on an entry that is not released.
    const d = await create(admin);
    expect((await call(t.app, student, '/api/qa/answer/insert', { entryId: d.id, content: 'early' })).json().msg).toBe('NOT_FOUND_ERROR');
    expect((await call(t.app, student, '/api/qa/answer/list', { entryId: d.id })).json().msg).toBe('NOT_FOUND_ERROR');
    expect((await call(t.app, student, '/api/qa/answer/insert', { entryId: e.id, content: ' ' })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'content' });
  });

  it('an answer racing an unrelease: never both win', async () => {
    for (let i = 0; i < 5; i++) {
      const e = await released();
      const [answer, unrelease] = await Promise.all([
        call(t.app, student, '/api/qa/answer/insert', { entryId: e.id, content: `race ${i}` }),
        call(t.app, admin, '/api/qa/unrelease', { ids: [e.id] }),
      ]);
      if (answer.statusCode === 200) {
        expect(unrelease.json().msg).toBe('QUESTION_ANSWERED_CANNOT_UNPUBLISH');
        expect(await stateOf(e.id)).toBe('released');
      } else {
        expect(answer.json().msg).toBe('NOT_FOUND_ERROR');
        expect(unrelease.statusCode).toBe(200);
        expect((await get(admin, e.id)).answerCount).toBe(0);
      }
    }
  });

  it('refuses sensitive words in any letter case, from the list managers edit', async () => {
    const e = await released();
    expect((await ok(t.app, admin, '/api/qa/sensitive-words/save', { words: ['Badword', 'badWORD', '坏词'] })).words).toEqual(['Badword', '坏词']);
    expect((await ok(t.app, admin, '/api/qa/sensitive-words')).words).toEqual(['Badword', '坏词']);
    for (const content of ['this is a BADWORD here', 'so badword', '有坏词']) {
      const res = await call(t.app, student, '/api/qa/answer/insert', { entryId: e.id, content });
      expect(res.statusCode, content).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'SENSITIVE_WORDS', field: 'content' });
    }
    expect((await call(t.app, admin, '/api/qa/insert', draft({ title: 'A bAdWoRd title' }))).json()).toMatchObject({ msg: 'SENSITIVE_WORDS', field: 'title' });
    expect((await call(t.app, admin, '/api/qa/insert', draft({ content: '<p>a <b>BadWord</b></p>' }))).json()).toMatchObject({ msg: 'SENSITIVE_WORDS', field: 'content' });
    expect((await get(admin, e.id)).answerCount).toBe(0);
    await ok(t.app, student, '/api/qa/answer/insert', { entryId: e.id, content: 'a good word' });
    // Emptied, the list refuses nothing.
    await ok(t.app, admin, '/api/qa/sensitive-words/save', { words: [] });
    await ok(t.app, student, '/api/qa/answer/insert', { entryId: e.id, content: 'badword' });
    expect((await call(t.app, admin, '/api/qa/sensitive-words/save', { words: ['x'.repeat(51)] })).json().msg).toBe('PARAMETER_INVALID');
  });
});

describe('reply moderation', () => {
  type Reply = {
    id: number;
    entryTitle: string;
    content: string;
    authorName: string | null;
    hidden: boolean;
    hiddenByName: string | null;
    sensitiveWord: string | null;
    abilities: { hide: boolean; restore: boolean };
  };
  const replies = async (q: Record<string, unknown>, s = admin) =>
    (await ok<{ records: Reply[]; total: number }>(t.app, s, '/api/qa/reply/list', { size: 500, ...q })).records;
  const portal = async (entryId: number) => (await ok<{ records: { id: number }[] }>(t.app, student, '/api/qa/answer/list', { entryId })).records.map((r) => r.id);

  it('lists replies flagged by the current sensitive words; a hidden reply leaves the student center; a flagged one is not restored', async () => {
    await ok(t.app, admin, '/api/qa/sensitive-words/save', { words: [] });
    const e = await released({ title: 'Moderated entry' });
    const good = await ok<{ id: number }>(t.app, student, '/api/qa/answer/insert', { entryId: e.id, content: 'A kind answer' });
    const rude = await ok<{ id: number }>(t.app, student, '/api/qa/answer/insert', { entryId: e.id, kind: 'followUp', content: 'You are a Dolt' });
    // The word list grows after the reply was accepted: the moderation list flags it.
    await ok(t.app, admin, '/api/qa/sensitive-words/save', { words: ['dolt'] });
    const all = await replies({ entryId: e.id });
    expect(all.map((r) => r.id)).toEqual([rude.id, good.id]);
    expect(all[0]).toMatchObject({ entryTitle: 'Moderated entry', authorName: 'Student A', hidden: false, sensitiveWord: 'dolt', abilities: { hide: true, restore: false } });
    expect(all[1]).toMatchObject({ sensitiveWord: null });
    expect((await replies({ entryId: e.id, sensitive: true })).map((r) => r.id)).toEqual([rude.id]);
    expect((await replies({ entryId: e.id, sensitive: false })).map((r) => r.id)).toEqual([good.id]);
    expect((await replies({ entryId: e.id, keyword: 'kind' })).map((r) => r.id)).toEqual([good.id]);

    expect((await call(t.app, admin, '/api/qa/reply/hide', { ids: [rude.id] })).json().data).toEqual({ count: 1 });
    expect(await portal(e.id)).toEqual([good.id]);
    const [hidden] = await replies({ entryId: e.id, hidden: true });
    expect(hidden).toMatchObject({ id: rude.id, hidden: true, hiddenByName: expect.any(String), abilities: { hide: false, restore: false } });
    expect((await get(admin, e.id)).answerCount).toBe(2);
    // Hiding twice, or restoring a shown reply, is refused; so is restoring one that holds a sensitive word.
    expect((await call(t.app, admin, '/api/qa/reply/hide', { ids: [good.id, rude.id] })).json()).toMatchObject({ msg: 'STATE_TRANSITION_INVALID', data: { ids: [rude.id] } });
    expect((await call(t.app, admin, '/api/qa/reply/restore', { ids: [good.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await call(t.app, admin, '/api/qa/reply/restore', { ids: [rude.id] })).json()).toMatchObject({ msg: 'SENSITIVE_WORDS', data: { ids: [rude.id], word: 'dolt' } });
    // Once the word is off the list, the reply comes back.
    await ok(t.app, admin, '/api/qa/sensitive-words/save', { words: [] });
    expect((await replies({ entryId: e.id, hidden: true }))[0]?.abilities.restore).toBe(true);
    expect((await call(t.app, admin, '/api/qa/reply/restore', { ids: [rude.id] })).json().data).toEqual({ count: 1 });
    expect(await portal(e.id)).toEqual([good.id, rude.id]);
    // A reply its author deleted is gone from moderation too.
    await ok(t.app, student, '/api/qa/answer/delete', { id: good.id });
    expect((await replies({ entryId: e.id })).map((r) => r.id)).toEqual([rude.id]);
    expect((await call(t.app, admin, '/api/qa/reply/hide', { ids: [good.id] })).json().msg).toBe('NOT_FOUND_ERROR');
  });

  it('keeps a manager to the replies of entries in their data scope', async () => {
    const east = await buildOrg(t.db, { name: 'QA Reply East' });
    const west = await buildOrg(t.db, { name: 'QA Reply West' });
    const es = await (async () => {
      const u = await buildUser(t.db, { orgId: east.id, permissions: ALL });
      return login(t.app, u.username, u.password);
    })();
    const wu = await buildUser(t.db, { orgId: west.id, permissions: ALL });
    const ws = await login(t.app, wu.username, wu.password);
    const entry = await create(es, { title: 'East replies' });
    await ok(t.app, es, '/api/qa/release', { ids: [entry.id] });
    const r = await ok<{ id: number }>(t.app, student, '/api/qa/answer/insert', { entryId: entry.id, content: 'east reply' });
    expect((await replies({ entryId: entry.id }, es)).map((x) => x.id)).toEqual([r.id]);
    expect(await replies({ entryId: entry.id }, ws)).toEqual([]);
    expect((await call(t.app, ws, '/api/qa/reply/hide', { ids: [r.id] })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect(await portal(entry.id)).toEqual([r.id]);
  });
});

describe('authorization and data scope', () => {
  it('each route needs its code (matrix)', async () => {
    const e = await released();
    const d = await create(admin);
    const reply = await ok<{ id: number }>(t.app, student, '/api/qa/answer/insert', { entryId: e.id, content: 'matrix reply' });
    const matrix: [string, unknown, string[]][] = [
      ['/api/qa/list', {}, ['wdgl']],
      ['/api/qa/get', { id: e.id }, ['wdgl']],
      ['/api/qa/sensitive-words', {}, ['wdgl']],
      ['/api/qa/insert', draft(), ['wdgl:add']],
      ['/api/qa/update', { id: d.id, title: `upd ${++n}` }, ['wdgl:modify']],
      ['/api/qa/pin', { ids: [e.id] }, ['wdgl:modify']],
      ['/api/qa/unpin', { ids: [e.id] }, ['wdgl:modify']],
      ['/api/qa/sensitive-words/save', { words: [] }, ['wdgl:modify']],
      ['/api/qa/release', { ids: [d.id] }, ['wdgl:publish']],
      ['/api/qa/unrelease', { ids: [d.id] }, ['wdgl:unpublish']],
      ['/api/qa/delete', { ids: [d.id] }, ['wdgl:delete']],
      ['/api/qa/portal/list', {}, ['zs-pc']],
      ['/api/qa/portal/detail', { id: e.id }, ['zs-pc']],
      ['/api/qa/answer/list', { entryId: e.id }, ['zs-pc']],
      ['/api/qa/answer/insert', { entryId: e.id, content: 'hello' }, ['zs-pc']],
      ['/api/qa/reply/list', {}, ['wdgl']],
      ['/api/qa/reply/hide', { ids: [reply.id] }, ['wdgl:modify']],
      ['/api/qa/reply/restore', { ids: [reply.id] }, ['wdgl:modify']],
    ];
    const nobody = await buildUser(t.db, { permissions: ['kc-pc'] });
    const ns = await login(t.app, nobody.username, nobody.password);
    const reader = await buildUser(t.db, { permissions: ['wdgl'] });
    const rs = await login(t.app, reader.username, reader.password);
    for (const [url, body, codes] of matrix) {
      expect((await call(t.app, null, url, body)).statusCode, url).toBe(401);
      const refused = await call(t.app, ns, url, body);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().msg, url).toBe('NO_PERMISSION_ERROR');
      const readerCan = codes.includes('wdgl');
      expect((await call(t.app, rs, url, body)).statusCode, `${url} as wdgl reader`).toBe(readerCan ? 200 : 403);
    }
    // The reader sees no write abilities.
    expect((await get(rs, e.id)).abilities).toEqual({ modify: false, delete: false, release: false, unrelease: false, pin: false, unpin: false });
  });

  it("hides and protects entries outside the caller's organization subtree", async () => {
    const east = await buildOrg(t.db, { name: 'QA East' });
    const west = await buildOrg(t.db, { name: 'QA West' });
    const ea = await buildUser(t.db, { orgId: east.id, permissions: ALL });
    const wa = await buildUser(t.db, { orgId: west.id, permissions: ALL });
    const es = await login(t.app, ea.username, ea.password);
    const ws = await login(t.app, wa.username, wa.password);
    const eastEntry = await create(es, { title: 'East QA only' });
    const titles = async (s: Session) => (await call(t.app, s, '/api/qa/list', { size: 500 })).json().data.records.map((r: Entry) => r.title);
    expect(await titles(es)).toContain('East QA only');
    expect(await titles(ws)).not.toContain('East QA only');
    for (const [url, body] of [
      ['/api/qa/get', { id: eastEntry.id }],
      ['/api/qa/update', { id: eastEntry.id, title: 'taken over' }],
      ['/api/qa/release', { ids: [eastEntry.id] }],
      ['/api/qa/pin', { ids: [eastEntry.id] }],
      ['/api/qa/delete', { ids: [eastEntry.id] }],
    ] as const) {
      const res = await call(t.app, ws, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().msg, url).toBe('NO_DATA_PERMISSION_ERROR');
    }
    expect(await stateOf(eastEntry.id)).toBe('draft');
    expect((await call(t.app, admin, '/api/qa/release', { ids: [eastEntry.id] })).json().data).toEqual({ count: 1 });
  });
});
