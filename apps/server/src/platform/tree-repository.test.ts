import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { useTestApp } from '../test/harness.js';
import { defineTree, type TreeNode } from './tree-repository.js';
import { LOCK_KEYS } from './locks.js';
import type { DbOrTx } from './db/client.js';
import type { AppError } from './errors.js';

const t = useTestApp();
// A tree of 3 levels over a scratch table with the standard columns (no updated_at).
const options = { table: 'scratch_tree', columns: { updatedAt: null }, maxDepth: 3, lockKey: 'professionalTree', duplicateName: 'DUPLICATE_CATEGORY' } as const;
const tree = defineTree(options);
// The same tree with rows filed under its nodes.
const scratchItems = pgTable('scratch_items', { id: serial().primaryKey(), nodeId: integer() });
const filing = defineTree({ ...options, items: scratchItems.nodeId });

beforeAll(async () => {
  await t.db.execute(sql`
    create table scratch_tree (id serial primary key, parent_id int references scratch_tree(id), name text not null,
                               sort int not null default 0, path text not null default '', depth int not null default 1)`);
  await t.db.execute(sql`create table scratch_items (id serial primary key, node_id int references scratch_tree(id))`);
});

const add = (db: DbOrTx, parent: TreeNode | null, name: string, sort?: number) =>
  tree.insert(db, { parent, name, sort }, async (row) => {
    const { rows } = await db.execute<{ id: number }>(
      sql`insert into scratch_tree (parent_id, name, sort, path, depth) values (${row.parentId}, ${name}, ${row.sort}, ${row.path}, ${row.depth}) returning id`,
    );
    return rows[0]!.id;
  });
const node = async (id: number) => (await tree.get(t.db, id))!;
const rows = async () =>
  (
    await t.db.execute<{ id: number; name: string; parent_id: number | null; sort: number; path: string; depth: number }>(
      sql`select id, name, parent_id, sort, path, depth from scratch_tree order by id`,
    )
  ).rows;
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: AppError) => ({ code: e.errorName, field: e.details.field }),
  );

