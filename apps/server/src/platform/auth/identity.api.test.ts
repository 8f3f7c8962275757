import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { buildOrg, buildUser } from '../../test/factories.js';
import { createPrincipalLoader, tokenHash } from './principal.js';
import { createSessions } from './sessions.js';
import { createCredentials } from './credentials.js';
import { verifyPassword } from './password.js';
import { requireAllInScope, requireInScope, requireOrgsInScope } from '../scope.js';
import { AppError } from '../errors.js';

const t = useTestApp();
/** A portal code: enough to sign in. */
const PORTAL = ['kc-pc'];

/** A request only a live session passes (answers the session's refusal otherwise). */
const probe = (s: Session) => call(t.app, s, '/api/message/unread-count');

/** The error a call throws, as `{ name, field, data }`. */
async function refusal(fn: () => unknown) {
  try {
    await fn();
  } catch (e) {
    if (e instanceof AppError) return { name: e.errorName, ...e.details };
    throw e;
  }
  return null;
}

describe('sessions ended by a password write', () => {
  // The self-service change (other sessions end, the changer's stays) is tested in auth.api.test.ts.
  it('ends every session of users whose password an administrator resets, and they must change it', async () => {
    const admin = await login(t.app);
    const u = await buildUser(t.db, { password: 'Start-123', permissions: PORTAL });
    const s = await login(t.app, u.username, 'Start-123');
    expect((await probe(s)).statusCode).toBe(200);

    expect((await call(t.app, admin, '/api/user/reset-password', { ids: [u.id] })).json().msg).toBe('OK');
    expect((await probe(s)).json().msg).toBe('TOKEN_INVALID');
    const { rows } = await t.db.execute<{ hash: string; first_login: boolean }>(sql`select password_hash as hash, first_login from users where id = ${u.id}`);
    expect(rows[0]!.first_login).toBe(true);
    expect(await verifyPassword(rows[0]!.hash, `${u.username}123`)).toBe(true);
  });
});

