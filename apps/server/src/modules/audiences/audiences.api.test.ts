import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import type { Principal } from '../../platform/auth/principal.js';
import { audienceUserIds, getAudience, inAudience, setAudience } from './index.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});

const principalFor = (scopePaths: string[]): Principal => ({
  userId: 1,
  username: 'x',
  sessionId: 0,
  signNumber: '',
  orgId: null,
  permissions: new Set(),
  scopePaths,
  firstLogin: false,
});
const ALL = principalFor(['/1/']);

interface PlanNode {
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

async function member(ownerId: number, userId: number) {
  const { rows } = await t.db.execute<{ ok: boolean }>(sql`select ${inAudience('test', sql`${ownerId}::int`, sql`${userId}::int`)} as ok`);
  return rows[0]!.ok;
}

describe('open audiences', () => {
  it('a user belongs when named, in a named organization subtree, holding a named position or in a named group', async () => {
    const east = await buildOrg(t.db, { name: 'AU-East' });
    const eastSub = await buildOrg(t.db, { parentId: east.id, name: 'AU-East-Sub' });
    const west = await buildOrg(t.db, { name: 'AU-West' });
    const inSub = await buildUser(t.db, { orgId: eastSub.id });
    const named = await buildUser(t.db, { orgId: west.id });
    const poster = await buildUser(t.db, { orgId: west.id });
    const grouped = await buildUser(t.db, { orgId: west.id });
    const outsider = await buildUser(t.db, { orgId: west.id });
    const [pos] = (await t.db.execute<{ id: number }>(sql`insert into positions (name) values ('AU-Welder') returning id`)).rows;
    await t.db.execute(sql`update users set position_id = ${pos!.id} where id = ${poster.id}`);
    const [grp] = (await t.db.execute<{ id: number }>(sql`insert into learning_groups (name, kind, org_id) values ('AU-G', 'formal', ${west.id}) returning id`)).rows;
    await t.db.execute(sql`insert into learning_group_members (group_id, user_id) values (${grp!.id}, ${grouped.id})`);

    await t.db.transaction((tx) =>
      setAudience(tx, ALL, { type: 'test', id: 1 }, [
        { type: 'org', id: east.id },
        { type: 'user', id: named.id },
        { type: 'position', id: pos!.id },
        { type: 'group', id: grp!.id },
        { type: 'user', id: named.id },
      ]),
    );
    for (const u of [inSub, named, poster, grouped]) expect(await member(1, u.id)).toBe(true);
    expect(await member(1, outsider.id)).toBe(false);
    expect(await member(2, named.id)).toBe(false); // another owner's audience
    const ids = (await t.db.execute<{ user_id: number }>(audienceUserIds({ type: 'test', id: 1 }))).rows.map((r) => r.user_id);
    expect(ids.sort()).toEqual([inSub.id, named.id, poster.id, grouped.id].sort());
    const shown = await getAudience(t.db, { type: 'test', id: 1 });
    expect(shown).toHaveLength(4);
    expect(shown.find((r) => r.type === 'org')).toMatchObject({ id: east.id, name: 'AU-East' });
  });

  it('finds the owners a user reaches through the audience index, not by reading every audience row', async () => {
    const org = await buildOrg(t.db, { name: 'AU-Big' });
    const user = await buildUser(t.db, { orgId: org.id });
    // 3,000 owners naming 10 people each, and one more owner naming the user's organization.
    await t.db.execute(sql`insert into audience_targets (owner_type, owner_id, target_type, target_id)
      select 'big', o, 'user', 1000000 + o * 10 + k from generate_series(1, 3000) o, generate_series(1, 10) k`);
    await t.db.execute(sql`insert into audience_targets (owner_type, owner_id, target_type, target_id) values ('big', 4000, 'org', ${org.id})`);
    await t.db.execute(sql`analyze audience_targets`);
    const owners = sql`select o from generate_series(1, 4000) o where ${inAudience('big', sql`o`, sql`${user.id}::int`)}`;
    expect((await t.db.execute<{ o: number }>(owners)).rows.map((r) => r.o)).toEqual([4000]);
    const { rows } = await t.db.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(sql`explain (analyze, format json) ${owners}`);
    const nodes: PlanNode[] = [];
    const walk = (n: PlanNode) => (nodes.push(n), n.Plans?.forEach(walk));
    walk(rows[0]!['QUERY PLAN'][0].Plan);
    const audienceReads = nodes.filter((n) => n['Relation Name'] === 'audience_targets');
    expect(audienceReads.length).toBeGreaterThan(0);
    // Only index probes, reading the few rows naming the user's keys, once for the whole statement.
    for (const n of audienceReads) {
      expect(n['Index Name']).toBe('audience_targets_reach_idx');
      expect(n['Actual Rows']! * n['Actual Loops']!).toBeLessThanOrEqual(5);
    }
  });

  it('refuses missing targets and targets added beyond the caller’s data scope, keeping what was there', async () => {
    const east = await buildOrg(t.db, { name: 'AU2-East' });
    const west = await buildOrg(t.db, { name: 'AU2-West' });
    const westUser = await buildUser(t.db, { orgId: west.id });
    const eastOnly = principalFor([east.path]);
    await expect(t.db.transaction((tx) => setAudience(tx, eastOnly, { type: 'test', id: 3 }, [{ type: 'user', id: 99999999 }]))).rejects.toMatchObject({
      errorName: 'NOT_FOUND_ERROR',
      details: { data: { missing: [{ type: 'user', id: 99999999 }] } },
    });
    await expect(
      t.db.transaction((tx) =>
        setAudience(tx, eastOnly, { type: 'test', id: 3 }, [
          { type: 'org', id: east.id },
          { type: 'org', id: west.id },
          { type: 'user', id: westUser.id },
        ]),
      ),
    ).rejects.toMatchObject({
      errorName: 'NO_DATA_PERMISSION_ERROR',
      details: {
        field: 'audience',
        data: {
          beyond: [
            { type: 'org', id: west.id },
            { type: 'user', id: westUser.id },
          ],
        },
      },
    });
    // A wider administrator set West; the East administrator may keep it while editing.
    await t.db.transaction((tx) => setAudience(tx, ALL, { type: 'test', id: 3 }, [{ type: 'org', id: west.id }]));
    await t.db.transaction((tx) =>
      setAudience(tx, eastOnly, { type: 'test', id: 3 }, [
        { type: 'org', id: west.id },
        { type: 'org', id: east.id },
      ]),
    );
    expect((await getAudience(t.db, { type: 'test', id: 3 })).map((r) => r.id).sort()).toEqual([east.id, west.id].sort());
  });

  it('the picker searches by name within the caller’s scope', async () => {
    const org = await buildOrg(t.db, { name: 'AU3-Picker' });
    await buildUser(t.db, { orgId: org.id, realname: 'Picker Person' });
    const res = await call(t.app, admin, '/api/audience/search', { type: 'user', keyword: 'Picker Pers' });
    expect(res.json().data).toEqual([expect.objectContaining({ type: 'user', name: 'Picker Person', detail: expect.stringContaining('AU3-Picker') })]);
    const orgs = await call(t.app, admin, '/api/audience/search', { type: 'org', keyword: 'AU3-Pick' });
    expect(orgs.json().data).toEqual([expect.objectContaining({ type: 'org', id: org.id })]);
    const elsewhere = await buildOrg(t.db, { name: 'AU3-Elsewhere' });
    const scoped = await buildUser(t.db, { orgId: elsewhere.id, permissions: ['kcgl'], scopeOrgIds: [elsewhere.id] });
    const s = await login(t.app, scoped.username, scoped.password);
    expect((await call(t.app, s, '/api/audience/search', { type: 'user', keyword: 'Picker Pers' })).json().data).toEqual([]);
    const none = await buildUser(t.db, { permissions: ['yhgl'] });
    const n = await login(t.app, none.username, none.password);
    expect((await call(t.app, n, '/api/audience/search', { type: 'org' })).json().msg).toBe('NO_PERMISSION_ERROR');
  });
});
