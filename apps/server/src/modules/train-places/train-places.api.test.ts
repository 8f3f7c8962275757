import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, call, ok, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { registerTrainPlaceUse } from './index.js';

const t = useTestApp();
let admin: Session;
const used = new Set<number>();
beforeAll(async () => {
  admin = await login(t.app);
  registerTrainPlaceUse(t.app, 'test-classes', { inUse: async (_db, ids) => ids.filter((id) => used.has(id)) });
});
let n = 0;
const body = (extra: Record<string, unknown> = {}) => ({ name: `Site ${++n}`, city: 'Hangzhou', ...extra });
const create = (s: Session, extra: Record<string, unknown> = {}) => ok<{ id: number; name: string }>(t.app, s, '/api/train-place/insert', body(extra));
const names = async (s: Session, q: object = {}) =>
  (await call(t.app, s, '/api/train-place/list', { size: 500, ...q })).json().data.records.map((r: { name: string }) => r.name) as string[];

describe('training sites', () => {
  it('adds a site with name, contact, city, address, introduction; lists, filters, edits and shows its detail', async () => {
    const a = await create(admin, { name: 'West Lake Centre', contact: 'Li', address: '1 Lake Rd', introduction: 'Six rooms' });
    expect(a).toMatchObject({ name: 'West Lake Centre', contact: 'Li', city: 'Hangzhou', address: '1 Lake Rd', introduction: 'Six rooms', orgName: '总部' });
    await create(admin, { name: 'Bund Hall', city: 'Shanghai' });
    expect(await names(admin, { city: 'Shanghai' })).toEqual(['Bund Hall']);
    expect(await names(admin, { keyword: 'lake rd' })).toEqual(['West Lake Centre']);
    const byName = await names(admin, { sort: 'name' });
    expect(byName.indexOf('Bund Hall')).toBeLessThan(byName.indexOf('West Lake Centre'));
    await call(t.app, admin, '/api/train-place/update', { id: a.id, city: 'Suzhou', introduction: null });
    expect((await call(t.app, admin, '/api/train-place/get', { id: a.id })).json().data).toMatchObject({ city: 'Suzhou', introduction: null, contact: 'Li' });
  });

  it('names are unique; bad input names the field', async () => {
    const a = await create(admin, { name: 'Only Site' });
    const b = await create(admin);
    expect((await call(t.app, admin, '/api/train-place/insert', body({ name: 'Only Site' }))).json()).toMatchObject({ msg: 'DUPLICATE_TRAINING_SITE', field: 'name' });
    expect((await call(t.app, admin, '/api/train-place/update', { id: b.id, name: 'Only Site' })).json().msg).toBe('DUPLICATE_TRAINING_SITE');
    expect((await call(t.app, admin, '/api/train-place/update', { id: a.id, name: 'Only Site' })).statusCode).toBe(200);
    for (const [b2, field] of [
      [body({ name: '  ' }), 'name'],
      [body({ city: 'x'.repeat(51) }), 'city'],
      [body({ introduction: 'x'.repeat(2001) }), 'introduction'],
    ] as const) {
      const res = await call(t.app, admin, '/api/train-place/insert', b2);
      expect(res.json(), field).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
  });

  it('a site in use by a registered module is not deleted (all or none)', async () => {
    const a = await create(admin);
    const b = await create(admin);
    used.add(a.id);
    expect((await call(t.app, admin, '/api/train-place/get', { id: a.id })).json().data.abilities).toEqual({ modify: true, delete: false });
    expect((await call(t.app, admin, '/api/train-place/delete', { ids: [a.id, b.id] })).json()).toMatchObject({ msg: 'IN_USE_TRAINING_SITE', data: { ids: [a.id] } });
    expect((await call(t.app, admin, '/api/train-place/get', { id: b.id })).statusCode).toBe(200);
    used.delete(a.id);
    expect((await call(t.app, admin, '/api/train-place/delete', { ids: [a.id, b.id] })).json().data).toEqual({ count: 2 });
  });

  it('needs pxcdgl codes and keeps to the organization subtree', async () => {
    const a = await create(admin);
    const anyone = await buildUser(t.db, { permissions: ['kc-pc'] });
    const as = await login(t.app, anyone.username, anyone.password);
    const reader = await buildUser(t.db, { permissions: ['pxcdgl'] });
    const rs = await login(t.app, reader.username, reader.password);
    expect((await call(t.app, as, '/api/train-place/list', {})).statusCode).toBe(403);
    expect((await call(t.app, rs, '/api/train-place/get', { id: a.id })).json().data.abilities).toEqual({ modify: false, delete: false });
    for (const [url, payload, code] of [
      ['/api/train-place/insert', body(), 'pxcdgl:add'],
      ['/api/train-place/update', { id: a.id, city: 'x' }, 'pxcdgl:modify'],
      ['/api/train-place/delete', { ids: [a.id] }, 'pxcdgl:delete'],
    ] as const) {
      expect((await call(t.app, rs, url, payload)).statusCode, url).toBe(403);
      const u = await buildUser(t.db, { permissions: ['pxcdgl', code] });
      const us = await login(t.app, u.username, u.password);
      expect((await call(t.app, us, url, payload)).statusCode, url).toBe(200);
    }
    const east = await buildOrg(t.db, { name: 'Site East' });
    const west = await buildOrg(t.db, { name: 'Site West' });
    const all = ['pxcdgl', 'pxcdgl:add', 'pxcdgl:modify', 'pxcdgl:delete'];
    const eu = await buildUser(t.db, { orgId: east.id, permissions: all });
    const wu = await buildUser(t.db, { orgId: west.id, permissions: all });
    const es = await login(t.app, eu.username, eu.password);
    const ws = await login(t.app, wu.username, wu.password);
    const e = await create(es, { name: 'East Site' });
    expect(await names(ws)).not.toContain('East Site');
    expect(await names(es)).toContain('East Site');
    expect((await call(t.app, ws, '/api/train-place/update', { id: e.id, city: 'x' })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
  });
});
