import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DashboardCard } from '@hanlin/shared';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});

async function cards(session: Session): Promise<Record<string, DashboardCard>> {
  const res = await call(t.app, session, '/api/dashboard/cards');
  expect(res.statusCode).toBe(200);
  return Object.fromEntries((res.json().data.cards as DashboardCard[]).map((c) => [c.key, c]));
}
const count = (c: DashboardCard | undefined) => (c?.kind === 'count' ? c.value : undefined);

describe('POST /api/dashboard/cards', () => {
  it('counts people, organizations, pending registrations and online users inside the caller’s data scope', async () => {
    const branch = await buildOrg(t.db, { name: 'Dash-branch' });
    const sub = await buildOrg(t.db, { parentId: branch.id, name: 'Dash-sub' });
    await buildOrg(t.db, { name: 'Dash-other' });
    await buildUser(t.db, { orgId: sub.id, kind: 'employee' });
    await buildUser(t.db, { orgId: sub.id, kind: 'student' });
    await buildUser(t.db, { orgId: sub.id, kind: 'student' });
    const outsider = await buildUser(t.db, { kind: 'student', permissions: ['gggl'] });
    // Registrations as the sign-up page leaves them: one in the branch, one elsewhere.
    const elsewhere = await buildOrg(t.db);
    await t.db.execute(sql`insert into registrations (username, realname, email, org_id, password_hash)
      values ('dash-reg-1', 'R1', 'r1@example.com', ${sub.id}, 'x'), ('dash-reg-2', 'R2', 'r2@example.com', ${elsewhere.id}, 'x')`);

    const manager = await buildUser(t.db, { orgId: branch.id, permissions: ['yhgl', 'xsgl', 'zzjg', 'zcyh', 'rzgl'], scopeOrgIds: [branch.id] });
    const s = await login(t.app, manager.username, manager.password);
    await login(t.app, outsider.username, outsider.password);
    const mine = await cards(s);
    // The manager (in the branch) and the employee; two students; branch and sub; one registration.
    expect(count(mine.employees)).toBe(2);
    expect(count(mine.students)).toBe(2);
    expect(count(mine.organizations)).toBe(2);
    expect(count(mine.pendingRegistrations)).toBe(1);
    // Online: the manager, not the outsider signed in elsewhere.
    expect(count(mine.onlineUsers)).toBe(1);
    expect(mine.recentLogins?.kind === 'list' && mine.recentLogins.items.map((i) => i.title)).toEqual(['Test User']);

    // The administrator sees the whole platform.
    const all = await cards(admin);
    expect(count(all.students)).toBeGreaterThanOrEqual(3);
    expect(count(all.onlineUsers)).toBeGreaterThanOrEqual(2);
    expect(count(all.organizations)).toBeGreaterThan(count(mine.organizations)!);
  });

  it('shows only the cards of the codes the caller holds', async () => {
    const noticesOnly = await buildUser(t.db, { permissions: ['gggl'] });
    expect(await cards(await login(t.app, noticesOnly.username, noticesOnly.password))).toEqual({});
    const orgsOnly = await buildUser(t.db, { permissions: ['zzjg'] });
    expect(Object.keys(await cards(await login(t.app, orgsOnly.username, orgsOnly.password)))).toEqual(['organizations']);
  });

  it('refuses a caller who is not signed in', async () => {
    const res = await call(t.app, null, '/api/dashboard/cards');
    expect(res.statusCode).toBe(401);
  });
});
