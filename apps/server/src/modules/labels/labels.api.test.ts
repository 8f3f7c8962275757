import { beforeAll, describe, expect, it } from 'vitest';
import { LabelsSchema } from '@hanlin/shared';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});
const post = (url: string, body: object = {}, s: Session = admin) => call(t.app, s, url, body);

describe('label categories and labels', () => {
  it('creates categories and labels, lists them by kind, category and keyword', async () => {
    const cat = (await post('/api/label-category/insert', { name: 'Skills', kind: 'course' })).json().data.id;
    const job = (await post('/api/label-category/insert', { name: 'Job traits', kind: 'job' })).json().data.id;
    for (const n of ['Java', 'Go']) expect((await post('/api/label/insert', { categoryId: cat, name: n })).statusCode).toBe(200);
    await post('/api/label/insert', { categoryId: job, name: 'Night' });
    const cats = (await post('/api/label-category/list', { kind: 'course' })).json().data;
    expect(cats.records).toEqual([expect.objectContaining({ id: cat, name: 'Skills', kind: 'course', labelCount: 2 })]);
    const byCat = (await post('/api/label/list', { categoryId: cat, sort: 'name' })).json().data;
    expect(byCat.records.map((r: { name: string }) => r.name)).toEqual(['Go', 'Java']);
    expect(byCat.records[0]).toMatchObject({ categoryName: 'Skills', kind: 'course' });
    expect((await post('/api/label/list', { kind: 'job' })).json().data.records.map((r: { name: string }) => r.name)).toEqual(['Night']);
    expect((await post('/api/label/list', { keyword: 'jav' })).json().data.total).toBe(1);
    // Selector data for forms, open to any signed-in user.
    const student = await buildUser(t.db, { permissions: ['kc-pc'] });
    const ss = await login(t.app, student.username, student.password);
    const opts = (await post('/api/label/options', { kind: 'course' }, ss)).json().data;
    expect(opts).toEqual([{ id: cat, name: 'Skills', labels: expect.arrayContaining([expect.objectContaining({ name: 'Java' }), expect.objectContaining({ name: 'Go' })]) }]);
  });

  it('names are unique: categories overall, labels within their category', async () => {
    const a = (await post('/api/label-category/insert', { name: 'Uniq-A', kind: 'question' })).json().data.id;
    const b = (await post('/api/label-category/insert', { name: 'Uniq-B', kind: 'question' })).json().data.id;
    const dupCat = await post('/api/label-category/insert', { name: 'Uniq-A', kind: 'user' });
    expect(dupCat.statusCode).toBe(409);
    expect(dupCat.json()).toMatchObject({ msg: 'DUPLICATE_LABEL_CATEGORY', field: 'name' });
    expect((await post('/api/label-category/update', { id: b, name: 'Uniq-A' })).json().msg).toBe('DUPLICATE_LABEL_CATEGORY');
    expect((await post('/api/label/insert', { categoryId: a, name: 'Easy' })).statusCode).toBe(200);
    const dup = await post('/api/label/insert', { categoryId: a, name: 'Easy' });
    expect(dup.json()).toMatchObject({ msg: 'DUPLICATE_LABEL', field: 'name' });
    const other = (await post('/api/label/insert', { categoryId: b, name: 'Easy' })).json().data.id;
    // Moving it into the category that already has the name is refused.
    expect((await post('/api/label/update', { id: other, categoryId: a })).json().msg).toBe('DUPLICATE_LABEL');
    const races = await Promise.all([1, 2, 3].map(() => post('/api/label/insert', { categoryId: a, name: 'Race' })));
    expect(races.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await post('/api/label/list', { categoryId: a, keyword: 'Race' })).json().data.total).toBe(1);
  });

  it('refuses deleting a category with labels, and a label attached to a position', async () => {
    const cat = (await post('/api/label-category/insert', { name: 'Del-Cat', kind: 'job' })).json().data.id;
    const label = (await post('/api/label/insert', { categoryId: cat, name: 'Remote' })).json().data.id;
    const inUse = await post('/api/label-category/delete', { ids: [cat] });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().msg).toBe('IN_USE_CLASSIFICATION');
    expect((await post('/api/label-category/update', { id: cat, kind: 'course' })).json()).toMatchObject({ msg: 'IN_USE_CLASSIFICATION', field: 'kind' });
    const pos = (await post('/api/position/insert', { name: 'Label-Holder', labelIds: [label] })).json().data.id;
    expect((await post('/api/label/delete', { ids: [label] })).json().msg).toBe('IN_USE_LABEL');
    expect((await post('/api/label/list', { categoryId: cat })).json().data.total).toBe(1);
    await post('/api/position/delete', { ids: [pos] });
    expect((await post('/api/label/delete', { ids: [label] })).statusCode).toBe(200);
    expect((await post('/api/label-category/delete', { ids: [cat] })).statusCode).toBe(200);
    expect((await post('/api/label-category/list', { keyword: 'Del-Cat' })).json().data.total).toBe(0);
    expect((await post('/api/label/delete', { ids: [label] })).json().msg).toBe('NOT_FOUND_ERROR');
  });

  it('authorization matrix and bad input', async () => {
    const cat = (await post('/api/label-category/insert', { name: 'Auth-Cat', kind: 'user' })).json().data.id;
    const reader = await buildUser(t.db, { permissions: ['bqgl'] });
    const rs = await login(t.app, reader.username, reader.password);
    for (const [url, body] of [
      ['/api/label-category/insert', { name: 'x', kind: 'user' }],
      ['/api/label-category/update', { id: cat, name: 'x' }],
      ['/api/label-category/delete', { ids: [cat] }],
      ['/api/label/insert', { categoryId: cat, name: 'x' }],
      ['/api/label/update', { id: 1, name: 'x' }],
      ['/api/label/delete', { ids: [1] }],
    ] as const) {
      expect((await post(url, body, rs)).statusCode, url).toBe(403);
    }
    for (const url of ['/api/label-category/list', '/api/label/list']) expect((await post(url, {}, rs)).statusCode, url).toBe(200);
    const none = await buildUser(t.db, { permissions: ['kcgl'] });
    const ns = await login(t.app, none.username, none.password);
    for (const url of ['/api/label-category/list', '/api/label/list']) expect((await post(url, {}, ns)).statusCode, url).toBe(403);
    expect((await call(t.app, null, '/api/label/options', { kind: 'job' })).statusCode).toBe(401);

    const bad: [string, object, string][] = [
      ['/api/label-category/insert', { name: 'x'.repeat(31), kind: 'user' }, 'name'], // spec: 30
      ['/api/label-category/insert', { name: 'ok', kind: 'teacher' }, 'kind'],
      ['/api/label/insert', { categoryId: cat, name: 'x'.repeat(11) }, 'name'],
      ['/api/label/insert', { categoryId: cat, name: '   ' }, 'name'],
      ['/api/label/insert', { categoryId: 'one', name: 'ok' }, 'categoryId'],
      ['/api/label/list', { kind: 'nope' }, 'kind'],
      ['/api/label/options', {}, 'kind'],
    ];
    for (const [url, body, field] of bad) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${field}`).toBe(400);
      expect(res.json(), `${url} ${field}`).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
    expect((await post('/api/label/insert', { categoryId: 99999999, name: 'ok' })).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'categoryId' });
  });

  it('LabelsSchema: at most 5 labels of at most 10 characters each', () => {
    expect(LabelsSchema.safeParse(['a', 'b', 'c', 'd', 'e']).success).toBe(true);
    expect(LabelsSchema.safeParse(['a', 'b', 'c', 'd', 'e', 'f']).success).toBe(false);
    expect(LabelsSchema.safeParse(['x'.repeat(10)]).success).toBe(true);
    expect(LabelsSchema.safeParse(['x'.repeat(11)]).success).toBe(false);
    expect(LabelsSchema.safeParse(['']).success).toBe(false);
    expect(LabelsSchema.safeParse(['a', 'a']).success).toBe(false);
    expect(LabelsSchema.parse([' a '])).toEqual(['a']);
  });
});
