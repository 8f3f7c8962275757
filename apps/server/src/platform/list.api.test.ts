import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp } from '../test/harness.js';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { buildOrg } from '../test/factories.js';
import type { Kv } from './kv.js';
import { AppError } from './errors.js';
import { createListRuntime, declaredLists, defineList, nullsLast, type ListRuntime } from './list.js';

// A table of this test only (platform/ imports no module), and the columns of organizations it joins.
const users = pgTable('list_probe', {
  id: serial().primaryKey(),
  realname: text().notNull(),
  status: text().notNull(),
  orgId: integer().notNull(),
  leftAt: timestamp({ withTimezone: true }),
});
const organizations = pgTable('organizations', { id: integer().primaryKey(), name: text().notNull() });

/** A list as a module declares one: filters, keyword, data scope, sort keys, a joined column. */
const spec = (few = 0) =>
  defineList({
    name: `test_users_${few}`,
    table: users,
    id: users.id,
    tables: ['list_probe', 'organizations'],
    scope: { column: users.orgId },
    filters: { status: (v) => eq(users.status, v), orgId: (v) => eq(users.orgId, v) },
    keyword: (pattern) => sql`${users.realname} ilike ${pattern}`,
    sort: { id: users.id, realname: users.realname },
    defaultSort: { key: 'id', desc: false },
    columns: { id: users.id, realname: users.realname, status: users.status, orgName: organizations.name },
    join: (q) => q.leftJoin(organizations, eq(organizations.id, users.orgId)),
    plan: few ? { adaptive: true, few } : undefined,
  });
const list = spec();

const t = useTestApp();
let sets = 0;
let rt: ListRuntime;
let deptA: { id: number; path: string };
let deptB: { id: number; path: string };
const all = { scopePaths: ['/1/'] };
beforeAll(async () => {
  // The app's kv, counting the totals written (a total computed rather than read from the cache).
  const kv: Kv = Object.create(t.kv, { set: { value: (...args: Parameters<Kv['set']>) => (sets++, t.kv.set(...args)) } });
  rt = createListRuntime({ db: t.db, kv });
  await t.db.execute(
    sql`create table list_probe (id serial primary key, realname text not null, status text not null, org_id int not null references organizations (id), left_at timestamptz)`,
  );
  await t.db.execute(
    sql`create trigger list_probe_bump_version after insert or update or delete or truncate on list_probe for each statement execute function bump_table_version()`,
  );
  deptA = await buildOrg(t.db, { name: 'Dept A' });
  deptB = await buildOrg(t.db, { name: 'Dept B' });
  for (const [realname, orgId, status] of [
    ['Zhang Wei', deptA.id, 'normal'],
    ['Li Na', deptA.id, 'frozen'],
    ['Wang Fang', deptB.id, 'normal'],
    ['Zhang Min', deptB.id, 'frozen'],
  ] as const)
    await t.db.insert(users).values({ realname, orgId, status });
});
const names = (p: { records: { realname: string }[] }) => p.records.map((r) => r.realname);

