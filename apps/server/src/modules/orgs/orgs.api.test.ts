import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { findNode } from '../../test/abilities.js';
import { buildOrg, buildUser, rootOrg } from '../../test/factories.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});
type Node = { id: number; name: string; parentId: number | null; depth: number; sort: number; status: string; userCount: number; leaderIds: number[]; children: Node[] };
const find = (nodes: Node[], id: number) => findNode(nodes, id);
const insert = async (s: Session, body: object) => call(t.app, s, '/api/org/insert', body);
const paths = async (ids: number[]) =>
  (
    await t.db.execute<{ id: number; path: string; depth: number; parent_id: number | null }>(
      sql`select id, path, depth, parent_id from organizations where id = any(${sql.param(ids)}::int[]) order by id`,
    )
  ).rows;

describe('organization tree', () => {
  it('inserts with path and depth, nests the tree, counts users of each subtree', async () => {
    const root = await rootOrg(t.db);
    const a = (await insert(admin, { parentId: root.id, name: 'Tree-A', code: 'TA' })).json().data.id;
    const b = (await insert(admin, { parentId: a, name: 'Tree-B' })).json().data.id;
    const c = (await insert(admin, { parentId: b, name: 'Tree-C' })).json().data.id;
    expect(await paths([a, b, c])).toEqual([
      { id: a, path: `${root.path}${a}/`, depth: 2, parent_id: root.id },
      { id: b, path: `${root.path}${a}/${b}/`, depth: 3, parent_id: a },
      { id: c, path: `${root.path}${a}/${b}/${c}/`, depth: 4, parent_id: b },
    ]);
    await buildUser(t.db, { orgId: b });
    await buildUser(t.db, { orgId: c });
    await buildUser(t.db, { orgId: c });
    const tree: Node[] = (await call(t.app, admin, '/api/org/tree', {})).json().data;
    expect(tree).toHaveLength(1);
    expect(tree[0]!.id).toBe(root.id);
    const na = find(tree, a)!;
    expect(na).toMatchObject({ name: 'Tree-A', parentId: root.id, depth: 2, status: 'normal', userCount: 3 });
    expect(na.children.map((x) => x.id)).toEqual([b]);
    expect(find(tree, b)!.userCount).toBe(3);
    expect(find(tree, c)!.userCount).toBe(2);
    // maxDepth counts levels from the scope root: 2 levels shows the root and its children only.
    const shallow: Node[] = (await call(t.app, admin, '/api/org/tree', { maxDepth: 2 })).json().data;
    expect(find(shallow, a)).toBeDefined();
    expect(find(shallow, a)!.children).toEqual([]);
    // Detail.
    const detail = (await call(t.app, admin, '/api/org/get', { id: b })).json().data;
    expect(detail).toMatchObject({ id: b, name: 'Tree-B', parentId: a, parentName: 'Tree-A', depth: 3, leaders: [] });
  });

  it('counts only the people of the list beside the tree (students on the student page, employees on the user page)', async () => {
    const o = await buildOrg(t.db, { name: 'Kinds' });
    await buildUser(t.db, { orgId: o.id, kind: 'student' });
    await buildUser(t.db, { orgId: o.id, kind: 'student' });
    await buildUser(t.db, { orgId: o.id, kind: 'employee' });
    const count = async (url: string, body: object) => find((await call(t.app, admin, url, body)).json().data, o.id)!.userCount;
    expect(await count('/api/org/tree', {})).toBe(3);
    expect(await count('/api/org/tree', { kind: 'student' })).toBe(2);
    expect(await count('/api/org/tree', { kind: 'employee' })).toBe(1);
    expect(await count('/api/org/tree-by-name', { name: 'Kinds', kind: 'student' })).toBe(2);
  });

  it('tree-by-name returns the matches with their ancestors', async () => {
    const x = await buildOrg(t.db, { name: 'Find-Parent' });
    const y = await buildOrg(t.db, { name: 'Find-Needle-Child', parentId: x.id });
    await buildOrg(t.db, { name: 'Find-Other', parentId: x.id });
    const tree: Node[] = (await call(t.app, admin, '/api/org/tree-by-name', { name: 'needle' })).json().data;
    expect(tree).toHaveLength(1);
    expect(find(tree, x.id)!.children.map((n) => n.id)).toEqual([y.id]);
    expect((await call(t.app, admin, '/api/org/tree-by-name', { name: 'no-such-org' })).json().data).toEqual([]);
  });

  it('names are unique among siblings only; codes are unique', async () => {
    const p1 = await buildOrg(t.db, { name: 'Dup-P1' });
    const p2 = await buildOrg(t.db, { name: 'Dup-P2' });
    expect((await insert(admin, { parentId: p1.id, name: 'Finance' })).statusCode).toBe(200);
    const dup = await insert(admin, { parentId: p1.id, name: 'Finance' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ msg: 'DUPLICATE_ORGANIZATION', field: 'name' });
    expect((await insert(admin, { parentId: p2.id, name: 'Finance', code: 'FIN' })).statusCode).toBe(200);
    const code = await insert(admin, { parentId: p1.id, name: 'Finance-2', code: 'FIN' });
    expect(code.json()).toMatchObject({ msg: 'DUPLICATE_DATA', field: 'code' });
    // Renaming onto a sibling's name is refused too.
    const other = (await insert(admin, { parentId: p1.id, name: 'Legal' })).json().data.id;
    const ren = await call(t.app, admin, '/api/org/update', { id: other, name: 'Finance' });
    expect(ren.json().msg).toBe('DUPLICATE_ORGANIZATION');
    expect((await call(t.app, admin, '/api/org/get', { id: other })).json().data.name).toBe('Legal');
  });

  it('leaders: existing users, at most 10, inside the scope', async () => {
    const org = await buildOrg(t.db, { name: 'Leaders' });
    const us = [];
    for (let i = 0; i < 11; i++) us.push(await buildUser(t.db, { orgId: org.id }));
    const ten = us.slice(0, 10).map((u) => u.id);
    const okRes = await insert(admin, { parentId: org.id, name: 'L-10', leaderIds: ten });
    expect(okRes.statusCode).toBe(200);
    const got = (await call(t.app, admin, '/api/org/get', { id: okRes.json().data.id })).json().data;
    expect(got.leaders.map((l: { id: number }) => l.id)).toEqual(ten);
    const eleven = await insert(admin, { parentId: org.id, name: 'L-11', leaderIds: us.map((u) => u.id) });
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'leaderIds' });
    const unknown = await insert(admin, { parentId: org.id, name: 'L-x', leaderIds: [99999999] });
    expect(unknown.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'leaderIds' });
    // A manager scoped to another branch cannot name leaders outside it.
    const branch = await buildOrg(t.db, { name: 'Leaders-Branch' });
    const mgr = await buildUser(t.db, { orgId: branch.id, permissions: ['zzjg', 'zzjg:add'] });
    const ms = await login(t.app, mgr.username, mgr.password);
    const outside = await insert(ms, { parentId: branch.id, name: 'L-out', leaderIds: [us[0]!.id] });
    expect(outside.json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', field: 'leaderIds' });
  });
});

