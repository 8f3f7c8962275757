import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { buildOrg, buildUser, rootOrg } from '../../test/factories.js';
import { lecturers, teacherLevels } from './lecturers.schema.js';

const t = useTestApp();
let admin: Session;
let rootId: number;
beforeAll(async () => {
  admin = await login(t.app);
  rootId = (await rootOrg(t.db)).id;
});
let seq = 0;
const ident = () => `L${Date.now().toString(36)}${(seq++).toString().padStart(3, '0')}`.slice(0, 20);
const lecturer = (extra: Record<string, unknown> = {}) => ({ realname: '王老师', username: ident(), kind: 'external', orgId: rootId, ...extra });

describe('teacher levels', () => {
  it('creates at most 10 levels even when inserted concurrently, refuses duplicates, and keeps used levels', async () => {
    const first = await call(t.app, admin, '/api/teacher-level/insert', { name: '初级', sort: 1 });
    expect(first.statusCode).toBe(200);
    expect((await call(t.app, admin, '/api/teacher-level/insert', { name: '初级' })).json()).toMatchObject({ msg: 'DUPLICATE_DATA', field: 'name' });
    expect((await call(t.app, admin, '/api/teacher-level/insert', { name: 'x'.repeat(21) })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'name' });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => call(t.app, admin, '/api/teacher-level/insert', { name: `级别${i}`, sort: i + 2 })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(9);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().msg === 'LIMIT_EXCEEDED')).toBe(true);
    const all = (await call(t.app, admin, '/api/teacher-level/all', {})).json().data;
    expect(all).toHaveLength(10);
    expect(all[0]).toMatchObject({ name: '初级', lecturerCount: 0 });

    const levelId = first.json().data.id;
    await call(t.app, admin, '/api/teacher/insert', lecturer({ levelId }));
    const del = await call(t.app, admin, '/api/teacher-level/delete', { id: levelId });
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toBe('IN_USE_LEVEL');
    expect((await call(t.app, admin, '/api/teacher-level/update', { id: levelId, name: '高级讲师' })).statusCode).toBe(200);
    const unused = all.find((l: { name: string }) => l.name !== '初级');
    expect((await call(t.app, admin, '/api/teacher-level/delete', { id: unused.id })).statusCode).toBe(200);
    const [{ n }] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from teacher_levels`)).rows as [{ n: number }];
    expect(n).toBe(9);
  });
});

describe('lecturers', () => {
  it('creates, reads, lists, updates with fee in fen, and refuses a duplicate identifier', async () => {
    const user = await buildUser(t.db, { realname: '李内训' });
    const inner = (await call(t.app, admin, '/api/teacher/inner-users', { keyword: user.username })).json().data.records;
    expect(inner.map((u: { id: number }) => u.id)).toEqual([user.id]);

    const body = lecturer({ kind: 'internal', userId: user.id, email: 'li@example.com', unit: '总部', title: '高级工程师', feeFen: 50_000, introduction: '介绍' });
    const res = await call(t.app, admin, '/api/teacher/insert', body);
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id;
    const got = (await call(t.app, admin, '/api/teacher/get', { id })).json().data;
    expect(got).toMatchObject({ username: body.username, kind: 'internal', userId: user.id, feeFen: 50_000, status: 'normal', certified: false, introduction: '介绍' });
    // Once a lecturer, the user no longer appears in the picker and cannot be linked twice.
    expect((await call(t.app, admin, '/api/teacher/inner-users', { keyword: user.username })).json().data.total).toBe(0);
    expect((await call(t.app, admin, '/api/teacher/insert', lecturer({ kind: 'internal', userId: user.id }))).json()).toMatchObject({
      msg: 'DUPLICATE_LECTURER',
      field: 'userId',
    });
    expect((await call(t.app, admin, '/api/teacher/insert', lecturer({ username: body.username.toLowerCase() }))).json()).toMatchObject({
      msg: 'DUPLICATE_LECTURER',
      field: 'username',
    });

    expect((await call(t.app, admin, '/api/teacher/update', { id, feeFen: 12_345, title: '' })).statusCode).toBe(200);
    expect((await call(t.app, admin, '/api/teacher/get', { id })).json().data).toMatchObject({ feeFen: 12_345, title: null, email: 'li@example.com' });
    const list = (await call(t.app, admin, '/api/teacher/list', { keyword: body.username })).json().data;
    expect(list).toMatchObject({ total: 1, records: [{ id, orgName: expect.any(String) }] });
  });

  it('validates fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [lecturer({ username: 'abc12' }), 'username'],
      [lecturer({ username: 'abcdefghijk-12' }), 'username'],
      [lecturer({ username: 'a'.repeat(21) }), 'username'],
      [lecturer({ realname: 'x'.repeat(31) }), 'realname'],
      [lecturer({ kind: 'guest' }), 'kind'],
      [lecturer({ feeFen: 1.5 }), 'feeFen'],
      [lecturer({ feeFen: -1 }), 'feeFen'],
      [lecturer({ introduction: 'x'.repeat(2001) }), 'introduction'],
      [lecturer({ title: 'x'.repeat(51) }), 'title'],
      [lecturer({ email: 'bad' }), 'email'],
    ];
    for (const [body, field] of cases)
      expect((await call(t.app, admin, '/api/teacher/insert', body)).json(), JSON.stringify(body)).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    // An external lecturer has no platform account.
    const u = await buildUser(t.db);
    expect((await call(t.app, admin, '/api/teacher/insert', lecturer({ kind: 'external', userId: u.id }))).json()).toMatchObject({
      msg: 'PARAMETER_INVALID',
      field: 'userId',
    });
    expect((await call(t.app, admin, '/api/teacher/insert', lecturer({ levelId: 999999 }))).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'levelId' });
  });

  it('freezes, certifies and deletes in batch', async () => {
    const a = (await call(t.app, admin, '/api/teacher/insert', lecturer())).json().data.id;
    const b = (await call(t.app, admin, '/api/teacher/insert', lecturer())).json().data.id;
    expect((await call(t.app, admin, '/api/teacher/freeze', { ids: [a, b] })).statusCode).toBe(200);
    expect((await call(t.app, admin, '/api/teacher/auth', { ids: [a], certified: true })).statusCode).toBe(200);
    const frozen = (await call(t.app, admin, '/api/teacher/list', { status: 'frozen', size: 100 })).json().data.records.map((r: { id: number }) => r.id);
    expect(frozen).toEqual(expect.arrayContaining([a, b]));
    const certified = (await call(t.app, admin, '/api/teacher/list', { certified: true, size: 100 })).json().data.records.map((r: { id: number }) => r.id);
    expect(certified).toContain(a);
    expect(certified).not.toContain(b);
    expect((await call(t.app, admin, '/api/teacher/unfreeze', { ids: [a] })).statusCode).toBe(200);
    expect((await t.db.select().from(lecturers).where(eq(lecturers.id, a)))[0]).toMatchObject({ status: 'normal', certified: true });
    expect((await call(t.app, admin, '/api/teacher/delete', { ids: [a, b] })).statusCode).toBe(200);
    expect(await t.db.select().from(lecturers).where(eq(lecturers.id, a))).toHaveLength(0);
    expect((await call(t.app, admin, '/api/teacher/delete', { ids: [a] })).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR' });
  });

  it('limits lecturers to the caller’s organization subtree', async () => {
    const east = await buildOrg(t.db);
    const west = await buildOrg(t.db);
    const inEast = (await call(t.app, admin, '/api/teacher/insert', lecturer({ orgId: east.id }))).json().data.id;
    const inWest = (await call(t.app, admin, '/api/teacher/insert', lecturer({ orgId: west.id }))).json().data.id;
    const westUser = await buildUser(t.db, { orgId: west.id });
    const mgr = await buildUser(t.db, { orgId: east.id, permissions: ['jsgl', 'jsgl:add', 'jsgl:modify', 'jsgl:delete', 'jsgl:freeze', 'jsgl:approve'] });
    const s = await login(t.app, mgr.username, mgr.password);
    const ids = (await call(t.app, s, '/api/teacher/list', { size: 100 })).json().data.records.map((r: { id: number }) => r.id);
    expect(ids).toEqual([inEast]);
    expect((await call(t.app, s, '/api/teacher/get', { id: inWest })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await call(t.app, s, '/api/teacher/insert', lecturer({ orgId: west.id }))).json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', data: { beyond: [west.id] } });
    expect((await call(t.app, s, '/api/teacher/update', { id: inEast, orgId: west.id })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    for (const url of ['/api/teacher/freeze', '/api/teacher/delete']) {
      expect((await call(t.app, s, url, { ids: [inEast, inWest] })).json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', data: { beyond: [inWest] } });
    }
    expect((await call(t.app, s, '/api/teacher/auth', { ids: [inWest], certified: true })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    const [w] = await t.db.select().from(lecturers).where(eq(lecturers.id, inWest));
    expect(w).toMatchObject({ status: 'normal', certified: false });
    const picker = (await call(t.app, s, '/api/teacher/inner-users', { size: 100 })).json().data.records.map((r: { id: number }) => r.id);
    expect(picker).not.toContain(westUser.id);
  });

  it('authorization matrix', async () => {
    const [lvl] = await t.db.select().from(teacherLevels).limit(1);
    const matrix: [string, unknown, string][] = [
      ['/api/teacher/list', {}, 'jsgl'],
      ['/api/teacher/get', { id: 1 }, 'jsgl'],
      ['/api/teacher/inner-users', {}, 'jsgl'],
      ['/api/teacher/insert', lecturer(), 'jsgl:add'],
      ['/api/teacher/update', { id: 1, realname: 'x' }, 'jsgl:modify'],
      ['/api/teacher/delete', { ids: [1] }, 'jsgl:delete'],
      ['/api/teacher/freeze', { ids: [1] }, 'jsgl:freeze'],
      ['/api/teacher/unfreeze', { ids: [1] }, 'jsgl:freeze'],
      ['/api/teacher/auth', { ids: [1], certified: true }, 'jsgl:approve'],
      ['/api/teacher-level/all', {}, 'jsgl'],
      ['/api/teacher-level/insert', { name: 'n' }, 'jsgl:add'],
      ['/api/teacher-level/update', { id: lvl!.id, name: 'n' }, 'jsgl:modify'],
      ['/api/teacher-level/delete', { id: lvl!.id }, 'jsgl:delete'],
    ];
    const all = ['jsgl', 'jsgl:add', 'jsgl:modify', 'jsgl:delete', 'jsgl:freeze', 'jsgl:approve', 'yhgl'];
    for (const [url, body, needed] of matrix) {
      const granted = needed.includes(':') ? all.filter((c) => c !== needed) : ['yhgl', 'xsgl'];
      const u = await buildUser(t.db, { permissions: granted });
      const s = await login(t.app, u.username, u.password);
      const res = await call(t.app, s, url, body);
      expect(res.statusCode, `${url} without ${needed}`).toBe(403);
    }
    const [stillThere] = await t.db.select().from(teacherLevels).where(eq(teacherLevels.id, lvl!.id));
    expect(stillThere!.name).toBe(lvl!.name);
  });
});
