import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { findNode } from '../../test/abilities.js';
import { buildUser } from '../../test/factories.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});
type Node = { id: number; name: string; parentId: number | null; sort: number; children: Node[] };
const post = (url: string, body: object = {}, s: Session = admin) => call(t.app, s, `/api/professional/${url}`, body);
const add = async (name: string, parentId?: number) => (await post('insert', { name, parentId })).json().data.id as number;
const tree = async (): Promise<Node[]> => (await post('tree')).json().data;
const find = (nodes: Node[], id: number) => findNode(nodes, id);

describe('professional tree', () => {
  it('builds a nested tree, unique names among siblings', async () => {
    const eng = await add('Engineering');
    const cs = await add('Computer science', eng);
    await add('Civil', eng);
    const t1 = await tree();
    expect(find(t1, eng)!.children.map((n) => n.name)).toEqual(['Computer science', 'Civil']);
    expect(find(t1, cs)).toMatchObject({ parentId: eng, sort: 0 });
    const dup = await post('insert', { name: 'Civil', parentId: eng });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ msg: 'DUPLICATE_CATEGORY', field: 'name' });
    expect((await post('insert', { name: 'Civil' })).statusCode).toBe(200); // another level
    expect((await post('update', { id: cs, name: 'Civil' })).json().msg).toBe('DUPLICATE_CATEGORY');
    expect((await post('update', { id: cs, name: 'CS' })).statusCode).toBe(200);
    expect(find(await tree(), cs)!.name).toBe('CS');
  });

  it('moves, refusing to move under its own descendant; sorts above and below', async () => {
    const a = await add('Mv-A');
    const b = await add('Mv-B', a);
    const c = await add('Mv-C', b);
    for (const parentId of [a, c]) {
      const res = await post('update', { id: a, parentId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'parentId' });
    }
    expect((await post('update', { id: c, parentId: a })).statusCode).toBe(200);
    expect(find(await tree(), a)!.children.map((n) => n.id)).toEqual([b, c]);
    expect((await post('sort', { id: c, position: 'above', targetId: b })).statusCode).toBe(200);
    expect(find(await tree(), a)!.children.map((n) => n.id)).toEqual([c, b]);
    await post('sort', { id: c, position: 'below', targetId: b });
    expect(find(await tree(), a)!.children.map((n) => n.id)).toEqual([b, c]);
    // To the top level, next to a root node.
    await post('sort', { id: c, position: 'above', targetId: a });
    const roots = (await tree()).map((n) => n.id);
    expect(roots.indexOf(c)).toBe(roots.indexOf(a) - 1);
    expect((await post('update', { id: c, parentId: null })).statusCode).toBe(200);
  });

  it('moves whole subtrees (paths and depths follow) and keeps to 10 levels', async () => {
    const levels = [await add('Deep-1')];
    for (let i = 2; i <= 10; i++) levels.push(await add(`Deep-${i}`, levels.at(-1)));
    const refused = await post('insert', { name: 'Deep-11', parentId: levels.at(-1) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ msg: 'TREE_DEPTH_EXCEEDED', field: 'parentId' });
    // Moving level 2 (and the 8 levels below it) to the top level lifts every descendant by one level.
    expect((await post('update', { id: levels[1], parentId: null })).statusCode).toBe(200);
    expect((await post('insert', { name: 'Deep-11', parentId: levels.at(-1) })).statusCode).toBe(200);
    // Nine levels cannot go back under a level-2 node.
    const res = await post('update', { id: levels[1], parentId: levels[0] });
    expect(res.json()).toMatchObject({ msg: 'TREE_DEPTH_EXCEEDED', field: 'parentId' });
    const t2 = await tree();
    expect(find(t2, levels[0]!)!.children).toEqual([]);
    expect(find(t2, levels[1]!)!.parentId).toBeNull();
  });

  it('refuses deleting a node with children', async () => {
    const p = await add('Del-P');
    const ch = await add('Del-C', p);
    const res = await post('delete', { id: p });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('IN_USE_SUBCLASS');
    expect(find(await tree(), p)).toBeDefined();
    expect((await post('delete', { id: ch })).statusCode).toBe(200);
    expect((await post('delete', { id: p })).statusCode).toBe(200);
    expect(find(await tree(), p)).toBeUndefined();
    expect((await post('delete', { id: p })).json().msg).toBe('NOT_FOUND_ERROR');
  });

  it('authorization matrix and bad input', async () => {
    const id = await add('Auth-P');
    const reader = await buildUser(t.db, { permissions: ['zygl'] });
    const rs = await login(t.app, reader.username, reader.password);
    expect((await post('tree', {}, rs)).statusCode).toBe(200);
    for (const [url, body] of [
      ['insert', { name: 'x' }],
      ['update', { id, name: 'x' }],
      ['delete', { id }],
      ['sort', { id, position: 'above', targetId: id }],
    ] as const) {
      expect((await post(url, body, rs)).statusCode, url).toBe(403);
    }
    const none = await buildUser(t.db, { permissions: ['kcgl'] });
    const ns = await login(t.app, none.username, none.password);
    expect((await post('tree', {}, ns)).statusCode).toBe(403);
    expect((await call(t.app, null, '/api/professional/tree', {})).statusCode).toBe(401);
    const bad: [string, object, string][] = [
      ['insert', { name: 'x'.repeat(31) }, 'name'],
      ['insert', { name: '' }, 'name'],
      ['insert', { name: 'ok', sort: 'first' }, 'sort'],
      ['sort', { id, position: 'inside', targetId: id }, 'position'],
    ];
    for (const [url, body, field] of bad) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${field}`).toBe(400);
      expect(res.json(), `${url} ${field}`).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
    expect((await post('insert', { name: 'ok', parentId: 99999999 })).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'parentId' });
  });
});
