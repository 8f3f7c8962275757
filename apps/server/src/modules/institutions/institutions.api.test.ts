import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, call, ok, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { registerInstitutionUse } from './index.js';

const t = useTestApp();
let admin: Session;
const used = new Set<number>();
beforeAll(async () => {
  admin = await login(t.app);
  // What a training class will do: mark the organizations it references as in use.
  registerInstitutionUse(t.app, 'test-classes', { inUse: async (_db, ids) => ids.filter((id) => used.has(id)) });
});
let n = 0;
const body = (extra: Record<string, unknown> = {}) => ({ name: `Institution ${++n}`, contact: 'Wang', phone: '010-1234', ...extra });
const create = (s: Session, extra: Record<string, unknown> = {}) => ok<{ id: number; name: string }>(t.app, s, '/api/institution/insert', body(extra));
const names = async (s: Session, q: object = {}) =>
  (await call(t.app, s, '/api/institution/list', { size: 500, ...q })).json().data.records.map((r: { name: string }) => r.name) as string[];

describe('training organizations', () => {
  it('adds one with all the spec fields, lists, searches, sorts, edits and reads it', async () => {
    const a = await create(admin, {
      name: 'Zeta Academy',
      contactPhone: '13800000000',
      address: 'Beijing',
      direction: 'Leadership',
      qualification: 'ISO 9001',
      profile: 'Since 1999',
    });
    expect(a).toMatchObject({
      name: 'Zeta Academy',
      contact: 'Wang',
      phone: '010-1234',
      contactPhone: '13800000000',
      address: 'Beijing',
      direction: 'Leadership',
      cover: null,
      qualification: 'ISO 9001',
      profile: 'Since 1999',
      orgName: '总部',
      abilities: { modify: true, delete: true },
    });
    await create(admin, { name: 'Alpha School', direction: 'Finance' });
    expect(await names(admin, { keyword: 'leader' })).toEqual(['Zeta Academy']);
    const sorted = await names(admin, { sort: 'name' });
    expect(sorted.indexOf('Alpha School')).toBeLessThan(sorted.indexOf('Zeta Academy'));
    const page = (await call(t.app, admin, '/api/institution/list', { page: 1, size: 1 })).json().data;
    expect(page.records).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
    const edited = (await call(t.app, admin, '/api/institution/update', { id: a.id, address: 'Shanghai', contact: null })).json().data;
    expect(edited).toMatchObject({ name: 'Zeta Academy', address: 'Shanghai', contact: null, direction: 'Leadership' });
    expect((await call(t.app, admin, '/api/institution/get', { id: a.id })).json().data.address).toBe('Shanghai');
    expect((await call(t.app, admin, '/api/institution/get', { id: 99999999 })).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'id' });
  });

  it('names are unique, also under parallel inserts and on rename', async () => {
    const a = await create(admin, { name: 'Unique Org' });
    const b = await create(admin, { name: 'Other Org' });
    const dup = await call(t.app, admin, '/api/institution/insert', body({ name: 'Unique Org' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ msg: 'DUPLICATE_TRAINING_ORGANIZATION', field: 'name' });
    expect((await call(t.app, admin, '/api/institution/update', { id: b.id, name: 'Unique Org' })).json().msg).toBe('DUPLICATE_TRAINING_ORGANIZATION');
    expect((await call(t.app, admin, '/api/institution/update', { id: a.id, name: 'Unique Org' })).statusCode).toBe(200);
    const races = await Promise.all([1, 2, 3].map(() => call(t.app, admin, '/api/institution/insert', body({ name: 'Race Org' }))));
    expect(races.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('refuses bad input naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [body({ name: '' }), 'name'],
      [body({ name: 'x'.repeat(51) }), 'name'],
      [body({ phone: 'call me' }), 'phone'],
      [body({ contactPhone: '1'.repeat(31) }), 'contactPhone'],
      [body({ cover: 'https://evil.example/x.png' }), 'cover'],
      [body({ profile: 'x'.repeat(2001) }), 'profile'],
    ];
    for (const [b, field] of cases) {
      const res = await call(t.app, admin, '/api/institution/insert', b);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
    expect((await call(t.app, admin, '/api/institution/list', { sort: 'phone' })).statusCode).toBe(400);
  });

  it('deletes all or none; one in use by a registered module is refused', async () => {
    const a = await create(admin);
    const b = await create(admin);
    used.add(b.id);
    const row = (await call(t.app, admin, '/api/institution/get', { id: b.id })).json().data;
    expect(row.abilities).toEqual({ modify: true, delete: false });
    const res = await call(t.app, admin, '/api/institution/delete', { ids: [a.id, b.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: 'IN_USE_TRAINING_ORGANIZATION', data: { ids: [b.id] } });
    expect((await call(t.app, admin, '/api/institution/get', { id: a.id })).statusCode).toBe(200);
    used.delete(b.id);
    expect((await call(t.app, admin, '/api/institution/delete', { ids: [a.id, b.id] })).json().data).toEqual({ count: 2 });
    expect((await call(t.app, admin, '/api/institution/delete', { ids: [a.id] })).json().msg).toBe('NOT_FOUND_ERROR');
  });
});

describe('training organization authorization and data scope', () => {
  it('needs pxjggl codes and keeps to the organization subtree', async () => {
    const a = await create(admin);
    const anyone = await buildUser(t.db, { permissions: ['kc-pc'] });
    const as = await login(t.app, anyone.username, anyone.password);
    const reader = await buildUser(t.db, { permissions: ['pxjggl'] });
    const rs = await login(t.app, reader.username, reader.password);
    expect((await call(t.app, null, '/api/institution/list', {})).statusCode).toBe(401);
    for (const url of ['/api/institution/list', '/api/institution/get']) expect((await call(t.app, as, url, { id: a.id })).statusCode, url).toBe(403);
    expect((await call(t.app, rs, '/api/institution/get', { id: a.id })).json().data.abilities).toEqual({ modify: false, delete: false });
    const writes: [string, object, string][] = [
      ['/api/institution/insert', body(), 'pxjggl:add'],
      ['/api/institution/update', { id: a.id, address: 'x' }, 'pxjggl:modify'],
      ['/api/institution/delete', { ids: [a.id] }, 'pxjggl:delete'],
    ];
    for (const [url, payload, code] of writes) {
      expect((await call(t.app, rs, url, payload)).statusCode, url).toBe(403);
      const u = await buildUser(t.db, { permissions: ['pxjggl', code] });
      const us = await login(t.app, u.username, u.password);
      expect((await call(t.app, us, url, payload)).statusCode, `${url} with ${code}`).toBe(200);
    }

    const east = await buildOrg(t.db, { name: 'Inst East' });
    const west = await buildOrg(t.db, { name: 'Inst West' });
    const all = ['pxjggl', 'pxjggl:add', 'pxjggl:modify', 'pxjggl:delete'];
    const eu = await buildUser(t.db, { orgId: east.id, permissions: all });
    const wu = await buildUser(t.db, { orgId: west.id, permissions: all });
    const es = await login(t.app, eu.username, eu.password);
    const ws = await login(t.app, wu.username, wu.password);
    const e = await create(es, { name: 'East Institute' });
    expect(await names(es)).toContain('East Institute');
    expect(await names(ws)).not.toContain('East Institute');
    expect(await names(admin)).toContain('East Institute');
    for (const [url, payload] of [
      ['/api/institution/get', { id: e.id }],
      ['/api/institution/update', { id: e.id, address: 'x' }],
      ['/api/institution/delete', { ids: [e.id] }],
    ] as const)
      expect((await call(t.app, ws, url, payload)).json().msg, url).toBe('NO_DATA_PERMISSION_ERROR');
  });
});