describe('moving a subtree', () => {
  it('updates path and depth of the whole subtree; scoped user lists keep working', async () => {
    const a = await buildOrg(t.db, { name: 'Mv-A' });
    const b = await buildOrg(t.db, { name: 'Mv-B', parentId: a.id });
    const c = await buildOrg(t.db, { name: 'Mv-C', parentId: b.id });
    const d = await buildOrg(t.db, { name: 'Mv-D' });
    const e = await buildOrg(t.db, { name: 'Mv-E', parentId: d.id });
    await buildUser(t.db, { username: 'mv-user-c', orgId: c.id });
    // A manager whose data scope is B, signed in before the move.
    const mgr = await buildUser(t.db, { orgId: d.id, permissions: ['yhgl'], scopeOrgIds: [b.id] });
    const ms = await login(t.app, mgr.username, mgr.password);
    const listNames = async () => (await call(t.app, ms, '/api/user/list', { keyword: 'mv-user' })).json().data.records.map((r: { username: string }) => r.username);
    expect(await listNames()).toEqual(['mv-user-c']);

    const res = await call(t.app, admin, '/api/org/update', { id: b.id, parentId: e.id });
    expect(res.statusCode).toBe(200);
    expect(await paths([b.id, c.id])).toEqual([
      { id: b.id, path: `${e.path}${b.id}/`, depth: e.depth + 1, parent_id: e.id },
      { id: c.id, path: `${e.path}${b.id}/${c.id}/`, depth: e.depth + 2, parent_id: b.id },
    ]);
    expect(await listNames()).toEqual(['mv-user-c']);
    const tree: Node[] = (await call(t.app, admin, '/api/org/tree', { maxDepth: 20 })).json().data;
    expect(find(tree, e.id)!.children.map((n) => n.id)).toEqual([b.id]);
    expect(find(tree, a.id)!.children).toEqual([]);
  });

  it('refuses moving under itself or its own descendant, and moving the root', async () => {
    const a = await buildOrg(t.db, { name: 'Cyc-A' });
    const b = await buildOrg(t.db, { name: 'Cyc-B', parentId: a.id });
    const before = await paths([a.id, b.id]);
    for (const target of [a.id, b.id]) {
      const res = await call(t.app, admin, '/api/org/update', { id: a.id, parentId: target === a.id ? a.id : b.id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'parentId' });
    }
    expect(await paths([a.id, b.id])).toEqual(before);
    const root = await rootOrg(t.db);
    const rootMove = await call(t.app, admin, '/api/org/update', { id: root.id, parentId: a.id });
    expect(rootMove.json().msg).toBe('STATE_TRANSITION_INVALID');
    const clash = await buildOrg(t.db, { name: 'Cyc-B', parentId: (await buildOrg(t.db, { name: 'Cyc-Z' })).id });
    const dupMove = await call(t.app, admin, '/api/org/update', { id: clash.id, parentId: a.id });
    expect(dupMove.json().msg).toBe('DUPLICATE_ORGANIZATION');
  });

  it('sort places a node above or below a sibling, and across parents', async () => {
    const p = await buildOrg(t.db, { name: 'Sort-P' });
    const ids: number[] = [];
    for (const n of ['s1', 's2', 's3']) ids.push((await insert(admin, { parentId: p.id, name: n })).json().data.id);
    const order = async (parent: number) => {
      const tree: Node[] = (await call(t.app, admin, '/api/org/tree', { maxDepth: 30 })).json().data;
      return find(tree, parent)!.children.map((n) => n.name);
    };
    expect(await order(p.id)).toEqual(['s1', 's2', 's3']);
    expect((await call(t.app, admin, '/api/org/sort', { id: ids[2], position: 'above', targetId: ids[0] })).statusCode).toBe(200);
    expect(await order(p.id)).toEqual(['s3', 's1', 's2']);
    await call(t.app, admin, '/api/org/sort', { id: ids[2], position: 'below', targetId: ids[1] });
    expect(await order(p.id)).toEqual(['s1', 's2', 's3']);
    const q = await buildOrg(t.db, { name: 'Sort-Q' });
    const q1 = (await insert(admin, { parentId: q.id, name: 'q1' })).json().data.id;
    await call(t.app, admin, '/api/org/sort', { id: q1, position: 'below', targetId: ids[0] });
    expect(await order(p.id)).toEqual(['s1', 'q1', 's2', 's3']);
    expect((await paths([q1]))[0]!.path).toBe(`${p.path}${q1}/`);
    const self = await call(t.app, admin, '/api/org/sort', { id: q1, position: 'below', targetId: q1 });
    expect(self.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'targetId' });
  });
});

