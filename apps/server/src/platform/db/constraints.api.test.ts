import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../test/harness.js';
import { installErrorHandling } from '../http.js';
import { loadConstraintRegistry, type ConstraintRegistry } from './constraints.js';

const t = useTestApp();
let registry: ConstraintRegistry;
let app: FastifyInstance;
/** A bare app with the real error handler and registry: each route runs one statement. */
beforeAll(async () => {
  registry = await loadConstraintRegistry();
  app = Fastify({ logger: false });
  installErrorHandling(app, { constraints: registry });
  app.post<{ Body: { statement: string } }>('/run', async (req) => {
    await t.db.execute(sql.raw(req.body.statement));
    return { ok: true };
  });
  await app.ready();
});
afterAll(() => app?.close());
const run = async (statement: string) => (await app.inject({ method: 'POST', url: '/run', payload: { statement } })).json();

describe('constraint registry', () => {
  it('maps every unique index and foreign key of the migrated database, or lists it as intentionally unmapped', async () => {
    const { rows } = await t.db.execute<{ name: string }>(sql`
      select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
       where i.indisunique and not i.indisprimary and n.nspname = current_schema()
      union
      select conname from pg_constraint where contype in ('f', 'c', 'u', 'x') and connamespace = current_schema()::regnamespace`);
    const inDatabase = rows.map((r) => r.name);
    expect(inDatabase.length).toBeGreaterThan(40);
    expect(inDatabase.filter((n) => !registry.has(n))).toEqual([]);
    // A name declared for a constraint that does not exist is a typo or a leftover.
    expect([...registry.keys()].filter((n) => !inDatabase.includes(n))).toEqual([]);
  });

  it('answers a unique violation with the DUPLICATE_* code of its schema, naming the field', async () => {
    await run(`insert into positions (name) values ('Welder')`);
    expect(await run(`insert into positions (name) values ('Welder')`)).toMatchObject({ msg: 'DUPLICATE_POSITION', field: 'name' });
    await run(`insert into users (username, realname, org_id, password_hash) select 'Ann', 'Ann', id, 'x' from organizations where parent_id is null`);
    // The index is on lower(username): the database decides, the answer names the field.
    expect(await run(`insert into users (username, realname, org_id, password_hash) select 'ANN', 'Ann', id, 'x' from organizations where parent_id is null`)).toMatchObject({
      code: 4003,
      msg: 'DUPLICATE_USER_NAME',
      field: 'username',
    });
  });

  it('answers a delete of a row still referenced with the IN_USE_* code, and a reference to a missing row with NOT_FOUND_ERROR on its field', async () => {
    await run(`insert into label_categories (name, kind) values ('Jobs', 'job')`);
    await run(`insert into labels (category_id, name) select id, 'Welding' from label_categories where name = 'Jobs'`);
    await run(`insert into position_labels (position_id, label_id) select p.id, l.id from positions p, labels l where p.name = 'Welder' and l.name = 'Welding'`);
    expect(await run(`delete from labels where name = 'Welding'`)).toMatchObject({ msg: 'IN_USE_LABEL' });
    expect(await run(`delete from label_categories where name = 'Jobs'`)).toMatchObject({ msg: 'IN_USE_CLASSIFICATION' });
    expect(await run(`insert into position_labels (position_id, label_id) select id, 999999 from positions where name = 'Welder'`)).toMatchObject({
      msg: 'NOT_FOUND_ERROR',
      field: 'labelIds',
    });
  });

  it('answers a violation of a constraint nobody mapped with a logged SERVER_ERROR', async () => {
    await run(`create table unmapped_probe (v int constraint unmapped_probe_v_uq unique)`);
    await run(`insert into unmapped_probe values (1)`);
    expect(await run(`insert into unmapped_probe values (1)`)).toMatchObject({ code: 1004, msg: 'SERVER_ERROR' });
    // Intentionally unmapped (null): a violation is a bug, not a caller's mistake.
    expect(registry.get('user_sessions_token_uq')).toBeNull();
  });
});
