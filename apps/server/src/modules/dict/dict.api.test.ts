import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});
const byType = (s: Session | null, type: string) => t.app.inject({ method: 'GET', url: `/api/dict/by-type?type=${encodeURIComponent(type)}`, headers: s ? s.headers() : {} });

async function add(body: Record<string, unknown>) {
  const res = await call(t.app, admin, '/api/dict/insert', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('dictionary entries', () => {
  it('adds entries, lists them filtered and paged, and serves the normal ones of a type in order', async () => {
    await add({ type: 'edu', label: '本科', value: 'bachelor', sort: 2 });
    await add({ type: 'edu', label: '硕士', value: 'master', sort: 3, remark: 'graduate' });
    await add({ type: 'edu', label: '大专', value: 'college', sort: 1 });
    await add({ type: 'edu', label: '中专', value: 'secondary', sort: 0, status: 'frozen' });
    await add({ type: 'level', label: 'P1', value: 'bachelor' }); // same value in another type is fine

    const all = (await call(t.app, admin, '/api/dict/list', { type: 'edu' })).json().data;
    expect(all.total).toBe(4);
    expect(all.records.map((r: { value: string }) => r.value)).toEqual(['secondary', 'college', 'bachelor', 'master']);
    expect(all.records[3]).toMatchObject({ label: '硕士', remark: 'graduate', status: 'normal', sort: 3 });

    const page2 = (await call(t.app, admin, '/api/dict/list', { type: 'edu', page: 2, size: 3 })).json().data;
    expect(page2).toMatchObject({ total: 4, page: 2, size: 3 });
    expect(page2.records.map((r: { value: string }) => r.value)).toEqual(['master']);

    const kw = (await call(t.app, admin, '/api/dict/list', { keyword: 'bach' })).json().data;
    expect(kw.records.map((r: { type: string }) => r.type).sort()).toEqual(['edu', 'level']);
    const frozen = (await call(t.app, admin, '/api/dict/list', { status: 'frozen' })).json().data;
    expect(frozen.records.map((r: { value: string }) => r.value)).toEqual(['secondary']);
    const sorted = (await call(t.app, admin, '/api/dict/list', { type: 'edu', sort: '-sort' })).json().data;
    expect(sorted.records[0].value).toBe('master');

    const res = await byType(admin, 'edu');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((o: { value: string }) => o.value)).toEqual(['college', 'bachelor', 'master']);
    expect((await byType(admin, 'nothing-here')).json().data).toEqual([]);
  });

  it('refuses a duplicate value or label within a type, naming the field, and changes nothing', async () => {
    await add({ type: 'dup', label: 'One', value: '1' });
    const v = await call(t.app, admin, '/api/dict/insert', { type: 'dup', label: 'Uno', value: '1' });
    expect(v.statusCode).toBe(409);
    expect(v.json()).toMatchObject({ msg: 'DUPLICATE_DICT_ENTRY', field: 'value' });
    const l = await call(t.app, admin, '/api/dict/insert', { type: 'dup', label: 'One', value: 'one' });
    expect(l.json()).toMatchObject({ msg: 'DUPLICATE_DICT_ENTRY', field: 'label' });
    expect((await call(t.app, admin, '/api/dict/list', { type: 'dup' })).json().data.total).toBe(1);

    // Parallel inserts of the same value: the unique index lets exactly one through.
    const results = await Promise.all([1, 2, 3].map((i) => call(t.app, admin, '/api/dict/insert', { type: 'race', label: `L${i}`, value: 'same' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().msg).toBe('DUPLICATE_DICT_ENTRY');
  });

  it('updates only the given fields and keeps uniqueness', async () => {
    const a = await add({ type: 'upd', label: 'A', value: 'a', sort: 5, remark: 'keep' });
    const b = await add({ type: 'upd', label: 'B', value: 'b' });
    const res = await call(t.app, admin, '/api/dict/update', { id: a.id, label: 'A+', status: 'frozen' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ label: 'A+', value: 'a', sort: 5, remark: 'keep', status: 'frozen' });
    expect((await byType(admin, 'upd')).json().data.map((o: { value: string }) => o.value)).toEqual(['b']);

    const clash = await call(t.app, admin, '/api/dict/update', { id: b.id, value: 'a' });
    expect(clash.json()).toMatchObject({ msg: 'DUPLICATE_DICT_ENTRY', field: 'value' });
    // Saving an entry with its own value and label is not a clash.
    expect((await call(t.app, admin, '/api/dict/update', { id: b.id, value: 'b', label: 'B' })).statusCode).toBe(200);
    const missing = await call(t.app, admin, '/api/dict/update', { id: 999999, label: 'x' });
    expect(missing.json()).toMatchObject({ msg: 'NOT_FOUND_ERROR' });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes in batch, all or nothing', async () => {
    const a = await add({ type: 'del', label: 'A', value: 'a' });
    const b = await add({ type: 'del', label: 'B', value: 'b' });
    const bad = await call(t.app, admin, '/api/dict/delete', { ids: [a.id, 999999] });
    expect(bad.json().msg).toBe('NOT_FOUND_ERROR');
    expect((await call(t.app, admin, '/api/dict/list', { type: 'del' })).json().data.total).toBe(2);
    const okRes = await call(t.app, admin, '/api/dict/delete', { ids: [a.id, b.id] });
    expect(okRes.json().data).toEqual({ count: 2 });
    expect((await call(t.app, admin, '/api/dict/list', { type: 'del' })).json().data.total).toBe(0);
  });

  it('validates input and names the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'v', label: 'x'.repeat(51), value: 'v' }, 'label'],
      [{ type: 'v', label: 'l', value: 'x'.repeat(51) }, 'value'],
      [{ type: 'x'.repeat(51), label: 'l', value: 'v' }, 'type'],
      [{ type: 'v', label: '', value: 'v' }, 'label'],
      [{ type: 'v', label: 'l', value: 'v', status: 'gone' }, 'status'],
      [{ type: 'v', label: 'l', value: 'v', sort: 'first' }, 'sort'],
      [{ type: 'v', label: 'l', value: 'v', remark: 'r'.repeat(201) }, 'remark'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t.app, admin, '/api/dict/insert', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
    expect((await call(t.app, admin, '/api/dict/list', { type: 'v' })).json().data.total).toBe(0);
    expect((await byType(admin, '')).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'type' });
  });

  it('authorization matrix', async () => {
    const entry = await add({ type: 'authz', label: 'A', value: 'a' });
    const reader = await buildUser(t.db, { permissions: ['zdgl'] });
    const nobody = await buildUser(t.db, { permissions: ['kc-pc'] });
    const rs = await login(t.app, reader.username, reader.password);
    const ns = await login(t.app, nobody.username, nobody.password);

    expect((await call(t.app, rs, '/api/dict/list', {})).statusCode).toBe(200);
    expect((await call(t.app, ns, '/api/dict/list', {})).json()).toMatchObject({ code: 1007, msg: 'NO_PERMISSION_ERROR' });
    for (const [url, body] of [
      ['/api/dict/insert', { type: 'authz', label: 'B', value: 'b' }],
      ['/api/dict/update', { id: entry.id, label: 'Z' }],
      ['/api/dict/delete', { ids: [entry.id] }],
    ] as const) {
      expect((await call(t.app, rs, url, body)).statusCode, url).toBe(403);
      expect((await call(t.app, ns, url, body)).statusCode, url).toBe(403);
      expect((await call(t.app, null, url, body)).statusCode, url).toBe(401);
    }
    // Every signed-in user fills dropdowns; anonymous callers cannot.
    expect((await byType(ns, 'authz')).json().data).toEqual([expect.objectContaining({ label: 'A', value: 'a' })]);
    expect((await byType(null, 'authz')).statusCode).toBe(401);
    expect((await call(t.app, admin, '/api/dict/list', { type: 'authz' })).json().data.records).toEqual([expect.objectContaining({ label: 'A' })]);
  });
});
