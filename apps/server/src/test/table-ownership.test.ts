import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { foreignWrites } from './table-ownership.js';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('table ownership', () => {
  it('has no module writing a table another module or the platform defines (it calls the owner’s index.ts)', () => {
    expect(foreignWrites(SRC).map((w) => `${w.file}:${w.line} writes ${w.table} (${w.how})`)).toEqual([]);
  });

  describe('finds a write to a foreign table', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'hanlin-ownership-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const put = (rel: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    };
    put('modules/orgs/orgs.schema.ts', "export const organizations = pgTable('organizations', {});\n");
    put('platform/settings.schema.ts', "export const systemSettings = pgTable('system_settings', {});\n");
    put('modules/roles/roles.schema.ts', "export const userRoles = linkTable('user_roles', a, b, 'i');\n");
    put('modules/orgs/orgs.repository.ts', "await tx.update(organizations).set({});\nawait tx.execute(sql`update organizations set status = 'x'`);\n");

    it.each([
      ['a Drizzle update', "import { organizations as o } from '../orgs/index.js';\nawait db.update(o).set({ name });", 'organizations'],
      ['a Drizzle insert into a platform table', 'await db.insert(systemSettings).values(v).onConflictDoUpdate({ set: {} });', 'system_settings'],
      ['a row helper', 'await updateRow(tx, organizations, id, set);', 'organizations'],
      ['raw SQL update with an alias', 'await db.execute(sql`update organizations o set depth = 1`);', 'organizations'],
      ['raw SQL insert', 'await db.execute(sql`INSERT INTO user_roles (user_id, role_id) values (1, 2)`);', 'user_roles'],
      ['raw SQL delete naming a Drizzle table', 'await db.execute(sql`delete from ${userRoles} where true`);', 'user_roles'],
    ])('%s', (_, code, table) => {
      put('modules/ldap/ldap.repository.ts', `${code}\n`);
      expect(foreignWrites(root).map((w) => [w.file, w.table])).toEqual([[path.join('modules', 'ldap', 'ldap.repository.ts'), table]]);
    });

    it('but not reads, row locks, upserts of the own table or the owner’s writes', () => {
      put(
        'modules/ldap/ldap.repository.ts',
        "await db.select().from(organizations).for('update');\nawait db.execute(sql`select 1 from organizations for update skip locked`);\n",
      );
      expect(foreignWrites(root)).toEqual([]);
    });
  });
});
