import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { notices } from './notices.schema.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});
let n = 0;
const draft = (extra: Record<string, unknown> = {}) => ({
  title: `Audience notice ${++n}`,
  type: 'announcement',
  content: '<p>Hello</p>',
  displayTime: new Date(Date.now() + 1000).toISOString(),
  ...extra,
});

async function released(s: Session, extra: Record<string, unknown> = {}) {
  const res = await call(t.app, s, '/api/notice/insert', draft(extra));
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  expect((await call(t.app, s, '/api/notice/release', { ids: [id] })).statusCode).toBe(200);
  // Shown now: the display time has come.
  await t.db
    .update(notices)
    .set({ displayTime: new Date(Date.now() - 60_000) })
    .where(eq(notices.id, id));
  return id;
}

async function student(orgId?: number) {
  const u = await buildUser(t.db, { orgId, permissions: ['kc-pc'] });
  return { ...u, s: await login(t.app, u.username, u.password) };
}
const myIds = async (s: Session) => (await call(t.app, s, '/api/notice/my', { page: 1, size: 100 })).json().data.records.map((r: { id: number }) => r.id) as number[];

describe('notice audience', () => {
  it('shows a released notice only to the people its audience names', async () => {
    const east = await buildOrg(t.db, { name: 'Aud East' });
    const eastTeam = await buildOrg(t.db, { name: 'Aud East team', parentId: east.id });
    const west = await buildOrg(t.db, { name: 'Aud West' });
    const inside = await student(eastTeam.id);
    const outside = await student(west.id);
    const named = await student(west.id);

    const toEast = await released(admin, { audience: [{ type: 'org', id: east.id }] });
    const toPerson = await released(admin, { audience: [{ type: 'user', id: named.id }] });
    const toNobody = await released(admin, { audience: [] });

    expect(await myIds(inside.s)).toContain(toEast);
    expect(await myIds(outside.s)).not.toContain(toEast);
    expect(await myIds(named.s)).toEqual(expect.arrayContaining([toPerson]));
    expect(await myIds(named.s)).not.toContain(toEast);
    for (const u of [inside, outside, named]) expect(await myIds(u.s)).not.toContain(toNobody);

    // The detail and the cover's read rule follow the same audience.
    expect((await call(t.app, inside.s, '/api/notice/detail', { id: toEast })).statusCode).toBe(200);
    const refused = await call(t.app, outside.s, '/api/notice/detail', { id: toEast });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().msg).toBe('NOT_FOUND_ERROR');

    // The editor reads the audience back with names.
    const got = (await call(t.app, admin, '/api/notice/get', { id: toEast })).json().data;
    expect(got.audience).toEqual([{ type: 'org', id: east.id, name: 'Aud East' }]);
  });

  it('changes the audience on update and refuses targets beyond the caller or missing', async () => {
    const east = await buildOrg(t.db, { name: 'Aud2 East' });
    const west = await buildOrg(t.db, { name: 'Aud2 West' });
    const eastAdmin = await buildUser(t.db, { orgId: east.id, permissions: ['gggl', 'gggl:add', 'gggl:modify', 'gggl:publish', 'gggl:unpublish'] });
    const es = await login(t.app, eastAdmin.username, eastAdmin.password);
    const beyond = await call(t.app, es, '/api/notice/insert', draft({ audience: [{ type: 'org', id: west.id }] }));
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', field: 'audience', data: { beyond: [{ type: 'org', id: west.id }] } });
    const missing = await call(t.app, es, '/api/notice/insert', draft({ audience: [{ type: 'user', id: 99999999 }] }));
    expect(missing.json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'audience' });

    const westStudent = await student(west.id);
    const id = await released(admin, { audience: [{ type: 'org', id: east.id }] });
    expect(await myIds(westStudent.s)).not.toContain(id);
    await call(t.app, admin, '/api/notice/unrelease', { ids: [id] });
    const upd = await call(t.app, admin, '/api/notice/update', { id, audience: [{ type: 'org', id: west.id }] });
    expect(upd.statusCode, upd.body).toBe(200);
    await call(t.app, admin, '/api/notice/release', { ids: [id] });
    expect(await myIds(westStudent.s)).toContain(id);
  });
});