describe('deleting, freezing', () => {
  it('refuses deleting organizations with users, children or lecturers, and the root', async () => {
    const a = await buildOrg(t.db, { name: 'Del-A' });
    const b = await buildOrg(t.db, { name: 'Del-B', parentId: a.id });
    const withChild = await call(t.app, admin, '/api/org/delete', { id: a.id });
    expect(withChild.statusCode).toBe(409);
    expect(withChild.json().msg).toBe('IN_USE_ORGANIZATION');
    const u = await buildUser(t.db, { orgId: b.id });
    expect((await call(t.app, admin, '/api/org/delete', { id: b.id })).json().msg).toBe('IN_USE_ORGANIZATION');
    await t.db.execute(sql`delete from users where id = ${u.id}`);
    // Lecturers belong to another module: emulate its table when it is not there yet.
    const { rows } = await t.db.execute<{ t: string | null }>(sql`select to_regclass('lecturers')::text as t`);
    if (!rows[0]!.t) {
      await t.db.execute(sql`create table lecturers (id serial primary key, realname text, username text, kind text, org_id integer not null references organizations(id))`);
    }
    await t.db.execute(sql`insert into lecturers (realname, username, kind, org_id) values ('Lect', 'lect0001', 'internal', ${b.id})`);
    expect((await call(t.app, admin, '/api/org/delete', { id: b.id })).json().msg).toBe('IN_USE_ORGANIZATION_LECTURER');
    await t.db.execute(sql`delete from lecturers where org_id = ${b.id}`);
    expect((await call(t.app, admin, '/api/org/delete', { id: b.id })).statusCode).toBe(200);
    expect((await call(t.app, admin, '/api/org/get', { id: b.id })).json().msg).toBe('NOT_FOUND_ERROR');
    expect((await call(t.app, admin, '/api/org/delete', { id: a.id })).statusCode).toBe(200);
    const root = await rootOrg(t.db);
    expect((await call(t.app, admin, '/api/org/delete', { id: root.id })).json().msg).toBe('STATE_TRANSITION_INVALID');
  });

  it('freezes and unfreezes a whole subtree; the root cannot be frozen', async () => {
    const a = await buildOrg(t.db, { name: 'Frz-A' });
    const b = await buildOrg(t.db, { name: 'Frz-B', parentId: a.id });
    const other = await buildOrg(t.db, { name: 'Frz-Other' });
    expect((await call(t.app, admin, '/api/org/freeze', { ids: [a.id] })).statusCode).toBe(200);
    const status = async (id: number) => (await call(t.app, admin, '/api/org/get', { id })).json().data.status;
    expect([await status(a.id), await status(b.id), await status(other.id)]).toEqual(['frozen', 'frozen', 'normal']);
    await call(t.app, admin, '/api/org/unfreeze', { ids: [a.id] });
    expect([await status(a.id), await status(b.id)]).toEqual(['normal', 'normal']);
    const root = await rootOrg(t.db);
    expect((await call(t.app, admin, '/api/org/freeze', { ids: [root.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await call(t.app, admin, '/api/org/freeze', { ids: [99999999] })).json().msg).toBe('NOT_FOUND_ERROR');
  });
});

describe('data scope and authorization', () => {
  it("changes only inside the caller's scope; the tree shows only the scope", async () => {
    const east = await buildOrg(t.db, { name: 'Scope-East' });
    const eastSub = await buildOrg(t.db, { name: 'Scope-East-1', parentId: east.id });
    const west = await buildOrg(t.db, { name: 'Scope-West' });
    const all = ['zzjg', 'zzjg:add', 'zzjg:modify', 'zzjg:delete', 'zzjg:freeze'];
    const mgr = await buildUser(t.db, { orgId: west.id, permissions: all, scopeOrgIds: [east.id] });
    const s = await login(t.app, mgr.username, mgr.password);
    const tree: Node[] = (await call(t.app, s, '/api/org/tree', {})).json().data;
    expect(tree.map((n) => n.id)).toEqual([east.id]);
    expect(tree[0]!.children.map((n) => n.id)).toEqual([eastSub.id]);
    const dataTree = (await call(t.app, s, '/api/org/data-tree', {})).json().data;
    expect(dataTree.map((n: { id: number }) => n.id)).toEqual([east.id]);
    // A page of another domain that assigns records to a department (an annual plan's department) offers the
    // caller's scope to anyone signed in: a planner holding only `ndjh` picks among their own organizations.
    const planner = await buildUser(t.db, { orgId: west.id, permissions: ['ndjh', 'ndjh:add'], scopeOrgIds: [east.id] });
    const ps = await login(t.app, planner.username, planner.password);
    const plannerTree = (await call(t.app, ps, '/api/org/data-tree', {})).json().data;
    expect(plannerTree.map((n: { id: number }) => n.id)).toEqual([east.id]);
    expect((await call(t.app, ps, '/api/org/tree', {})).statusCode).toBe(403);
    const root = await rootOrg(t.db);
    const refused: [string, object][] = [
      ['/api/org/get', { id: west.id }],
      ['/api/org/insert', { parentId: west.id, name: 'x' }],
      ['/api/org/update', { id: west.id, name: 'renamed' }],
      ['/api/org/update', { id: root.id, name: 'renamed' }],
      ['/api/org/update', { id: eastSub.id, parentId: west.id }],
      ['/api/org/delete', { id: west.id }],
      ['/api/org/freeze', { ids: [eastSub.id, west.id] }],
      ['/api/org/sort', { id: eastSub.id, position: 'above', targetId: west.id }],
    ];
    for (const [url, body] of refused) {
      const res = await call(t.app, s, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().msg, url).toBe('NO_DATA_PERMISSION_ERROR');
    }
    // Nothing changed.
    expect((await call(t.app, admin, '/api/org/get', { id: west.id })).json().data).toMatchObject({ name: 'Scope-West', status: 'normal' });
    expect((await call(t.app, admin, '/api/org/get', { id: eastSub.id })).json().data).toMatchObject({ parentId: east.id, status: 'normal' });
    // Inside the scope it works.
    expect((await call(t.app, s, '/api/org/insert', { parentId: eastSub.id, name: 'East-1-a' })).statusCode).toBe(200);
    expect((await call(t.app, s, '/api/org/update', { id: eastSub.id, name: 'Scope-East-One' })).statusCode).toBe(200);
    // The root is editable by someone whose scope includes it.
    expect((await call(t.app, admin, '/api/org/update', { id: root.id, sort: 0 })).statusCode).toBe(200);
  });

  it('authorization matrix', async () => {
    const org = await buildOrg(t.db, { name: 'Auth-Org' });
    const reader = await buildUser(t.db, { permissions: ['zzjg'] });
    const rs = await login(t.app, reader.username, reader.password);
    const none = await buildUser(t.db, { permissions: ['kcgl'] });
    const ns = await login(t.app, none.username, none.password);
    const changes: [string, object][] = [
      ['/api/org/insert', { parentId: org.id, name: 'n' }],
      ['/api/org/update', { id: org.id, name: 'n' }],
      ['/api/org/delete', { id: org.id }],
      ['/api/org/freeze', { ids: [org.id] }],
      ['/api/org/unfreeze', { ids: [org.id] }],
      ['/api/org/sort', { id: org.id, position: 'above', targetId: org.id }],
    ];
    for (const [url, body] of changes) {
      const res = await call(t.app, rs, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().msg, url).toBe('NO_PERMISSION_ERROR');
    }
    for (const url of ['/api/org/tree', '/api/org/data-tree']) expect((await call(t.app, rs, url, {})).statusCode, url).toBe(200);
    expect((await call(t.app, rs, '/api/org/get', { id: org.id })).statusCode).toBe(200);
    for (const url of ['/api/org/tree', '/api/org/get']) {
      expect((await call(t.app, ns, url, { id: org.id })).statusCode, url).toBe(403);
      expect((await call(t.app, null, url, { id: org.id })).statusCode, url).toBe(401);
    }
    expect((await call(t.app, null, '/api/org/data-tree', {})).statusCode).toBe(401);
    // Each action code opens exactly its call.
    const adder = await buildUser(t.db, { permissions: ['zzjg:add'] });
    const as = await login(t.app, adder.username, adder.password);
    expect((await call(t.app, as, '/api/org/insert', { parentId: org.id, name: 'by-adder' })).statusCode).toBe(200);
    expect((await call(t.app, as, '/api/org/delete', { id: org.id })).statusCode).toBe(403);
  });

  it('keeps to the 10 levels of spec §9 (insert and move), and the tree view shows every level that exists', async () => {
    const root = await rootOrg(t.db);
    // A chain from level 2 down to level 10.
    const chain = [root.id];
    for (let level = 2; level <= 10; level++) chain.push((await insert(admin, { parentId: chain.at(-1)!, name: `Lv-${level}` })).json().data.id);
    expect((await paths([chain.at(-1)!]))[0]!.depth).toBe(10);
    const tooDeep = await insert(admin, { parentId: chain.at(-1)!, name: 'Lv-11' });
    expect(tooDeep.statusCode).toBe(409);
    expect(tooDeep.json()).toMatchObject({ msg: 'TREE_DEPTH_EXCEEDED', field: 'parentId' });
    // A two-level subtree fits under level 8, not under level 9 (by update or by sort next to a level-10 node).
    const top = (await insert(admin, { parentId: root.id, name: 'Lv-Sub' })).json().data.id;
    const leaf = (await insert(admin, { parentId: top, name: 'Lv-Sub-Leaf' })).json().data.id;
    expect((await call(t.app, admin, '/api/org/update', { id: top, parentId: chain[8] })).json()).toMatchObject({ msg: 'TREE_DEPTH_EXCEEDED', field: 'parentId' });
    expect((await call(t.app, admin, '/api/org/sort', { id: top, position: 'below', targetId: chain[9] })).json()).toMatchObject({ msg: 'TREE_DEPTH_EXCEEDED' });
    expect(await paths([top, leaf])).toEqual([
      { id: top, path: `${root.path}${top}/`, depth: 2, parent_id: root.id },
      { id: leaf, path: `${root.path}${top}/${leaf}/`, depth: 3, parent_id: top },
    ]);
    expect((await call(t.app, admin, '/api/org/update', { id: top, parentId: chain[7] })).statusCode).toBe(200);
    expect((await paths([leaf]))[0]!.depth).toBe(10);
    // Organizations deeper than the limit (written before it was enforced) still show in the default tree.
    const [l10] = await paths([chain.at(-1)!]);
    const { rows } = await t.db.execute<{ id: number }>(sql`insert into organizations (parent_id, name, path, depth) values (${l10!.id}, 'Legacy-11', '', 11) returning id`);
    const legacy = rows[0]!.id;
    await t.db.execute(sql`update organizations set path = ${`${l10!.path}${legacy}/`} where id = ${legacy}`);
    const full: Node[] = (await call(t.app, admin, '/api/org/tree', {})).json().data;
    expect(find(full, legacy)).toMatchObject({ name: 'Legacy-11', depth: 11 });
  });

  it('bad input is refused with the field', async () => {
    const root = await rootOrg(t.db);
    const cases: [string, object, string][] = [
      ['/api/org/insert', { parentId: root.id, name: 'x'.repeat(201) }, 'name'],
      ['/api/org/insert', { parentId: root.id, name: '' }, 'name'],
      ['/api/org/insert', { parentId: 'abc', name: 'n' }, 'parentId'],
      ['/api/org/insert', { parentId: root.id, name: 'n', code: 'c'.repeat(201) }, 'code'],
      ['/api/org/insert', { parentId: root.id, name: 'n', sort: -1 }, 'sort'],
      ['/api/org/update', { id: root.id, leaderIds: 'x' }, 'leaderIds'],
      ['/api/org/sort', { id: root.id, position: 'left', targetId: root.id }, 'position'],
      ['/api/org/tree', { maxDepth: 0 }, 'maxDepth'],
      ['/api/org/freeze', { ids: [] }, 'ids'],
    ];
    for (const [url, body, field] of cases) {
      const res = await call(t.app, admin, url, body);
      expect(res.statusCode, `${url} ${field}`).toBe(400);
      expect(res.json(), `${url} ${field}`).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
    expect((await call(t.app, admin, '/api/org/insert', { parentId: 99999999, name: 'n' })).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'parentId' });
  });
});
