import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';

const t = useTestApp();
let admin: Session;
const jobLabels: number[] = [];
let courseLabel: number;
beforeAll(async () => {
  admin = await login(t.app);
  const job = (await call(t.app, admin, '/api/label-category/insert', { name: 'Job', kind: 'job' })).json().data.id;
  for (const n of ['j1', 'j2', 'j3', 'j4', 'j5', 'j6']) jobLabels.push((await call(t.app, admin, '/api/label/insert', { categoryId: job, name: n })).json().data.id);
  const course = (await call(t.app, admin, '/api/label-category/insert', { name: 'Course', kind: 'course' })).json().data.id;
  courseLabel = (await call(t.app, admin, '/api/label/insert', { categoryId: course, name: 'c1' })).json().data.id;
});
const post = (url: string, body: object = {}, s: Session = admin) => call(t.app, s, url, body);
/** The user holds the position of that name (or none when no position has it). */
const setPost = (userId: number, post: string) => t.db.execute(sql`update users set position_id = (select id from positions where name = ${post}) where id = ${userId}`);

describe('positions', () => {
  it('inserts with job labels, lists with labels and user counts', async () => {
    const id = (await post('/api/position/insert', { name: 'Engineer', description: 'builds', labelIds: [jobLabels[0], jobLabels[1]] })).json().data.id;
    await post('/api/position/insert', { name: 'Accountant' });
    const u = await buildUser(t.db);
    await setPost(u.id, 'Engineer');
    const list = (await post('/api/position/list', { keyword: 'Engin' })).json().data;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({
      id,
      name: 'Engineer',
      description: 'builds',
      userCount: 1,
      labels: [
        { id: jobLabels[0], name: 'j1' },
        { id: jobLabels[1], name: 'j2' },
      ],
    });
    expect((await post('/api/position/list', { labelId: jobLabels[1] })).json().data.records.map((r: { name: string }) => r.name)).toEqual(['Engineer']);
    expect((await post('/api/position/get', { id })).json().data).toEqual(list.records[0]);
    expect((await post('/api/position/get', { id: 999999 })).json().msg).toBe('NOT_FOUND_ERROR');
    // Default order is the sort column (insertion order).
    expect(
      (await post('/api/position/list', {}))
        .json()
        .data.records.map((r: { name: string }) => r.name)
        .slice(0, 2),
    ).toEqual(['Engineer', 'Accountant']);
    await post('/api/position/update', { id, labelIds: [jobLabels[2]], description: null });
    expect((await post('/api/position/list', { keyword: 'Engin' })).json().data.records[0]).toMatchObject({ description: null, labels: [{ id: jobLabels[2] }] });
  });

  it('position labels: job labels only, at most 5', async () => {
    const six = await post('/api/position/insert', { name: 'Six', labelIds: jobLabels });
    expect(six.statusCode).toBe(400);
    expect(six.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'labelIds' });
    const wrongKind = await post('/api/position/insert', { name: 'Wrong', labelIds: [courseLabel] });
    expect(wrongKind.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'labelIds' });
    expect((await post('/api/position/insert', { name: 'Missing', labelIds: [99999999] })).json().field).toBe('labelIds');
    expect((await post('/api/position/list', { keyword: 'Wrong' })).json().data.total).toBe(0);
  });

  it('names are unique; a held position cannot be deleted, and renaming it keeps its holders', async () => {
    const id = (await post('/api/position/insert', { name: 'Manager' })).json().data.id;
    const dup = await post('/api/position/insert', { name: 'Manager' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ msg: 'DUPLICATE_POSITION', field: 'name' });
    const other = (await post('/api/position/insert', { name: 'Clerk' })).json().data.id;
    expect((await post('/api/position/update', { id: other, name: 'Manager' })).json().msg).toBe('DUPLICATE_POSITION');
    const u = await buildUser(t.db);
    await setPost(u.id, 'Manager');
    const del = await post('/api/position/delete', { ids: [other, id] });
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toBe('IN_USE_POSITION');
    expect((await post('/api/position/list', { keyword: 'Clerk' })).json().data.total).toBe(1);
    // Users hold the position by id: a rename keeps them on it.
    expect((await post('/api/position/update', { id, name: 'Boss' })).statusCode).toBe(200);
    expect((await post('/api/position/update', { id, description: 'leads' })).statusCode).toBe(200);
    expect((await post('/api/position/get', { id })).json().data).toMatchObject({ name: 'Boss', userCount: 1, abilities: { delete: false } });
    expect((await post('/api/user/get', { id: u.id })).json().data).toMatchObject({ positionId: id, positionName: 'Boss' });
    // The database refuses too (a delete racing an assignment).
    const direct = await t.db.execute(sql`delete from positions where id = ${id}`).catch((e: { cause?: { code?: string }; code?: string }) => e.cause?.code ?? e.code);
    expect(['23503', '23001']).toContain(direct); // 23001 for ON DELETE RESTRICT since PostgreSQL 18 (the embedded one)
    await setPost(u.id, 'Clerk2');
    expect((await post('/api/position/delete', { ids: [id, other] })).statusCode).toBe(200);
    expect((await post('/api/position/list', { keyword: 'Boss' })).json().data.total).toBe(0);
    const races = await Promise.all([1, 2].map(() => post('/api/position/insert', { name: 'Racer' })));
    expect(races.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('authorization matrix and bad input', async () => {
    const id = (await post('/api/position/insert', { name: 'Auth-Pos' })).json().data.id;
    const reader = await buildUser(t.db, { permissions: ['gwgl'] });
    const rs = await login(t.app, reader.username, reader.password);
    expect((await post('/api/position/list', {}, rs)).statusCode).toBe(200);
    for (const [url, body] of [
      ['/api/position/insert', { name: 'x' }],
      ['/api/position/update', { id, name: 'x' }],
      ['/api/position/delete', { ids: [id] }],
    ] as const) {
      expect((await post(url, body, rs)).statusCode, url).toBe(403);
    }
    const none = await buildUser(t.db, { permissions: ['kcgl'] });
    const ns = await login(t.app, none.username, none.password);
    expect((await post('/api/position/list', {}, ns)).statusCode).toBe(403);
    expect((await call(t.app, null, '/api/position/list', {})).statusCode).toBe(401);
    const bad: [object, string][] = [
      [{ name: 'x'.repeat(31) }, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'ok', description: 'd'.repeat(201) }, 'description'],
      [{ name: 'ok', labelIds: 'a' }, 'labelIds'],
      [{ name: 'ok', sort: 1.5 }, 'sort'],
    ];
    for (const [body, field] of bad) {
      const res = await post('/api/position/insert', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
    expect((await post('/api/position/update', { id: 99999999, name: 'x' })).json().msg).toBe('NOT_FOUND_ERROR');
  });
});