describe('pin, sort and freeze', () => {
  it('orders the portal pinned first, then by sort number, then newest; freezing hides a notice', async () => {
    const org = await buildOrg(t.db, { name: 'Order org' });
    const reader = await student(org.id);
    const audience = [{ type: 'org', id: org.id }];
    const a = await released(admin, { audience, sort: 5 });
    const b = await released(admin, { audience, sort: 1 });
    const c = await released(admin, { audience, sort: 9 });
    expect(await myIds(reader.s)).toEqual([b, a, c]);

    const pin = await call(t.app, admin, '/api/notice/pin', { ids: [c] });
    expect(pin.json().data).toEqual({ count: 1 });
    expect(await myIds(reader.s)).toEqual([c, b, a]);
    const row = (await call(t.app, admin, '/api/notice/get', { id: c })).json().data;
    expect(row).toMatchObject({ pinned: true, sort: 9, abilities: { pin: false, unpin: true, freeze: true, unfreeze: false } });
    expect((await call(t.app, reader.s, '/api/notice/my', {})).json().data.records[0]).toMatchObject({ id: c, pinned: true });

    // The sort number changes on a released notice too.
    expect((await call(t.app, admin, '/api/notice/sort', { id: a, sort: 0 })).json().data).toEqual({ count: 1 });
    expect(await myIds(reader.s)).toEqual([c, a, b]);
    expect((await call(t.app, admin, '/api/notice/sort', { id: a, sort: 100_000_000 })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'sort' });
    expect((await call(t.app, admin, '/api/notice/list', { keyword: 'Audience notice', sort: 'sort', size: 100 })).statusCode).toBe(200);

    expect((await call(t.app, admin, '/api/notice/freeze', { ids: [a] })).json().data).toEqual({ count: 1 });
    expect(await myIds(reader.s)).toEqual([c, b]);
    const frozen = (await call(t.app, admin, '/api/notice/get', { id: a })).json().data;
    expect(frozen).toMatchObject({ status: 'frozen', abilities: { modify: false, delete: false, release: false, unrelease: false, freeze: false, unfreeze: true } });
    expect((await call(t.app, admin, '/api/notice/update', { id: a, title: 'x' })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await call(t.app, admin, '/api/notice/delete', { ids: [a] })).json().msg).toBe('IN_USE_NOTICE');
    expect((await call(t.app, admin, '/api/notice/freeze', { ids: [a] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await call(t.app, admin, '/api/notice/unfreeze', { ids: [a] })).json().data).toEqual({ count: 1 });
    expect(await myIds(reader.s)).toEqual([c, a, b]);
    // A draft cannot be frozen.
    const d = (await call(t.app, admin, '/api/notice/insert', draft({ audience }))).json().data.id;
    expect((await call(t.app, admin, '/api/notice/freeze', { ids: [d] })).json().msg).toBe('STATE_TRANSITION_INVALID');
  });

  it('needs the freeze and modify codes', async () => {
    const u = await buildUser(t.db, { permissions: ['gggl', 'gggl:publish'] });
    const s = await login(t.app, u.username, u.password);
    const id = await released(admin, {});
    for (const [url, body] of [
      ['/api/notice/freeze', { ids: [id] }],
      ['/api/notice/unfreeze', { ids: [id] }],
      ['/api/notice/pin', { ids: [id] }],
      ['/api/notice/unpin', { ids: [id] }],
      ['/api/notice/sort', { id, sort: 1 }],
    ] as const) {
      expect((await call(t.app, s, url, body)).statusCode, url).toBe(403);
    }
    const row = (await call(t.app, s, '/api/notice/list', { size: 500 })).json().data.records.find((r: { id: number }) => r.id === id);
    expect(row.abilities).toMatchObject({ freeze: false, pin: false, sort: false, unrelease: false });
  });
});

describe('rich-text content', () => {
  it('is sanitized on the server and rendered back as formatted text', async () => {
    const dirty =
      '<h2>Plan</h2><p onclick="steal()">Read <strong>this</strong> <a href="javascript:alert(1)">bad</a> <a href="https://example.com">good</a></p>' +
      '<script>alert(1)</script><img src="x.png" onerror="alert(1)"><iframe src="https://evil.example"></iframe>';
    const res = await call(t.app, admin, '/api/notice/insert', draft({ content: dirty }));
    expect(res.statusCode, res.body).toBe(200);
    const content = res.json().data.content as string;
    expect(content).toBe(
      '<h2>Plan</h2><p>Read <strong>this</strong> <a>bad</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">good</a></p><img src="x.png" />',
    );
    const stored = (await t.db.select({ c: notices.content }).from(notices).where(eq(notices.id, res.json().data.id)))[0]!.c;
    expect(stored).not.toMatch(/script|onclick|onerror|javascript|iframe/i);
  });

  it('counts the text, not the markup, against the 2,000-character limit', async () => {
    const long = `<p><strong>${'x'.repeat(2000)}</strong></p>`;
    expect((await call(t.app, admin, '/api/notice/insert', draft({ content: long }))).statusCode).toBe(200);
    const tooLong = await call(t.app, admin, '/api/notice/insert', draft({ content: `<p>${'x'.repeat(2001)}</p>` }));
    expect(tooLong.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'content' });
    const empty = await call(t.app, admin, '/api/notice/insert', draft({ content: '<p><script>x</script></p>' }));
    expect(empty.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'content' });
  });

  it("embeds the author's uploaded images, signed on the way out; refuses someone else's file", async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('inline')]);
    const up = (await call(t.app, admin, '/api/upload/base64', { name: 'in.png', data: `data:image/png;base64,${png.toString('base64')}`, purpose: 'notice' })).json().data;
    // The editor inserts the signed link it got from the upload; the server stores the reference.
    const res = await call(t.app, admin, '/api/notice/insert', draft({ content: `<p>pic</p><img src="${up.publicUrl}">` }));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id;
    const stored = (await t.db.select({ c: notices.content }).from(notices).where(eq(notices.id, id)))[0]!.c;
    expect(stored).toBe(`<p>pic</p><img src="${up.url}" />`);
    const src = /src="([^"]+)"/.exec(res.json().data.content)![1]!.replace(/&amp;/g, '&');
    expect(src).toMatch(/^\/api\/upload\/public\/[0-9a-f-]{36}\?exp=\d+&sig=[0-9a-f]{64}$/);
    expect((await t.app.inject({ method: 'GET', url: src })).rawPayload.equals(png)).toBe(true);

    const other = await buildUser(t.db, { permissions: ['gggl', 'gggl:add'] });
    const os = await login(t.app, other.username, other.password);
    const theft = await call(t.app, os, '/api/notice/insert', draft({ content: `<p>mine</p><img src="${up.url}">` }));
    expect(theft.json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', field: 'content' });
  });
});
