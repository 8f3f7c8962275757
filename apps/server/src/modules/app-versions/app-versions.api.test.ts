import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, call, newUserSession, type Session } from '../../test/harness.js';
import { appVersions } from './app-versions.schema.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});
const v = (over: Record<string, unknown> = {}) => ({ version: '1.0.0', description: '首个版本', terminal: 'android', platform: 'student', ...over });
const sessionWith = (permissions: string[]) => newUserSession(t, { permissions });
const count = async () => (await t.db.select().from(appVersions)).length;

describe('app versions', () => {
  it('creates, lists, updates and deletes', async () => {
    const created = await call(t.app, admin, '/api/app-version/insert', v({ version: '2.0.0', terminal: 'ios' }));
    expect(created.statusCode).toBe(200);
    const row = created.json().data;
    expect(row).toMatchObject({ version: '2.0.0', terminal: 'ios', platform: 'student', description: '首个版本' });

    const list = await call(t.app, admin, '/api/app-version/manage-list', { terminal: 'ios' });
    expect(list.json().data).toMatchObject({ total: 1, page: 1, records: [{ id: row.id, version: '2.0.0' }] });

    const upd = await call(t.app, admin, '/api/app-version/update', { ...v({ version: '2.0.1', terminal: 'ios' }), id: row.id });
    expect(upd.json().data).toMatchObject({ id: row.id, version: '2.0.1' });
    expect((await call(t.app, admin, `/api/app-version/getbyid/${row.id}`)).json().data.version).toBe('2.0.1');

    const del = await call(t.app, admin, '/api/app-version/delete', { ids: [row.id] });
    expect(del.json().data).toEqual({ deleted: 1 });
    expect((await call(t.app, admin, `/api/app-version/getbyid/${row.id}`)).json().msg).toBe('NOT_FOUND_ERROR');
  });

  it('refuses the same version for the same terminal and platform, allows it elsewhere', async () => {
    expect((await call(t.app, admin, '/api/app-version/insert', v({ version: '3.1.0' }))).statusCode).toBe(200);
    const dup = await call(t.app, admin, '/api/app-version/insert', v({ version: '3.1.0', description: 'again' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 4027, msg: 'DUPLICATE_APP_VERSION', field: 'version' });
    expect((await call(t.app, admin, '/api/app-version/insert', v({ version: '3.1.0', terminal: 'pc' }))).statusCode).toBe(200);
    expect((await call(t.app, admin, '/api/app-version/insert', v({ version: '3.1.0', platform: 'manage' }))).statusCode).toBe(200);

    // Renaming another row onto an existing triple is refused too, and the row keeps its version.
    const other = (await call(t.app, admin, '/api/app-version/insert', v({ version: '3.2.0' }))).json().data;
    const clash = await call(t.app, admin, '/api/app-version/update', { ...v({ version: '3.1.0' }), id: other.id });
    expect(clash.json().msg).toBe('DUPLICATE_APP_VERSION');
    expect((await call(t.app, admin, `/api/app-version/getbyid/${other.id}`)).json().data.version).toBe('3.2.0');
  });

  it('lets exactly one of two parallel identical inserts win', async () => {
    const before = await count();
    const answers = await Promise.all(Array.from({ length: 4 }, () => call(t.app, admin, '/api/app-version/insert', v({ version: '9.9.9', terminal: 'h5' }))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().msg).toBe('DUPLICATE_APP_VERSION');
    expect(await count()).toBe(before + 1);
  });

  it('deletes all or nothing when an id does not exist', async () => {
    const a = (await call(t.app, admin, '/api/app-version/insert', v({ version: '4.0.0' }))).json().data;
    const before = await count();
    const res = await call(t.app, admin, '/api/app-version/delete', { ids: [a.id, 999999] });
    expect(res.statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it('shows the public list without a session, newest first, filtered by terminal', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/app-version/list', payload: { page: 1, size: 50, terminal: 'android' } });
    expect(res.statusCode).toBe(200);
    const { records, total } = res.json().data;
    expect(total).toBe(records.length);
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r: { terminal: string }) => r.terminal === 'android')).toBe(true);
    const times = records.map((r: { createdAt: string }) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await t.app.inject({ method: 'POST', url: '/api/app-version/list', payload: { terminal: 'symbian' } })).statusCode).toBe(400);
  });

  it('validates the input', async () => {
    const before = await count();
    const bad: [Record<string, unknown>, string][] = [
      [v({ version: '' }), 'version'],
      [v({ version: '1'.repeat(31) }), 'version'],
      [v({ version: '1.0 beta' }), 'version'],
      [v({ description: 'x'.repeat(2001) }), 'description'],
      [v({ description: '' }), 'description'],
      [v({ terminal: 'windows' }), 'terminal'],
      [v({ platform: 'teacher' }), 'platform'],
      [v({ version: 5 }), 'version'],
    ];
    for (const [body, field] of bad) {
      const res = await call(t.app, admin, '/api/app-version/insert', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
    expect(await count()).toBe(before);
    expect((await call(t.app, admin, '/api/app-version/update', v())).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'id' });
    expect((await call(t.app, admin, '/api/app-version/update', { ...v({ version: '77.0' }), id: 987654 })).statusCode).toBe(404);
    expect((await call(t.app, admin, '/api/app-version/getbyid/abc')).statusCode).toBe(400);
    expect((await call(t.app, admin, '/api/app-version/delete', { ids: [] })).statusCode).toBe(400);
  });

  it('enforces the permission codes', async () => {
    const target = (await call(t.app, admin, '/api/app-version/insert', v({ version: '5.0.0' }))).json().data;
    const cases: { url: string; body: unknown; code: string }[] = [
      { url: '/api/app-version/manage-list', body: {}, code: 'bbgl' },
      { url: `/api/app-version/getbyid/${target.id}`, body: undefined, code: 'bbgl' },
      { url: '/api/app-version/insert', body: v({ version: '5.0.1' }), code: 'bbgl:add' },
      { url: '/api/app-version/update', body: { ...v({ version: '5.0.2' }), id: target.id }, code: 'bbgl:modify' },
      { url: '/api/app-version/delete', body: { ids: [target.id] }, code: 'bbgl:delete' },
    ];
    const reader = await sessionWith(['bbgl']);
    const none = await sessionWith(['yjfk']);
    for (const c of cases) {
      expect((await call(t.app, null, c.url, c.body)).statusCode, c.url).toBe(401);
      expect((await call(t.app, none, c.url, c.body)).statusCode, c.url).toBe(403);
      expect((await call(t.app, reader, c.url, c.body)).statusCode, c.url).toBe(c.code === 'bbgl' ? 200 : 403);
    }
    // Nothing changed by the refused calls.
    expect((await call(t.app, admin, `/api/app-version/getbyid/${target.id}`)).json().data.version).toBe('5.0.0');
    for (const c of cases.filter((x) => x.code !== 'bbgl')) {
      const holder = await sessionWith([c.code]);
      expect((await call(t.app, holder, c.url, c.body)).statusCode, c.url).toBe(200);
    }
  });
});