describe('the session cache around an open transaction', () => {
  const platform = () => {
    const principals = createPrincipalLoader(t.db, t.kv);
    const sessions = createSessions(principals);
    return { principals, sessions, credentials: createCredentials(sessions) };
  };

  it('serves the old session while the ending transaction is open, caches nothing meanwhile, and refuses it after the commit', async () => {
    const { principals, sessions } = platform();
    const u = await buildUser(t.db, { permissions: PORTAL });
    const s = await login(t.app, u.username, u.password);
    expect((await principals.load(s.access_token))?.endedAt).toBeNull();

    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let marked!: () => void;
    const ended = new Promise<void>((r) => (marked = r));
    const tx = t.db.transaction(async (tx) => {
      expect(await sessions.endSessions(tx, [u.id], 'frozen')).toBe(1);
      marked();
      await released;
    });
    await ended;
    // Not committed yet: the database still shows the session open, and it is not cached so.
    expect((await principals.load(s.access_token))?.endedAt).toBeNull();
    expect(await t.kv.get(`session:${tokenHash(s.access_token)}`)).toMatch(/^stale:/);
    release();
    await tx;
    const after = await principals.load(s.access_token);
    expect(after?.endedAt).not.toBeNull();
    expect(after?.endReason).toBe('frozen');
    expect((await probe(s)).json().msg).toBe('TOKEN_INVALID');
  });

  it('keeps a session whose ending transaction rolled back', async () => {
    const { principals, sessions } = platform();
    const u = await buildUser(t.db, { permissions: PORTAL });
    const s = await login(t.app, u.username, u.password);
    await principals.load(s.access_token);
    await expect(
      t.db.transaction(async (tx) => {
        await sessions.endSessions(tx, [u.id], 'deleted');
        throw new AppError('PARAMETER_INVALID');
      }),
    ).rejects.toThrow('PARAMETER_INVALID');
    expect((await principals.load(s.access_token))?.endedAt).toBeNull();
    // Cached again once the transaction is over.
    expect(await t.kv.get(`session:${tokenHash(s.access_token)}`)).toMatch(/^\{/);
    expect((await probe(s)).statusCode).toBe(200);
  });

  it('a password write with a must-change flag blocks the kept session at once', async () => {
    const { credentials } = platform();
    const u = await buildUser(t.db, { permissions: PORTAL });
    const s = await login(t.app, u.username, u.password);
    expect((await probe(s)).statusCode).toBe(200);
    const stored = await credentials.hash('Other-pass1');
    await t.db.transaction((tx) => credentials.setPassword(tx, u.id, stored, { mustChange: true }));
    expect((await probe(s)).json().msg).toBe('FIRST_LOGIN_CHANGE_PASSWORD');
  });
});

describe('data scope helpers', () => {
  it('refuse organizations and records beyond the caller’s subtrees, and unknown organizations', async () => {
    const a = await buildOrg(t.db);
    const a1 = await buildOrg(t.db, { parentId: a.id });
    const b = await buildOrg(t.db);
    const caller = { scopePaths: [a.path] };

    expect((await requireOrgsInScope(t.db, caller, [a1.id, a.id, a1.id])).map((o) => o.id).sort()).toEqual([a.id, a1.id].sort());
    expect(await refusal(() => requireOrgsInScope(t.db, caller, [a1.id, b.id], { field: 'orgIds' }))).toEqual({
      name: 'NO_DATA_PERMISSION_ERROR',
      field: 'orgIds',
      data: { beyond: [b.id] },
    });
    const [{ max }] = (await t.db.execute<{ max: number }>(sql`select max(id) as max from organizations`)).rows as [{ max: number }];
    expect(await refusal(() => requireOrgsInScope(t.db, caller, [a.id, max + 1], { field: 'orgId' }))).toEqual({
      name: 'NOT_FOUND_ERROR',
      field: 'orgId',
      data: { ids: [max + 1] },
    });

    expect(await refusal(() => requireInScope(caller, a1.path))).toBeNull();
    expect(await refusal(() => requireInScope(caller, b.path, { field: 'id' }))).toEqual({ name: 'NO_DATA_PERMISSION_ERROR', field: 'id' });
    // A record without an organization is beyond every scope.
    expect((await refusal(() => requireInScope(caller, null)))?.name).toBe('NO_DATA_PERMISSION_ERROR');
    expect(
      await refusal(() =>
        requireAllInScope(caller, [
          { id: 1, orgPath: a1.path },
          { id: 2, orgPath: b.path },
          { id: 3, orgPath: null },
        ]),
      ),
    ).toEqual({ name: 'NO_DATA_PERMISSION_ERROR', data: { beyond: [2, 3] } });
  });

  it('answer out-of-scope ids through the API with the same code', async () => {
    const a = await buildOrg(t.db);
    const b = await buildOrg(t.db);
    const manager = await buildUser(t.db, { orgId: a.id, permissions: ['yhgl', 'yhgl:add'], scopeOrgIds: [a.id] });
    const s = await login(t.app, manager.username, manager.password);
    const res = await call(t.app, s, '/api/user/insert', { username: `u${Date.now()}`, realname: 'X', cardNumber: `E${Date.now()}`, orgId: b.id });
    expect(res.json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', data: { beyond: [b.id] } });
  });
});

describe('built-in roles', () => {
  it('are found by their stable key, whatever their display name', async () => {
    const { rows } = await t.db.execute<{ builtin_key: string }>(sql`select builtin_key from roles where builtin order by builtin_key`);
    expect(rows.map((r) => r.builtin_key)).toEqual(['admin', 'class_teacher', 'employee', 'lecturer', 'student']);
    // A new student gets the student role even after it was renamed in the database.
    await t.db.execute(sql`update roles set name = 'Learner' where builtin_key = 'student'`);
    const admin = await login(t.app);
    const res = await call(t.app, admin, '/api/student-user/insert', {
      username: `s${Date.now()}`,
      realname: 'S',
      cardNumber: `S${Date.now()}`,
      orgId: (await buildOrg(t.db)).id,
    });
    expect(res.json().msg).toBe('OK');
    const { rows: held } = await t.db.execute<{ key: string }>(
      sql`select r.builtin_key as key from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${res.json().data.id}`,
    );
    expect(held.map((r) => r.key)).toEqual(['student']);
  });
});
