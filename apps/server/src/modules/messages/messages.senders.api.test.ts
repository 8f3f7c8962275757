import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { users } from '../users/index.js';
import { messages } from './messages.schema.js';
import { activeUsersUnder, sendMessage } from './index.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});
const inbox = async (userId: number) =>
  t.db.select({ template: messages.template, kind: messages.kind, params: messages.params }).from(messages).where(eq(messages.userId, userId)).orderBy(messages.id);

describe('messages users receive from the platform', () => {
  it('an administrator resetting a password or freezing an account tells its holder', async () => {
    const u = await buildUser(t.db);
    expect((await call(t.app, admin, '/api/user/reset-password', { ids: [u.id] })).statusCode).toBe(200);
    expect(await inbox(u.id)).toEqual([{ template: 'passwordReset', kind: 'account', params: {} }]);
    expect((await call(t.app, admin, '/api/user/freeze', { ids: [u.id] })).statusCode).toBe(200);
    expect((await inbox(u.id)).map((m) => m.template)).toEqual(['passwordReset', 'accountFrozen']);
  });

  it('an approved registration welcomes the new account', async () => {
    const { rows } = await t.db.execute<{ id: number }>(
      sql`insert into registrations (username, realname, email, password_hash, kind) values ('msg-reg-1', 'Reg', 'msg-reg-1@example.com', 'x', 'student') returning id`,
    );
    expect((await call(t.app, admin, '/api/registration/approve', { ids: [rows[0]!.id] })).statusCode).toBe(200);
    const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'msg-reg-1'));
    expect(await inbox(u!.id)).toEqual([{ template: 'registrationApproved', kind: 'account', params: {} }]);
  });

  it("a released notice reaches the active people of its audience (here an organization's subtree)", async () => {
    const dept = await buildOrg(t.db, { name: 'Msg-Dept' });
    const team = await buildOrg(t.db, { name: 'Msg-Team', parentId: dept.id });
    const other = await buildOrg(t.db, { name: 'Msg-Other' });
    const editor = await buildUser(t.db, { orgId: dept.id, permissions: ['gggl', 'gggl:add', 'gggl:publish'] });
    const inTeam = await buildUser(t.db, { orgId: team.id });
    const frozen = await buildUser(t.db, { orgId: team.id, status: 'frozen' });
    const outside = await buildUser(t.db, { orgId: other.id });
    const s = await login(t.app, editor.username, editor.password);
    const draft = {
      title: 'Fire drill',
      type: 'announcement',
      content: '<p>Friday</p>',
      displayTime: new Date(Date.now() + 60_000).toISOString(),
      audience: [{ type: 'org', id: dept.id }],
    };
    const { id } = (await call(t.app, s, '/api/notice/insert', draft)).json().data;
    expect((await call(t.app, s, '/api/notice/release', { ids: [id] })).json().data).toEqual({ count: 1 });
    expect(await inbox(inTeam.id)).toEqual([{ template: 'noticeReleased', kind: 'notice', params: { title: 'Fire drill' } }]);
    expect(await inbox(editor.id)).toHaveLength(1); // in the department too
    expect(await inbox(frozen.id)).toEqual([]);
    expect(await inbox(outside.id)).toEqual([]);
  });

  it('sends to thousands of users in one statement', async () => {
    const org = await buildOrg(t.db, { name: 'Msg-Many' });
    const [{ path }] = (await t.db.execute<{ path: string }>(sql`select path from organizations where id = ${org.id}`)).rows as [{ path: string }];
    await t.db.execute(sql`insert into users (username, realname, org_id, password_hash) select 'msg-many-' || g, 'M', ${org.id}, 'x' from generate_series(1, 5000) g`);
    const ids = (await t.db.select({ id: users.id }).from(users).where(eq(users.orgId, org.id))).map((r) => r.id);
    expect(await sendMessage(t.db, { to: activeUsersUnder(path), title: 'All', content: 'x', kind: 'system' })).toEqual({ count: 5000 });
    expect(await sendMessage(t.db, { to: ids, title: 'Listed', content: 'x', kind: 'system' })).toEqual({ count: 5000 });
    expect(await sendMessage(t.db, { to: [], title: 'Nobody', content: 'x', kind: 'system' })).toEqual({ count: 0 });
  });
});
