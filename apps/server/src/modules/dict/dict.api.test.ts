import { beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_DICT_TYPES } from '@hanlin/shared';
import { useTestApp, login, call, ok, type Session } from '../../test/harness.js';
import { buildUser, rootOrg } from '../../test/factories.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
  // Entries go under managed types.
  for (const code of ['edu', 'level', 'dup', 'race', 'upd', 'del', 'v', 'authz']) await addType({ code, name: `name-${code}` });
});
const addType = (body: Record<string, unknown>) => ok(t.app, admin, '/api/dict-type/insert', body);
const byType = (s: Session | null, type: string) => t.app.inject({ method: 'GET', url: `/api/dict/by-type?type=${encodeURIComponent(type)}`, headers: s ? s.headers() : {} });

const add = (body: Record<string, unknown>) => ok(t.app, admin, '/api/dict/insert', body);

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
      // Spec: names at most 30 characters.
      [{ type: 'v', label: 'x'.repeat(31), value: 'v' }, 'label'],
      [{ type: 'v', label: 'l', value: 'x'.repeat(31) }, 'value'],
      [{ type: 'x'.repeat(31), label: 'l', value: 'v' }, 'type'],
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

describe('dictionary types', () => {
  it('are managed: added, renamed, listed with their entry counts; an entry needs an existing type', async () => {
    const edu = await addType({ code: 'degree', name: 'Degree', sort: 5, remark: 'school' });
    expect(edu).toMatchObject({ code: 'degree', name: 'Degree', sort: 5, remark: 'school', builtin: false, entryCount: 0 });
    await add({ type: 'degree', label: 'BSc', value: 'bsc' });
    const renamed = await call(t.app, admin, '/api/dict-type/update', { id: edu.id, name: 'Degrees' });
    expect(renamed.json().data).toMatchObject({ code: 'degree', name: 'Degrees', entryCount: 1 });
    const types = (await call(t.app, admin, '/api/dict-type/list', {})).json().data as { code: string; builtin: boolean }[];
    // The types other modules read exist from the start.
    expect(types.filter((x) => x.builtin).map((x) => x.code)).toEqual([...BUILTIN_DICT_TYPES]);
    expect(types.map((x) => x.code)).toContain('degree');

    const noType = await call(t.app, admin, '/api/dict/insert', { type: 'typed-by-hand', label: 'X', value: 'x' });
    expect(noType.statusCode).toBe(404);
    expect(noType.json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'type' });

    const dupCode = await call(t.app, admin, '/api/dict-type/insert', { code: 'degree', name: 'Other' });
    expect(dupCode.json()).toMatchObject({ msg: 'DUPLICATE_DICT_TYPE', field: 'code' });
    const dupName = await call(t.app, admin, '/api/dict-type/insert', { code: 'other', name: 'Degrees' });
    expect(dupName.json()).toMatchObject({ msg: 'DUPLICATE_DICT_TYPE', field: 'name' });
    expect((await call(t.app, admin, '/api/dict-type/insert', { code: 'long', name: 'n'.repeat(31) })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'name' });
  });

  it('a type holding entries or read by other modules is not deleted; an empty one is', async () => {
    const empty = await addType({ code: 'empty', name: 'Empty' });
    const full = await addType({ code: 'full', name: 'Full' });
    await add({ type: 'full', label: 'F', value: 'f' });
    const types = (await call(t.app, admin, '/api/dict-type/list', {})).json().data as { id: number; code: string }[];
    const city = types.find((x) => x.code === 'city')!;

    const holding = await call(t.app, admin, '/api/dict-type/delete', { ids: [empty.id, full.id] });
    expect(holding.json()).toMatchObject({ msg: 'IN_USE_SUBCLASS', data: { ids: [full.id] } });
    expect((await call(t.app, admin, '/api/dict-type/delete', { ids: [city.id] })).json()).toMatchObject({ msg: 'DATA_IN_USE' });
    expect((await call(t.app, admin, '/api/dict-type/delete', { ids: [empty.id] })).json().data).toEqual({ count: 1 });
    const after = (await call(t.app, admin, '/api/dict-type/list', {})).json().data as { code: string }[];
    expect(after.map((x) => x.code)).not.toContain('empty');
    expect(after.map((x) => x.code)).toContain('full');
  });

  it('user type, city and team take dictionary values; an entry a user holds cannot be deleted or renamed away', async () => {
    const city = await add({ type: 'city', label: '杭州', value: 'hangzhou' });
    const team = await add({ type: 'team', label: 'Red', value: 'red' });
    const kind = await add({ type: 'user-type', label: 'Intern', value: 'intern' });
    const spare = await add({ type: 'city', label: '苏州', value: 'suzhou' });
    await add({ type: 'city', label: '北京', value: 'beijing', status: 'frozen' });
    const root = (await rootOrg(t.db)).id;
    const body = (extra: Record<string, unknown>) => ({ username: `dict-${extra.cardNumber}`, realname: 'Dict User', orgId: root, ...extra });

    // A value outside the dictionary (or frozen there) is refused naming the field.
    for (const [extra, field] of [
      [{ city: 'Atlantis' }, 'city'],
      [{ team: 'Blue' }, 'team'],
      [{ type: 'contractor' }, 'type'],
      [{ city: 'beijing' }, 'city'],
    ] as const) {
      const res = await call(t.app, admin, '/api/user/insert', body({ cardNumber: `D${field}${Object.values(extra)[0]}`, ...extra }));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
    const ok = await call(t.app, admin, '/api/user/insert', body({ cardNumber: 'D001', city: 'hangzhou', team: 'red', type: 'intern' }));
    expect(ok.statusCode, ok.body).toBe(200);

    // The dictionary now knows the entries are held.
    const rows = (await call(t.app, admin, '/api/dict/list', { type: 'city' })).json().data.records as { id: number; abilities: { delete: boolean } }[];
    expect(rows.find((r) => r.id === city.id)!.abilities.delete).toBe(false);
    expect(rows.find((r) => r.id === spare.id)!.abilities.delete).toBe(true);
    for (const id of [city.id, team.id, kind.id]) {
      const res = await call(t.app, admin, '/api/dict/delete', { ids: [id, spare.id] });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ msg: 'IN_USE_DICT_ENTRY', data: { ids: [id] } });
    }
    expect((await call(t.app, admin, '/api/dict/update', { id: city.id, value: 'hz' })).json()).toMatchObject({ msg: 'IN_USE_DICT_ENTRY', field: 'value' });
    // Its label may change; an entry nobody holds goes.
    expect((await call(t.app, admin, '/api/dict/update', { id: city.id, label: 'Hangzhou' })).statusCode).toBe(200);
    expect((await call(t.app, admin, '/api/dict/delete', { ids: [spare.id] })).json().data).toEqual({ count: 1 });
  });
});
