import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp, login, call } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';

const t = useTestApp();
const MIGRATION = path.resolve(import.meta.dirname, '../../db/migrations/0046_user_position_labels.sql');

/** The data statements of the migration (after the schema ones): posts and labels typed by hand move to ids. */
function dataStatements() {
  return fs
    .readFileSync(MIGRATION, 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => /^(--[^\n]*\n)*\s*(INSERT|UPDATE)/.test(s));
}

describe('moving free-text posts and labels to the catalogues (migration 0046)', () => {
  it('links each user to the position of their post (adding missing ones) and keeps catalogue labels', async () => {
    const admin = await login(t.app);
    const held = (await call(t.app, admin, '/api/position/insert', { name: 'MG-Welder' })).json().data.id as number;
    const cat = (await call(t.app, admin, '/api/label-category/insert', { name: 'MG-Skills', kind: 'user' })).json().data.id as number;
    const java = (await call(t.app, admin, '/api/label/insert', { categoryId: cat, name: 'mg-java' })).json().data.id as number;
    const other = (await call(t.app, admin, '/api/label-category/insert', { name: 'MG-Topics', kind: 'course' })).json().data.id as number;
    await call(t.app, admin, '/api/label/insert', { categoryId: other, name: 'mg-safety' });
    const [a, b, c] = [await buildUser(t.db), await buildUser(t.db), await buildUser(t.db)];

    // The columns as they were before the migration, with what users had typed.
    await t.db.execute(sql`alter table users add column post varchar(200), add column labels text[] not null default '{}'`);
    try {
      await t.db.execute(sql`update users set post = 'MG-Welder', labels = '{mg-java,mg-safety,unknown}' where id = ${a.id}`);
      await t.db.execute(sql`update users set post = ' MG-Painter ' where id = ${b.id}`);
      await t.db.execute(sql`update users set post = 'MG-Painter' where id = ${c.id}`);
      for (const statement of dataStatements()) await t.db.execute(sql.raw(statement));
      const rows = (
        await t.db.execute<{ id: number; position: string | null; position_id: number | null }>(
          sql`select u.id, p.name as position, u.position_id from users u left join positions p on p.id = u.position_id where u.id in (${a.id}, ${b.id}, ${c.id}) order by u.id`,
        )
      ).rows;
      expect(rows.map((r) => r.position)).toEqual(['MG-Welder', 'MG-Painter', 'MG-Painter']);
      expect(rows[0]!.position_id).toBe(held);
      expect(rows[1]!.position_id).toBe(rows[2]!.position_id);
      const labels = (await t.db.execute<{ label_id: number }>(sql`select label_id from user_labels where user_id = ${a.id}`)).rows;
      expect(labels.map((l) => l.label_id)).toEqual([java]);
    } finally {
      await t.db.execute(sql`alter table users drop column post, drop column labels`);
    }
    // Held through the id now: renaming the position keeps the users on it.
    expect((await call(t.app, admin, '/api/position/update', { id: held, name: 'MG-Welder 2' })).statusCode).toBe(200);
    expect((await call(t.app, admin, '/api/user/get', { id: a.id })).json().data).toMatchObject({ positionName: 'MG-Welder 2', labels: [{ id: java, name: 'mg-java' }] });
  });
});
