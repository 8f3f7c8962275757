import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, login, call, ok, type Session } from '../../test/harness.js';
import { buildOrg, buildUser, rootOrg } from '../../test/factories.js';
import { notices } from './notices.schema.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});
const ALL = ['gggl', 'gggl:add', 'gggl:modify', 'gggl:delete', 'gggl:publish', 'gggl:unpublish'];
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
let n = 0;
const draft = (extra: Record<string, unknown> = {}) => ({
  title: `Notice ${++n}`,
  type: 'announcement',
  content: '<p>Hello</p>',
  displayTime: inMinutes(1),
  ...extra,
});

const create = (s: Session, extra: Record<string, unknown> = {}) => ok<{ id: number; title: string; status: string }>(t.app, s, '/api/notice/insert', draft(extra));
const statusOf = async (id: number) => (await t.db.select({ s: notices.status }).from(notices).where(eq(notices.id, id)))[0]?.s;

describe('notice management', () => {
  it('creates a draft, lists it with abilities and checks titles', async () => {
    const created = await create(admin, { title: 'Spring training', type: 'training' });
    expect(created).toMatchObject({ title: 'Spring training', type: 'training', status: 'draft', cover: null, coverUrl: null, releasedAt: null });
    expect(created).toMatchObject({ abilities: { modify: true, delete: true, release: true, unrelease: false }, creatorName: '系统管理员' });

    const list = (await call(t.app, admin, '/api/notice/list', { keyword: 'Spring', type: 'training' })).json().data;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ id: created.id, status: 'draft', orgName: '总部' });
    expect((await call(t.app, admin, '/api/notice/list', { keyword: 'Spring', status: 'released' })).json().data.total).toBe(0);
    // LIKE wildcards are literal.
    expect((await call(t.app, admin, '/api/notice/list', { keyword: '%' })).json().data.total).toBe(0);

    expect((await call(t.app, admin, '/api/notice/check-title', { title: 'Spring training' })).json().data).toEqual({ available: false });
    expect((await call(t.app, admin, '/api/notice/check-title', { title: 'Spring training', id: created.id })).json().data).toEqual({ available: true });
    expect((await call(t.app, admin, '/api/notice/check-title', { title: 'Autumn' })).json().data).toEqual({ available: true });

    const dup = await call(t.app, admin, '/api/notice/insert', draft({ title: 'Spring training' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ msg: 'DUPLICATE_NOTICE_TITLE', field: 'title' });
    expect((await call(t.app, admin, '/api/notice/list', { keyword: 'Spring' })).json().data.total).toBe(1);

    expect((await call(t.app, admin, '/api/notice/get', { id: created.id })).json().data).toMatchObject({ id: created.id, content: '<p>Hello</p>' });
    expect((await call(t.app, admin, '/api/notice/get', { id: 999999 })).json().msg).toBe('NOT_FOUND_ERROR');
  });

  it('validates fields and names them', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [draft({ title: 'x'.repeat(201) }), 'PARAMETER_INVALID', 'title'], // spec: 200
      [draft({ title: '   ' }), 'PARAMETER_INVALID', 'title'],
      [draft({ content: 'x'.repeat(2001) }), 'PARAMETER_INVALID', 'content'],
      [draft({ type: 'memo' }), 'PARAMETER_INVALID', 'type'],
      [draft({ displayTime: 'tomorrow' }), 'PARAMETER_INVALID', 'displayTime'],
      [draft({ cover: 'javascript:alert(1)' }), 'PARAMETER_INVALID', 'cover'],
      [draft({ displayTime: inMinutes(-5) }), 'TIME_BEFORE_NOW', 'displayTime'],
    ];
    const before = (await call(t.app, admin, '/api/notice/list', {})).json().data.total;
    for (const [body, msg, field] of cases) {
      const res = await call(t.app, admin, '/api/notice/insert', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ msg, field });
    }
    expect((await call(t.app, admin, '/api/notice/list', {})).json().data.total).toBe(before);
    // 2000 characters and a display time 30 s in the past (clock skew) are accepted.
    await create(admin, { content: 'x'.repeat(2000), displayTime: inMinutes(-0.5) });
  });

  it('shows a notice saved without a display time from the moment the server saved it, on the server clock', async () => {
    const before = Date.now();
    const body: Record<string, unknown> = draft();
    delete body.displayTime;
    const saved = await ok<{ id: number; displayTime: string }>(t.app, admin, '/api/notice/insert', body);
    const at = Date.parse(saved.displayTime);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await ok<{ displayTime: string }>(t.app, admin, '/api/notice/get', { id: saved.id })).displayTime).toBe(saved.displayTime);
  });

  it('walks the state machine: edit and delete only when not released', async () => {
    const a = await create(admin);
    const rel = await call(t.app, admin, '/api/notice/release', { ids: [a.id] });
    expect(rel.json().data).toEqual({ count: 1 });
    const got = (await call(t.app, admin, '/api/notice/get', { id: a.id })).json().data;
    expect(got).toMatchObject({ status: 'released', abilities: { modify: false, delete: false, release: false, unrelease: true } });
    expect(got.releasedAt).toBeTruthy();

    const edit = await call(t.app, admin, '/api/notice/update', { id: a.id, title: 'Changed' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().msg).toBe('STATE_TRANSITION_INVALID');
    const del = await call(t.app, admin, '/api/notice/delete', { ids: [a.id] });
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toBe('IN_USE_NOTICE');
    expect((await call(t.app, admin, '/api/notice/release', { ids: [a.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await call(t.app, admin, '/api/notice/get', { id: a.id })).json().data).toMatchObject({ title: a.title, status: 'released' });

    expect((await call(t.app, admin, '/api/notice/unrelease', { ids: [a.id] })).statusCode).toBe(200);
    expect(await statusOf(a.id)).toBe('unreleased');
    const edited = await call(t.app, admin, '/api/notice/update', { id: a.id, title: `${a.title} v2`, content: 'new body' });
    expect(edited.json().data).toMatchObject({ title: `${a.title} v2`, content: 'new body', status: 'unreleased' });
    expect((await call(t.app, admin, '/api/notice/release', { ids: [a.id] })).statusCode).toBe(200);
    expect(await statusOf(a.id)).toBe('released');

    // Unrelease of a draft is not a transition; a mixed batch changes nothing.
    const b = await create(admin);
    expect((await call(t.app, admin, '/api/notice/unrelease', { ids: [b.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await call(t.app, admin, '/api/notice/unrelease', { ids: [a.id, b.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect(await statusOf(a.id)).toBe('released');
    const mixedDelete = await call(t.app, admin, '/api/notice/delete', { ids: [b.id, a.id] });
    expect(mixedDelete.json().msg).toBe('IN_USE_NOTICE');
    expect(await statusOf(b.id)).toBe('draft');
    expect((await call(t.app, admin, '/api/notice/release', { ids: [b.id, 999999] })).json().msg).toBe('NOT_FOUND_ERROR');
    expect(await statusOf(b.id)).toBe('draft');

    // Deleting frees the title.
    expect((await call(t.app, admin, '/api/notice/delete', { ids: [b.id] })).json().data).toEqual({ count: 1 });
    expect((await call(t.app, admin, '/api/notice/get', { id: b.id })).json().msg).toBe('NOT_FOUND_ERROR');
    expect((await call(t.app, admin, '/api/notice/check-title', { title: b.title })).json().data.available).toBe(true);
    await create(admin, { title: b.title });
  });

  it('checks the display time on update only when it changes', async () => {
    const a = await create(admin, { displayTime: inMinutes(0.2) });
    const past = inMinutes(-10);
    const moved = await call(t.app, admin, '/api/notice/update', { id: a.id, displayTime: past });
    expect(moved.json()).toMatchObject({ msg: 'TIME_BEFORE_NOW', field: 'displayTime' });
    // Simulate time passing: the stored time is now in the past, and saving it unchanged is fine.
    await t.db
      .update(notices)
      .set({ displayTime: new Date(past) })
      .where(eq(notices.id, a.id));
    const same = await call(t.app, admin, '/api/notice/update', { id: a.id, displayTime: past, content: 'edited later' });
    expect(same.statusCode, same.body).toBe(200);
    const later = inMinutes(60);
    expect((await call(t.app, admin, '/api/notice/update', { id: a.id, displayTime: later })).json().data.displayTime).toBe(later);
    const dupTitle = await create(admin);
    expect((await call(t.app, admin, '/api/notice/update', { id: a.id, title: dupTitle.title })).json()).toMatchObject({ msg: 'DUPLICATE_NOTICE_TITLE', field: 'title' });
    expect((await call(t.app, admin, '/api/notice/update', { id: a.id, title: 'y'.repeat(201) })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'title' });
  });

  it('lets exactly one of two concurrent releases win', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await create(admin);
      const results = await Promise.all([call(t.app, admin, '/api/notice/release', { ids: [a.id] }), call(t.app, admin, '/api/notice/release', { ids: [a.id] })]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().msg).toBe('STATE_TRANSITION_INVALID');
      expect(await statusOf(a.id)).toBe('released');
    }
  });
});

describe('authorization and data scope', () => {
  it('needs gggl for the management list but any signed-in user reads released notices', async () => {
    const student = await buildUser(t.db, { permissions: ['kc-pc'] });
    const s = await login(t.app, student.username, student.password);
    const list = await call(t.app, s, '/api/notice/list', {});
    expect(list.statusCode).toBe(403);
    expect(list.json().msg).toBe('NO_PERMISSION_ERROR');
    expect((await call(t.app, s, '/api/notice/my', {})).statusCode).toBe(200);
    expect((await call(t.app, null, '/api/notice/my', {})).statusCode).toBe(401);

    const reader = await buildUser(t.db, { permissions: ['gggl'] });
    const rs = await login(t.app, reader.username, reader.password);
    const a = await create(admin);
    const seen = (await call(t.app, rs, '/api/notice/list', { size: 500 })).json().data.records.find((r: { id: number }) => r.id === a.id);
    // The state allows everything but this caller holds none of the action codes.
    expect(seen.abilities).toEqual({ modify: false, delete: false, release: false, unrelease: false, freeze: false, unfreeze: false, pin: false, unpin: false, sort: false });
    for (const [url, body] of [
      ['/api/notice/insert', draft()],
      ['/api/notice/update', { id: a.id, title: 'nope' }],
      ['/api/notice/delete', { ids: [a.id] }],
      ['/api/notice/release', { ids: [a.id] }],
      ['/api/notice/unrelease', { ids: [a.id] }],
    ] as const) {
      expect((await call(t.app, rs, url, body)).statusCode, url).toBe(403);
      expect((await call(t.app, s, url, body)).statusCode, url).toBe(403);
    }
    expect(await statusOf(a.id)).toBe('draft');
    const publisher = await buildUser(t.db, { permissions: ['gggl', 'gggl:publish'] });
    const ps = await login(t.app, publisher.username, publisher.password);
    expect((await call(t.app, ps, '/api/notice/release', { ids: [a.id] })).statusCode).toBe(200);
    expect((await call(t.app, ps, '/api/notice/unrelease', { ids: [a.id] })).statusCode).toBe(403);
  });

  it("hides and protects notices outside the caller's organization subtree", async () => {
    const east = await buildOrg(t.db, { name: 'East' });
    const eastSub = await buildOrg(t.db, { name: 'East-1', parentId: east.id });
    const west = await buildOrg(t.db, { name: 'West' });
    const eastAdmin = await buildUser(t.db, { orgId: east.id, permissions: ALL });
    const subAdmin = await buildUser(t.db, { orgId: eastSub.id, permissions: ALL });
    const westAdmin = await buildUser(t.db, { orgId: west.id, permissions: ALL });
    const es = await login(t.app, eastAdmin.username, eastAdmin.password);
    const ss = await login(t.app, subAdmin.username, subAdmin.password);
    const ws = await login(t.app, westAdmin.username, westAdmin.password);

    const eastNotice = await create(es, { title: 'East only' });
    const subNotice = await create(ss, { title: 'East-1 only' });
    expect(eastNotice).toMatchObject({ orgId: east.id });
    const titles = async (s: Session) => (await call(t.app, s, '/api/notice/list', { size: 500 })).json().data.records.map((r: { title: string }) => r.title);
    expect(await titles(es)).toEqual(expect.arrayContaining(['East only', 'East-1 only']));
    expect(await titles(ss)).toContain('East-1 only');
    expect(await titles(ss)).not.toContain('East only');
    expect(await titles(ws)).not.toContain('East only');
    expect(await titles(admin)).toEqual(expect.arrayContaining(['East only', 'East-1 only']));

    for (const [url, body] of [
      ['/api/notice/get', { id: eastNotice.id }],
      ['/api/notice/update', { id: eastNotice.id, title: 'taken over' }],
      ['/api/notice/release', { ids: [eastNotice.id] }],
      ['/api/notice/delete', { ids: [eastNotice.id] }],
      ['/api/notice/release', { ids: [subNotice.id, eastNotice.id] }],
    ] as const) {
      const res = await call(t.app, ws, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().msg, url).toBe('NO_DATA_PERMISSION_ERROR');
    }
    expect((await call(t.app, ss, '/api/notice/release', { ids: [subNotice.id, eastNotice.id] })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect(await statusOf(subNotice.id)).toBe('draft');
    expect((await call(t.app, es, '/api/notice/get', { id: eastNotice.id })).json().data.title).toBe('East only');
    // A parent organization's administrator manages the subtree.
    expect((await call(t.app, es, '/api/notice/release', { ids: [subNotice.id, eastNotice.id] })).json().data).toEqual({ count: 2 });
  });
});

describe('student side', () => {
  it('shows released notices whose display time has come, newest first', async () => {
    const everyone = { audience: [{ type: 'org', id: (await rootOrg(t.db)).id }] };
    const older = await create(admin, { title: 'Student older', ...everyone });
    const newer = await create(admin, { title: 'Student newer', ...everyone });
    const future = await create(admin, { title: 'Student future', displayTime: inMinutes(24 * 60), ...everyone });
    const hidden = await create(admin, { title: 'Student draft', ...everyone });
    await call(t.app, admin, '/api/notice/release', { ids: [older.id, newer.id, future.id] });
    await t.db
      .update(notices)
      .set({ displayTime: new Date(Date.now() - 3600_000) })
      .where(eq(notices.id, older.id));
    await t.db
      .update(notices)
      .set({ displayTime: new Date(Date.now() - 60_000) })
      .where(eq(notices.id, newer.id));
    await t.db
      .update(notices)
      .set({ displayTime: new Date(Date.now() - 60_000) })
      .where(eq(notices.id, hidden.id));

    const student = await buildUser(t.db, { permissions: ['kc-pc'] });
    const s = await login(t.app, student.username, student.password);
    const my = (await call(t.app, s, '/api/notice/my', { page: 1, size: 50 })).json().data;
    const ids = my.records.map((r: { id: number }) => r.id);
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(future.id);
    expect(ids).not.toContain(hidden.id);
    expect(my.records[0]).not.toHaveProperty('status');

    expect((await call(t.app, s, '/api/notice/detail', { id: newer.id })).json().data).toMatchObject({ title: 'Student newer', content: '<p>Hello</p>' });
    for (const id of [future.id, hidden.id, 999999]) {
      const res = await call(t.app, s, '/api/notice/detail', { id });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('NOT_FOUND_ERROR');
    }
    await call(t.app, admin, '/api/notice/unrelease', { ids: [newer.id] });
    expect((await call(t.app, s, '/api/notice/detail', { id: newer.id })).json().msg).toBe('NOT_FOUND_ERROR');
  });

  it('serves an uploaded cover through a signed link and refuses non-image covers', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('cover-bytes')]);
    const up = await call(t.app, admin, '/api/upload/base64', { name: 'cover.png', data: `data:image/png;base64,${png.toString('base64')}`, purpose: 'notice' });
    expect(up.statusCode, up.body).toBe(200);
    const file = up.json().data;
    const a = await create(admin, { cover: file.url });
    const got = (await call(t.app, admin, '/api/notice/get', { id: a.id })).json().data;
    expect(got.cover).toBe(file.url);
    expect(got.coverUrl).toMatch(/^\/api\/upload\/public\/[0-9a-f-]{36}\?exp=\d+&sig=[0-9a-f]{64}$/);
    const img = await t.app.inject({ method: 'GET', url: got.coverUrl });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(png)).toBe(true);

    const boundary = 'x-notice-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n`),
      Buffer.from('plain text'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const txt = await t.app.inject({
      method: 'POST',
      url: '/api/upload/file?purpose=notice',
      payload: body,
      headers: { ...admin.headers(), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(txt.statusCode, txt.body).toBe(200);
    const bad = await call(t.app, admin, '/api/notice/insert', draft({ cover: txt.json().data.url }));
    expect(bad.json()).toMatchObject({ msg: 'FILE_TYPE_ERROR', field: 'cover' });
    expect((await call(t.app, admin, '/api/notice/insert', draft({ cover: '/api/upload/file/999999' }))).json()).toMatchObject({ msg: 'FILE_TYPE_ERROR', field: 'cover' });
  });
});
