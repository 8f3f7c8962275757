import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, call, ok, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';

const t = useTestApp();
let admin: Session;
let image: { url: string };
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('banner')]);
const upload = (s: Session, purpose = 'cover') =>
  ok<{ url: string }>(t.app, s, '/api/upload/base64', { name: 'b.png', data: `data:image/png;base64,${PNG.toString('base64')}`, purpose });
beforeAll(async () => {
  admin = await login(t.app);
  image = await upload(admin);
});
let n = 0;
const body = (extra: Record<string, unknown> = {}) => ({ title: `Banner ${++n}`, image: image.url, link: '/portal/notice/1', ...extra });
const create = (s: Session, extra: Record<string, unknown> = {}) => ok<{ id: number; status: string }>(t.app, s, '/api/banner/insert', body(extra));
const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const student = async () => {
  const u = await buildUser(t.db, { permissions: ['kc-pc'] });
  return login(t.app, u.username, u.password);
};
const currentIds = async (s: Session) => (await call(t.app, s, '/api/banner/current', {})).json().data.map((b: { id: number }) => b.id) as number[];

describe('banner management', () => {
  it('creates an unreleased banner with a signed image, lists it with abilities, edits it', async () => {
    const b = await create(admin, { title: 'Spring', sort: 3 });
    expect(b).toMatchObject({
      title: 'Spring',
      status: 'unreleased',
      sort: 3,
      link: '/portal/notice/1',
      abilities: { modify: true, delete: true, release: true, unrelease: false },
    });
    expect((b as unknown as { imageUrl: string }).imageUrl).toMatch(/^\/api\/upload\/public\/[0-9a-f-]{36}\?exp=\d+&sig=[0-9a-f]{64}$/);
    const list = (await call(t.app, admin, '/api/banner/list', { keyword: 'Spring' })).json().data;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ id: b.id, orgName: '总部' });
    const edited = await call(t.app, admin, '/api/banner/update', { id: b.id, title: 'Summer', link: 'https://example.com/x' });
    expect(edited.json().data).toMatchObject({ title: 'Summer', link: 'https://example.com/x', sort: 3 });
  });

  it('validates title, image, link, sort and period, naming the field', async () => {
    const txt = await call(t.app, admin, '/api/banner/insert', body({ image: '/api/upload/file/00000000-0000-0000-0000-000000000000' }));
    const cases: [Record<string, unknown>, string, string][] = [
      [body({ title: 'x'.repeat(31) }), 'PARAMETER_INVALID', 'title'],
      [body({ title: ' ' }), 'PARAMETER_INVALID', 'title'],
      [body({ image: 'https://example.com/a.png' }), 'PARAMETER_INVALID', 'image'],
      [body({ link: 'javascript:alert(1)' }), 'PARAMETER_INVALID', 'link'],
      [body({ link: 'http://example.com' }), 'PARAMETER_INVALID', 'link'],
      [body({ link: '//evil.example/x' }), 'PARAMETER_INVALID', 'link'],
      [body({ link: 'portal' }), 'PARAMETER_INVALID', 'link'],
      [body({ sort: -1 }), 'PARAMETER_INVALID', 'sort'],
      [body({ sort: 100_000_000 }), 'PARAMETER_INVALID', 'sort'],
      [body({ startAt: at(60), endAt: at(30) }), 'PARAMETER_INVALID', 'endAt'],
    ];
    for (const [b, msg, field] of cases) {
      const res = await call(t.app, admin, '/api/banner/insert', b);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(res.json(), JSON.stringify(b)).toMatchObject({ msg, field });
    }
    expect(txt.json()).toMatchObject({ msg: 'FILE_TYPE_ERROR', field: 'image' });
    // An image uploaded for another purpose, or by someone else, is refused.
    const notice = await upload(admin, 'notice');
    expect((await call(t.app, admin, '/api/banner/insert', body({ image: notice.url }))).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'image' });
    const other = await buildUser(t.db, { permissions: ['tggl', 'tggl:add'] });
    const os = await login(t.app, other.username, other.password);
    expect((await call(t.app, os, '/api/banner/insert', body())).json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', field: 'image' });
    // The update checks the period against the stored half.
    const b = await create(admin, { startAt: at(60) });
    expect((await call(t.app, admin, '/api/banner/update', { id: b.id, endAt: at(30) })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'endAt' });
    expect((await call(t.app, admin, '/api/banner/insert', body({ link: null }))).statusCode).toBe(200);
  });

  it('walks the lifecycle: a released banner cannot change or go until unreleased', async () => {
    const b = await create(admin);
    expect((await call(t.app, admin, '/api/banner/release', { ids: [b.id] })).json().data).toEqual({ count: 1 });
    const got = (await call(t.app, admin, '/api/banner/get', { id: b.id })).json().data;
    expect(got).toMatchObject({ status: 'released', abilities: { modify: false, delete: false, release: false, unrelease: true } });
    expect((await call(t.app, admin, '/api/banner/update', { id: b.id, title: 'no' })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await call(t.app, admin, '/api/banner/delete', { ids: [b.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await call(t.app, admin, '/api/banner/release', { ids: [b.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await call(t.app, admin, '/api/banner/unrelease', { ids: [b.id] })).json().data).toEqual({ count: 1 });
    expect((await call(t.app, admin, '/api/banner/delete', { ids: [b.id] })).json().data).toEqual({ count: 1 });
    expect((await call(t.app, admin, '/api/banner/get', { id: b.id })).json().msg).toBe('NOT_FOUND_ERROR');
  });
});

describe('portal carousel', () => {
  it('shows released banners within their display period, in sort order', async () => {
    const later = await create(admin, { sort: 20 });
    const first = await create(admin, { sort: 10 });
    const future = await create(admin, { sort: 1, startAt: at(60) });
    const past = await create(admin, { sort: 1, startAt: at(-120), endAt: at(-60) });
    const draft = await create(admin, { sort: 1 });
    await call(t.app, admin, '/api/banner/release', { ids: [later.id, first.id, future.id, past.id] });
    const s = await student();
    const ids = await currentIds(s);
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(later.id));
    for (const hidden of [future.id, past.id, draft.id]) expect(ids).not.toContain(hidden);
    const shown = (await call(t.app, s, '/api/banner/current', {})).json().data.find((b: { id: number }) => b.id === first.id);
    expect(shown).toEqual({ id: first.id, title: expect.any(String), imageUrl: expect.stringMatching(/^\/api\/upload\/public\//), link: '/portal/notice/1' });
    // The student's browser loads the image by its signed link.
    expect((await t.app.inject({ method: 'GET', url: shown.imageUrl })).rawPayload.equals(PNG)).toBe(true);
    expect((await call(t.app, null, '/api/banner/current', {})).statusCode).toBe(401);
  });
});

describe('banner authorization and data scope', () => {
  it('needs tggl codes and keeps to the organization subtree', async () => {
    const s = await student();
    expect((await call(t.app, s, '/api/banner/list', {})).statusCode).toBe(403);
    const reader = await buildUser(t.db, { permissions: ['tggl'] });
    const rs = await login(t.app, reader.username, reader.password);
    const b = await create(admin);
    const row = (await call(t.app, rs, '/api/banner/list', { size: 500 })).json().data.records.find((r: { id: number }) => r.id === b.id);
    expect(row.abilities).toEqual({ modify: false, delete: false, release: false, unrelease: false });
    for (const [url, payload] of [
      ['/api/banner/insert', body()],
      ['/api/banner/update', { id: b.id, title: 'x' }],
      ['/api/banner/delete', { ids: [b.id] }],
      ['/api/banner/release', { ids: [b.id] }],
      ['/api/banner/unrelease', { ids: [b.id] }],
    ] as const) {
      expect((await call(t.app, rs, url, payload)).statusCode, url).toBe(403);
    }

    const east = await buildOrg(t.db, { name: 'Banner East' });
    const west = await buildOrg(t.db, { name: 'Banner West' });
    const all = ['tggl', 'tggl:add', 'tggl:modify', 'tggl:delete', 'tggl:publish', 'tggl:unpublish'];
    const eastAdmin = await buildUser(t.db, { orgId: east.id, permissions: all });
    const westAdmin = await buildUser(t.db, { orgId: west.id, permissions: all });
    const es = await login(t.app, eastAdmin.username, eastAdmin.password);
    const ws = await login(t.app, westAdmin.username, westAdmin.password);
    const eastImage = await upload(es);
    const eb = await create(es, { title: 'East banner', image: eastImage.url });
    const titles = async (x: Session) => (await call(t.app, x, '/api/banner/list', { size: 500 })).json().data.records.map((r: { title: string }) => r.title);
    expect(await titles(es)).toContain('East banner');
    expect(await titles(ws)).not.toContain('East banner');
    const res = await call(t.app, ws, '/api/banner/release', { ids: [eb.id] });
    expect(res.json().msg).toBe('NO_DATA_PERMISSION_ERROR');
  });
});