describe('defineTree', () => {
  it('inserts with path, depth and the next sort value; refuses a sibling name and a fourth level', async () => {
    const a = await add(t.db, null, 'A');
    const b = await add(t.db, await node(a), 'B');
    const b2 = await add(t.db, await node(a), 'B2');
    const c = await add(t.db, await node(b), 'C');
    expect(await node(c)).toEqual({ id: c, parentId: b, name: 'C', sort: 0, path: `/${a}/${b}/${c}/`, depth: 3 });
    expect((await node(b2)).sort).toBe(1);
    expect(await tree.nextSort(t.db, a)).toBe(2);
    expect(await tree.nextSort(t.db, c)).toBe(0);
    // Same name elsewhere is fine, not under the same parent.
    expect(await failure(add(t.db, await node(a), 'B'))).toEqual({ code: 'DUPLICATE_CATEGORY', field: 'name' });
    await add(t.db, await node(b2), 'B');
    expect(await failure(add(t.db, await node(c), 'D'))).toEqual({ code: 'TREE_DEPTH_EXCEEDED', field: 'parentId' });
    expect(await tree.height(t.db, await node(a))).toBe(2);
    expect(await tree.height(t.db, await node(c))).toBe(0);
  });

  it('moves a subtree in one statement, refusing cycles, depth overflow and a taken name', async () => {
    const r1 = await add(t.db, null, 'M-R1');
    const r2 = await add(t.db, null, 'M-R2');
    const x = await add(t.db, await node(r1), 'M-X');
    const y = await add(t.db, await node(x), 'M-Y');
    // Under itself or its own descendant.
    expect(await failure(tree.move(t.db, await node(x), await node(y)))).toEqual({ code: 'PARAMETER_INVALID', field: 'parentId' });
    expect(await failure(tree.move(t.db, await node(x), await node(x)))).toEqual({ code: 'PARAMETER_INVALID', field: 'parentId' });
    // x has one level below it: under a level-2 node it would reach level 4.
    const deep = await add(t.db, await node(r2), 'M-Deep');
    expect(await failure(tree.move(t.db, await node(x), await node(deep)))).toEqual({ code: 'TREE_DEPTH_EXCEEDED', field: 'parentId' });
    await add(t.db, await node(r2), 'M-X');
    expect(await failure(tree.move(t.db, await node(x), await node(r2)))).toEqual({ code: 'DUPLICATE_CATEGORY', field: 'name' });
    expect(await tree.move(t.db, await node(x), await node(r2), 'M-X moved')).toEqual({ path: `/${r2}/${x}/` });
    // The name is the caller's to write; the structure moved with every descendant.
    expect(await node(x)).toMatchObject({ parentId: r2, path: `/${r2}/${x}/`, depth: 2 });
    expect(await node(y)).toMatchObject({ parentId: x, path: `/${r2}/${x}/${y}/`, depth: 3 });
    // To the top level.
    await tree.move(t.db, await node(x), null, 'M-X top');
    expect(await node(x)).toMatchObject({ parentId: null, path: `/${x}/`, depth: 1 });
    expect(await node(y)).toMatchObject({ path: `/${x}/${y}/`, depth: 2 });
    expect(
      (await rows())
        .filter((r) => r.path.includes(`/${x}/`))
        .map((r) => r.id)
        .sort(),
    ).toEqual([x, y].sort());
  });

  it('places a node above or below a target, renumbering the siblings, moving across parents', async () => {
    const p = await add(t.db, null, 'S-P');
    const q = await add(t.db, null, 'S-Q');
    const [a, b, c] = [await add(t.db, await node(p), 'a'), await add(t.db, await node(p), 'b'), await add(t.db, await node(p), 'c')];
    expect(await tree.place(t.db, await node(c), await node(a), 'above')).toEqual({});
    expect(await tree.siblingIds(t.db, p)).toEqual([c, a, b]);
    expect((await rows()).filter((r) => r.parent_id === p).map((r) => [r.id, r.sort])).toEqual([
      [a, 1],
      [b, 2],
      [c, 0],
    ]);
    await tree.place(t.db, await node(c), await node(b), 'below');
    expect(await tree.siblingIds(t.db, p)).toEqual([a, b, c]);
    const z = await add(t.db, await node(q), 'z');
    expect(await tree.place(t.db, await node(z), await node(a), 'below')).toEqual({ movedTo: `/${p}/${z}/` });
    expect(await tree.siblingIds(t.db, p)).toEqual([a, z, b, c]);
    expect(await tree.siblingIds(t.db, q)).toEqual([]);
    expect(await failure(tree.place(t.db, await node(a), await node(a), 'below'))).toEqual({ code: 'PARAMETER_INVALID', field: 'targetId' });
    // A node cannot be placed next to one of its own descendants.
    const inner = await add(t.db, await node(z), 'inner');
    expect(await failure(tree.place(t.db, await node(p), await node(inner), 'above'))).toEqual({ code: 'PARAMETER_INVALID', field: 'parentId' });
  });

  it('tells a node holding items from an empty one, and filters on a subtree', async () => {
    const r = await add(t.db, null, 'I-R');
    const k = await add(t.db, await node(r), 'I-K');
    const leaf = await add(t.db, await node(k), 'I-L');
    const other = await add(t.db, null, 'I-O');
    await t.db.insert(scratchItems).values([{ nodeId: leaf }, { nodeId: other }]);
    expect(await filing.hasItems(t.db, leaf)).toBe(true);
    expect(await filing.hasItems(t.db, k)).toBe(false);
    expect(await tree.hasItems(t.db, leaf)).toBe(false);
    const under = async (id: number) =>
      (await t.db.select({ nodeId: scratchItems.nodeId }).from(scratchItems).where(filing.inSubtree(scratchItems.nodeId, id))).map((x) => x.nodeId);
    expect(await under(r)).toEqual([leaf]);
    expect(await under(leaf)).toEqual([leaf]);
    expect(await under(other)).toEqual([other]);
  });

  it('holds its advisory lock until the transaction ends: a second taker waits', async () => {
    const other = new pg.Client({ connectionString: (t.pool as unknown as { options: { connectionString: string } }).options.connectionString });
    await other.connect();
    try {
      let released!: () => void;
      const hold = new Promise<void>((r) => (released = r));
      let tookLock!: () => void;
      const locked = new Promise<void>((r) => (tookLock = r));
      const first = t.db.transaction(async (tx) => {
        await tree.lock(tx);
        tookLock();
        await hold;
      });
      await locked;
      const { rows: free } = await other.query('select pg_try_advisory_xact_lock($1::bigint) as ok', [LOCK_KEYS.professionalTree]);
      expect(free[0].ok).toBe(false);
      released();
      await first;
      const { rows: after } = await other.query('select pg_try_advisory_lock($1::bigint) as ok', [LOCK_KEYS.professionalTree]);
      expect(after[0].ok).toBe(true);
      await other.query('select pg_advisory_unlock($1::bigint)', [LOCK_KEYS.professionalTree]);
    } finally {
      await other.end();
    }
  });
});
