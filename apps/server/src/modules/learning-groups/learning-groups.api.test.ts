import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { buildOrg, buildUser, rootOrg } from '../../test/factories.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});
const post = (url: string, body: object = {}, s: Session = admin) => call(t.app, s, `/api/learning-group/${url}`, body);
const ALL = ['xxqz', 'xxqz:add', 'xxqz:modify', 'xxqz:delete', 'xxqz:freeze'];

describe('learning groups', () => {
  it('inserts, lists with member counts, adds and removes members', async () => {
    const org = await buildOrg(t.db, { name: 'LG-Org' });
    const id = (await post('insert', { name: 'Newcomers', kind: 'formal', description: 'first year', orgId: org.id })).json().data.id;
    const u1 = await buildUser(t.db, { orgId: org.id, username: 'lg-u1' });
    const u2 = await buildUser(t.db, { orgId: org.id, username: 'lg-u2' });
    expect((await post('add-members', { id, userIds: [u1.id, u2.id, u1.id] })).json().data).toEqual({ added: 2 });
    // Adding again is harmless.
    expect((await post('add-members', { id, userIds: [u1.id] })).json().data).toEqual({ added: 0 });
    const list = (await post('list', { keyword: 'Newcom' })).json().data;
    expect(list.records).toEqual([
      expect.objectContaining({ id, name: 'Newcomers', kind: 'formal', description: 'first year', status: 'normal', orgId: org.id, orgName: 'LG-Org', memberCount: 2 }),
    ]);
    const one = (await post('get', { id })).json().data;
    expect(one).toMatchObject({ id, name: 'Newcomers', kind: 'formal', description: 'first year', orgId: org.id });
    expect((await post('get', { id: 999999 })).json().msg).toBe('NOT_FOUND_ERROR');
    const members = (await post('members', { id })).json().data;
    expect(members.records.map((m: { username: string }) => m.username)).toEqual(['lg-u1', 'lg-u2']);
    expect((await post('remove-members', { id, userIds: [u1.id] })).json().data).toEqual({ removed: 1 });
    expect((await post('list', { keyword: 'Newcom' })).json().data.records[0].memberCount).toBe(1);
    await post('update', { id, kind: 'temporary', name: 'Newcomers 2' });
    expect((await post('list', { kind: 'temporary', keyword: 'Newcomers' })).json().data.records[0].name).toBe('Newcomers 2');
    // Default organization: the caller's own.
    const own = (await post('insert', { name: 'Own-Org', kind: 'formal' })).json().data.id;
    const adminOrg = (await post('list', { keyword: 'Own-Org' })).json().data.records[0];
    expect(adminOrg.id).toBe(own);
    expect(adminOrg.orgId).toBe((await rootOrg(t.db)).id); // the administrator sits in the root
  });

  it('names are unique; a group with members cannot be deleted', async () => {
    const id = (await post('insert', { name: 'Uniq-G', kind: 'formal' })).json().data.id;
    const dup = await post('insert', { name: 'Uniq-G', kind: 'temporary' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ msg: 'DUPLICATE_LEARNING_GROUP', field: 'name' });
    const other = (await post('insert', { name: 'Uniq-H', kind: 'formal' })).json().data.id;
    expect((await post('update', { id: other, name: 'Uniq-G' })).json().msg).toBe('DUPLICATE_LEARNING_GROUP');
    const u = await buildUser(t.db);
    await post('add-members', { id, userIds: [u.id] });
    const del = await post('delete', { ids: [other, id] });
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toBe('IN_USE_LEARNING_GROUP');
    expect((await post('list', { keyword: 'Uniq-' })).json().data.total).toBe(2);
    await post('remove-members', { id, userIds: [u.id] });
    expect((await post('delete', { ids: [other, id] })).statusCode).toBe(200);
    expect((await post('list', { keyword: 'Uniq-' })).json().data.total).toBe(0);
    const races = await Promise.all([1, 2, 3].map(() => post('insert', { name: 'Race-G', kind: 'formal' })));
    expect(races.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('freeze and unfreeze; a frozen group takes no new members', async () => {
    const id = (await post('insert', { name: 'Frz-G', kind: 'formal' })).json().data.id;
    expect((await post('freeze', { ids: [id] })).statusCode).toBe(200);
    expect((await post('list', { status: 'frozen', keyword: 'Frz-G' })).json().data.total).toBe(1);
    const u = await buildUser(t.db);
    expect((await post('add-members', { id, userIds: [u.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    await post('unfreeze', { ids: [id] });
    expect((await post('add-members', { id, userIds: [u.id] })).statusCode).toBe(200);
  });

  it("data scope: lists, changes and members stay inside the caller's organizations", async () => {
    const east = await buildOrg(t.db, { name: 'LG-East' });
    const west = await buildOrg(t.db, { name: 'LG-West' });
    const westGroup = (await post('insert', { name: 'West-G', kind: 'formal', orgId: west.id })).json().data.id;
    const mgr = await buildUser(t.db, { orgId: east.id, permissions: ALL });
    const s = await login(t.app, mgr.username, mgr.password);
    const eastGroup = (await post('insert', { name: 'East-G', kind: 'formal' }, s)).json().data.id;
    const names = (await post('list', { size: 100 }, s)).json().data.records.map((r: { name: string }) => r.name);
    expect(names).toEqual(['East-G']);
    const westUser = await buildUser(t.db, { orgId: west.id });
    const refused: [string, object][] = [
      ['insert', { name: 'W2', kind: 'formal', orgId: west.id }],
      ['update', { id: westGroup, name: 'x' }],
      ['update', { id: eastGroup, orgId: west.id }],
      ['delete', { ids: [westGroup] }],
      ['freeze', { ids: [eastGroup, westGroup] }],
      ['members', { id: westGroup }],
      ['add-members', { id: westGroup, userIds: [mgr.id] }],
      ['add-members', { id: eastGroup, userIds: [westUser.id] }],
      ['remove-members', { id: westGroup, userIds: [westUser.id] }],
    ];
    for (const [url, body] of refused) {
      const res = await post(url, body, s);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().msg, url).toBe('NO_DATA_PERMISSION_ERROR');
    }
    expect((await post('list', { keyword: 'East-G' })).json().data.records[0]).toMatchObject({ status: 'normal', memberCount: 0, orgId: east.id });
  });

  it('authorization matrix and bad input', async () => {
    const id = (await post('insert', { name: 'Auth-G', kind: 'formal' })).json().data.id;
    const reader = await buildUser(t.db, { permissions: ['xxqz'] });
    const rs = await login(t.app, reader.username, reader.password);
    expect((await post('list', {}, rs)).statusCode).toBe(200);
    expect((await post('members', { id }, rs)).statusCode).toBe(200);
    for (const [url, body] of [
      ['insert', { name: 'x', kind: 'formal' }],
      ['update', { id, name: 'x' }],
      ['delete', { ids: [id] }],
      ['freeze', { ids: [id] }],
      ['unfreeze', { ids: [id] }],
      ['add-members', { id, userIds: [reader.id] }],
      ['remove-members', { id, userIds: [reader.id] }],
    ] as const) {
      expect((await post(url, body, rs)).statusCode, url).toBe(403);
    }
    const none = await buildUser(t.db, { permissions: ['kcgl'] });
    const ns = await login(t.app, none.username, none.password);
    expect((await post('list', {}, ns)).statusCode).toBe(403);
    expect((await call(t.app, null, '/api/learning-group/list', {})).statusCode).toBe(401);
    const bad: [string, object, string][] = [
      ['insert', { name: 'x'.repeat(31), kind: 'formal' }, 'name'],
      ['insert', { name: 'ok', kind: 'casual' }, 'kind'],
      ['insert', { name: 'ok', kind: 'formal', description: 'd'.repeat(201) }, 'description'],
      ['add-members', { id, userIds: [] }, 'userIds'],
      ['list', { status: 'gone' }, 'status'],
    ];
    for (const [url, body, field] of bad) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${field}`).toBe(400);
      expect(res.json(), `${url} ${field}`).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
    expect((await post('add-members', { id, userIds: [99999999] })).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'userIds' });
    expect((await post('update', { id: 99999999, name: 'x' })).json().msg).toBe('NOT_FOUND_ERROR');
  });
});