describe('defineList', () => {
  it('applies the filters and the keyword that are set, and joins the declared columns', async () => {
    expect(names(await list.run(rt, all, { page: 1, size: 10, status: 'frozen', sort: 'realname' }))).toEqual(['Li Na', 'Zhang Min']);
    const zhang = await list.run(rt, all, { page: 1, size: 10, keyword: 'zhang', orgId: deptB.id });
    expect(zhang).toMatchObject({ total: 1, page: 1, size: 10, records: [{ realname: 'Zhang Min', status: 'frozen', orgName: 'Dept B' }] });
    // Wildcards in a keyword match literally.
    expect((await list.run(rt, all, { page: 1, size: 10, keyword: '%' })).total).toBe(0);
  });

  it('sorts by a whitelisted key either way and pages, and refuses any other key', async () => {
    const q = { page: 1, size: 2, orgId: deptA.id } as const;
    expect(names(await list.run(rt, all, { ...q, sort: '-realname' }))).toEqual(['Zhang Wei', 'Li Na']);
    expect(names(await list.run(rt, all, { ...q, sort: 'realname', size: 1, page: 2 }))).toEqual(['Zhang Wei']);
    for (const sort of ['password_hash', '-passwordHash', 'constructor', 'realname; drop table users']) {
      const e = await list.run(rt, all, { ...q, sort }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(AppError);
      expect(e).toMatchObject({ errorName: 'PARAMETER_INVALID', details: { field: 'sort' } });
    }
  });

  it('lists only the rows inside the caller’s data scope, and none without a scope', async () => {
    const onlyA = await list.run(rt, { scopePaths: [deptA.path] }, { page: 1, size: 10, sort: 'realname' });
    expect(onlyA).toMatchObject({ total: 2 });
    expect(names(onlyA)).toEqual(['Li Na', 'Zhang Wei']);
    // A filter cannot reach past the scope.
    expect((await list.run(rt, { scopePaths: [deptA.path] }, { page: 1, size: 10, orgId: deptB.id })).total).toBe(0);
    expect(await list.run(rt, { scopePaths: [] }, { page: 1, size: 10 })).toMatchObject({ total: 0, records: [] });
    // The export's WHERE is the same.
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(list.where({ scopePaths: [deptA.path] }, { status: 'frozen' }))) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('caches a total until a row of a counted table changes', async () => {
    const q = { page: 1, size: 1, orgId: deptA.id };
    const first = await list.run(rt, all, q);
    const before = sets;
    expect((await list.run(rt, all, { ...q, page: 2 })).total).toBe(first.total);
    expect(sets).toBe(before); // served from the cache
    await t.db.insert(users).values({ realname: 'New Hire', orgId: deptA.id, status: 'normal' });
    expect((await list.run(rt, all, q)).total).toBe(first.total + 1);
    expect(sets).toBe(before + 1);
    await t.db.update(users).set({ orgId: deptB.id }).where(eq(users.realname, 'New Hire'));
    expect((await list.run(rt, all, q)).total).toBe(first.total);
  });

  it('gives the same pages whether it collects the few matches or walks the order', async () => {
    const collect = spec(1000);
    const walk = spec(1);
    for (const q of [
      { page: 1, size: 2, keyword: 'a', sort: '-realname' },
      { page: 2, size: 2, status: 'normal', sort: 'realname' },
      { page: 1, size: 3, orgId: deptB.id },
    ]) {
      // Twice each: the second run chooses its plan from the total seen by the first.
      for (let i = 0; i < 2; i++) expect(await collect.run(rt, all, q)).toEqual(await walk.run(rt, all, q));
    }
  });

  it('counts only tables whose writes bump their version, for every list the app declares', async () => {
    // The app has loaded every module, so every list is declared by now.
    expect(declaredLists.map((l) => l.name)).toContain('user_list');
    const { rows } = await t.db.execute<{ name: string }>(sql`
      select c.relname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
       where p.proname = 'bump_table_version' and not g.tgisinternal`);
    const bumped = new Set(rows.map((r) => r.name));
    const missing = declaredLists.flatMap((l) => l.tables.filter((table) => !bumped.has(table)).map((table) => `${l.name}: ${table}`));
    expect(missing).toEqual([]);
  });

  it('orders a key through its own hook: rows without a value last in either direction', async () => {
    const byLeaving = defineList({
      name: 'test_users_nulls',
      table: users,
      id: users.id,
      tables: ['list_probe'],
      filters: { orgId: (v) => eq(users.orgId, v) },
      sort: { id: users.id, leftAt: { column: users.leftAt, order: nullsLast } },
      defaultSort: { key: 'id', desc: false },
      columns: { id: users.id, realname: users.realname },
    });
    await t.db
      .update(users)
      .set({ leftAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(users.realname, 'Li Na'));
    await t.db
      .update(users)
      .set({ leftAt: new Date('2026-02-01T00:00:00Z') })
      .where(eq(users.realname, 'Wang Fang'));
    const q = { page: 1, size: 10, sort: 'leftAt' };
    expect(names(await byLeaving.run(rt, null, q))).toEqual(['Li Na', 'Wang Fang', 'Zhang Wei', 'Zhang Min', 'New Hire']);
    expect(names(await byLeaving.run(rt, null, { ...q, sort: '-leftAt' }))).toEqual(['Wang Fang', 'Li Na', 'New Hire', 'Zhang Min', 'Zhang Wei']);
    // Paging splits the same order.
    expect(names(await byLeaving.run(rt, null, { ...q, sort: '-leftAt', size: 2, page: 2 }))).toEqual(['New Hire', 'Zhang Min']);
  });

  it('counts a capped list on every run, up to its cap, without table versions', async () => {
    const capped = (cap: number) =>
      defineList({
        name: `test_users_capped_${cap}`,
        table: users,
        id: users.id,
        tables: [],
        count: { cap },
        filters: { status: (v) => eq(users.status, v) },
        sort: { id: users.id },
        defaultSort: { key: 'id', desc: true },
        columns: { id: users.id, realname: users.realname },
      });
    const q = { page: 1, size: 2 };
    const before = sets;
    const three = await capped(3).run(rt, null, q);
    expect(three.total).toBe(3); // five rows, counted up to three
    expect(three.records).toHaveLength(2);
    expect((await capped(100).run(rt, null, q)).total).toBe(5);
    expect((await capped(100).run(rt, null, { ...q, status: 'frozen' })).total).toBe(2);
    // Counted afresh, never cached: a new row shows at once.
    await t.db.insert(users).values({ realname: 'Late Hire', orgId: deptB.id, status: 'frozen' });
    expect((await capped(100).run(rt, null, { ...q, status: 'frozen' })).total).toBe(3);
    expect(sets).toBe(before);
    // The page is the same as without a cap.
    expect(names(await capped(3).run(rt, null, { ...q, page: 3 }))).toEqual(['Li Na', 'Zhang Wei']);
    expect(() => defineList({ ...list.spec, name: 'test_capped_versions', count: { cap: 10 } })).toThrow();
  });
});
