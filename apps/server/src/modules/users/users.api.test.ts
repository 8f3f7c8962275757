import { describe, expect, it } from 'vitest';
import { useTestApp, login, call } from '../../test/harness.js';
import { eq, sql } from 'drizzle-orm';
import { buildOrg, buildUser } from '../../test/factories.js';
import { users } from './users.schema.js';

const t = useTestApp();

describe('POST /api/user/list', () => {
  it('pages, filters and sorts', async () => {
    const org = await buildOrg(t.db, { name: 'Sales' });
    for (const n of ['alice', 'bob', 'carol']) await buildUser(t.db, { username: `list-${n}`, realname: n.toUpperCase(), orgId: org.id });
    await buildUser(t.db, { username: 'list-dave', orgId: org.id, status: 'frozen' });
    const s = await login(t.app);
    const page1 = (await call(t.app, s, '/api/user/list', { page: 1, size: 2, keyword: 'list-', sort: 'username' })).json().data;
    expect(page1).toMatchObject({ total: 4, page: 1, size: 2 });
    expect(page1.records.map((r: { username: string }) => r.username)).toEqual(['list-alice', 'list-bob']);
    expect(page1.records[0]).toMatchObject({ orgName: 'Sales', status: 'normal', roles: [] });
    const page2 = (await call(t.app, s, '/api/user/list', { page: 2, size: 2, keyword: 'list-', sort: 'username' })).json().data;
    expect(page2.records.map((r: { username: string }) => r.username)).toEqual(['list-carol', 'list-dave']);
    const desc = (await call(t.app, s, '/api/user/list', { keyword: 'list-', sort: '-username' })).json().data;
    expect(desc.records[0].username).toBe('list-dave');
    const frozen = (await call(t.app, s, '/api/user/list', { keyword: 'list-', status: 'frozen' })).json().data;
    expect(frozen.records.map((r: { username: string }) => r.username)).toEqual(['list-dave']);
    const byOrg = (await call(t.app, s, '/api/user/list', { orgId: org.id })).json().data;
    expect(byOrg.total).toBe(4);
    // A keyword with LIKE wildcards matches literally.
    expect((await call(t.app, s, '/api/user/list', { keyword: '%' })).json().data.total).toBe(0);
  });

  it('finds a keyword in the user name, real name, card number or phone, ignoring case', async () => {
    const u = await buildUser(t.db, { username: 'kw-ZhangWei', realname: '张伟强' });
    await t.db.update(users).set({ cardNumber: 'KWE0042', phone: '13912345678' }).where(eq(users.id, u.id));
    await buildUser(t.db, { username: 'kw-other', realname: '李娜' });
    const s = await login(t.app);
    const found = async (keyword: string) => (await call(t.app, s, '/api/user/list', { keyword })).json().data.records.map((r: { username: string }) => r.username);
    expect(await found('zhangwei')).toEqual(['kw-ZhangWei']);
    expect(await found('KW-ZHANG')).toEqual(['kw-ZhangWei']);
    // Two Chinese characters are too short for a trigram but must still match.
    expect(await found('张伟')).toEqual(['kw-ZhangWei']);
    // Three are a trigram: the database must see Chinese as word characters for the index to serve them.
    const trigrams = await t.db.execute<{ n: number }>(sql`select cardinality(show_trgm('张伟强')) as n`);
    expect(trigrams.rows[0]!.n).toBeGreaterThan(0);
    expect(await found('张伟强')).toEqual(['kw-ZhangWei']);
    expect(await found('kwe0042')).toEqual(['kw-ZhangWei']);
    expect(await found('1234567')).toEqual(['kw-ZhangWei']);
    // The searchable text follows a rename.
    await t.db.update(users).set({ realname: '王芳' }).where(eq(users.id, u.id));
    expect(await found('张伟')).toEqual([]);
    expect(await found('王芳')).toEqual(['kw-ZhangWei']);
  });

  it('pages a keyword the same whether it matches few users or thousands', async () => {
    // Over 2,000 matches the list walks its order; under it, it collects the matches and sorts them.
    await t.db.execute(sql`
      insert into users (username, realname, kind, org_id, password_hash, first_login)
      select 'bulk-' || lpad(g::text, 4, '0'), 'Bulk ' || g, 'employee', (select id from organizations order by id limit 1), 'x', false
        from generate_series(1, 2100) g`);
    const s = await login(t.app);
    const list = async (body: object) => (await call(t.app, s, '/api/user/list', body)).json().data;
    const common = await list({ keyword: 'BULK-', page: 3, size: 20, sort: 'username' });
    expect(common.total).toBe(2100);
    expect(common.records.map((r: { username: string }) => r.username)).toEqual(Array.from({ length: 20 }, (_, i) => `bulk-${String(41 + i).padStart(4, '0')}`));
    const rare = await list({ keyword: 'bulk-01', page: 2, size: 20, sort: '-username' });
    expect(rare.total).toBe(100);
    expect(rare.records.map((r: { username: string }) => r.username)).toEqual(Array.from({ length: 20 }, (_, i) => `bulk-01${String(79 - i).padStart(2, '0')}`));
    const newestFirst = await list({ keyword: 'bulk-', size: 5 });
    expect(newestFirst.records.map((r: { username: string }) => r.username)).toEqual(['bulk-2100', 'bulk-2099', 'bulk-2098', 'bulk-2097', 'bulk-2096']);
  });

  it('lists employees only, even for a caller managing students too', async () => {
    const org = await buildOrg(t.db, { name: 'Kinds' });
    const employee = await buildUser(t.db, { username: 'kind-employee', orgId: org.id });
    await t.db.execute(sql`insert into users (username, realname, kind, org_id, password_hash) values ('kind-student', 'Student', 'student', ${org.id}, 'x')`);
    const both = await buildUser(t.db, { username: 'kind-both', orgId: org.id, permissions: ['yhgl', 'xsgl'] });
    const s = await login(t.app, both.username, both.password);
    const page = (await call(t.app, s, '/api/user/list', { orgId: org.id, size: 50 })).json().data;
    expect(page.records.map((r: { username: string }) => r.username).sort()).toEqual(['kind-both', employee.username]);
    expect(page.total).toBe(2);
    expect(page.records.every((r: { kind: string }) => r.kind === 'employee')).toBe(true);
    // Asking for students there is not a way round it: they are on the students page.
    expect((await call(t.app, s, '/api/user/list', { orgId: org.id, kind: 'student' })).json().msg).toBe('PARAMETER_INVALID');
    const students = (await call(t.app, s, '/api/student-user/list', { orgId: org.id })).json().data;
    expect(students.records.map((r: { username: string }) => r.username)).toEqual(['kind-student']);
  });

  it('needs the yhgl code', async () => {
    const u = await buildUser(t.db, { permissions: ['xsgl'] });
    const s = await login(t.app, u.username, u.password);
    const res = await call(t.app, s, '/api/user/list', {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 1007, msg: 'NO_PERMISSION_ERROR' });
  });

  it("limits the list to the caller's organization subtree", async () => {
    const east = await buildOrg(t.db, { name: 'East' });
    const eastSub = await buildOrg(t.db, { name: 'East-1', parentId: east.id });
    const west = await buildOrg(t.db, { name: 'West' });
    await buildUser(t.db, { username: 'scope-e1', orgId: east.id });
    await buildUser(t.db, { username: 'scope-e2', orgId: eastSub.id });
    await buildUser(t.db, { username: 'scope-w1', orgId: west.id });
    const manager = await buildUser(t.db, { username: 'scope-mgr', orgId: west.id, permissions: ['yhgl'], scopeOrgIds: [east.id] });
    const s = await login(t.app, manager.username, manager.password);
    const names = (await call(t.app, s, '/api/user/list', { keyword: 'scope-', size: 50 })).json().data.records.map((r: { username: string }) => r.username);
    expect(names.sort()).toEqual(['scope-e1', 'scope-e2']);
    // Without explicit scope a user sees their own organization's subtree.
    const local = await buildUser(t.db, { username: 'scope-local', orgId: west.id, permissions: ['yhgl'] });
    const s2 = await login(t.app, local.username, local.password);
    const names2 = (await call(t.app, s2, '/api/user/list', { keyword: 'scope-', size: 50 })).json().data.records.map((r: { username: string }) => r.username);
    expect(names2.sort()).toEqual(['scope-local', 'scope-mgr', 'scope-w1']);
    // Without a keyword too, in any order, page by page: the subtree is all the manager sees.
    for (const b of ['e3', 'e4', 'e5']) await buildUser(t.db, { username: `scope-${b}`, orgId: eastSub.id });
    const page = async (body: object) => (await call(t.app, s, '/api/user/list', body)).json().data;
    const second = await page({ page: 2, size: 2, sort: '-username' });
    expect(second.total).toBe(5);
    expect(second.records.map((r: { username: string }) => r.username)).toEqual(['scope-e3', 'scope-e2']);
    const newest = await page({ page: 1, size: 2 });
    expect(newest.records.map((r: { username: string }) => r.username)).toEqual(['scope-e5', 'scope-e4']);
  });
});
