import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, call, type Session } from '../test/harness.js';
import { buildOrg, buildRole, buildUser, rootOrg } from '../test/factories.js';

/**
 * Lifecycles and abilities across the stateful entities: each ability a row answers is what the
 * write answers (true → done, false → refused with a 4xx code), refused transitions name the
 * right code, and of two concurrent transitions of one row exactly one wins.
 */
const t = useTestApp();
let admin: Session;
let rootId: number;
beforeAll(async () => {
  admin = await login(t.app);
  rootId = (await rootOrg(t.db)).id;
});

const uniq = () => crypto.randomBytes(4).toString('hex');
type Abilities = Record<string, boolean>;
type Write = (s: Session, id: number) => Promise<LightMyRequestResponse>;

/**
 * For every write: a fresh record from `make`, its abilities as answered to `s`, then the write;
 * the write succeeds exactly when the ability said so, and a refusal is a 4xx with a code.
 */
async function expectWritesObey(s: Session, make: () => Promise<number>, abilitiesOf: (id: number) => Promise<Abilities>, writes: Record<string, Write>, expected: Abilities) {
  for (const [key, write] of Object.entries(writes)) {
    const id = await make();
    const a = await abilitiesOf(id);
    expect(a, `abilities before ${key}`).toEqual(expected);
    const res = await write(s, id);
    expect(res.statusCode < 300, `${key}: ability ${a[key]}, write answered ${res.statusCode} ${res.body}`).toBe(a[key]);
    if (!a[key]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  }
}

/** Two identical calls at once: exactly one wins, the other answers `code`. */
async function expectOneWins(fire: () => Promise<LightMyRequestResponse>, code: string) {
  const results = await Promise.all([fire(), fire()]);
  expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  expect(results.find((r) => r.statusCode === 409)!.json().msg).toBe(code);
}

describe('roles', () => {
  const byName = new Map<number, string>();
  const make =
    (opts: { status?: string; used?: boolean } = {}) =>
    async () => {
      const role = await buildRole(t.db, { name: `lc-role-${uniq()}`, status: opts.status });
      if (opts.used) await buildUser(t.db, { roleIds: [role.id] });
      byName.set(role.id, role.name);
      return role.id;
    };
  const abilities = (s: Session) => async (id: number) => {
    const list = (await call(t.app, s, '/api/role/list', { keyword: byName.get(id) })).json().data.records as { id: number; abilities: Abilities }[];
    const detail = (await call(t.app, s, '/api/role/get', { id })).json().data;
    expect(detail.abilities).toEqual(list[0]!.abilities);
    return list.find((r) => r.id === id)!.abilities;
  };
  const writes: Record<string, Write> = {
    modify: (s, id) => call(t.app, s, '/api/role/update', { id, description: 'changed' }),
    delete: (s, id) => call(t.app, s, '/api/role/delete', { ids: [id] }),
    freeze: (s, id) => call(t.app, s, '/api/role/freeze', { ids: [id] }),
    unfreeze: (s, id) => call(t.app, s, '/api/role/unfreeze', { ids: [id] }),
  };

  it('answers abilities the writes obey (state, use, codes)', async () => {
    await expectWritesObey(admin, make(), abilities(admin), writes, { modify: true, delete: true, freeze: true, unfreeze: false });
    await expectWritesObey(admin, make({ status: 'frozen' }), abilities(admin), writes, { modify: true, delete: true, freeze: false, unfreeze: true });
    await expectWritesObey(admin, make({ used: true }), abilities(admin), writes, { modify: true, delete: false, freeze: true, unfreeze: false });
    const mgr = await buildUser(t.db, { permissions: ['rzjs', 'rzjs:modify'] });
    const s = await login(t.app, mgr.username, mgr.password);
    await expectWritesObey(s, make({ status: 'frozen' }), abilities(s), writes, { modify: true, delete: false, freeze: false, unfreeze: false });
  });

  it('never freezes a built-in role, and the list says so', async () => {
    const list = (await call(t.app, admin, '/api/role/list', { size: 100 })).json().data.records as { id: number; builtin: boolean; abilities: Abilities }[];
    const builtin = list.find((r) => r.builtin)!;
    expect(builtin.abilities).toMatchObject({ freeze: false, delete: false });
    expect((await writes.freeze!(admin, builtin.id)).json()).toMatchObject({ msg: 'STATE_TRANSITION_INVALID', data: { ids: [builtin.id] } });
  });

  it('refuses a transition the state does not allow, naming the rows', async () => {
    const frozen = await make({ status: 'frozen' })();
    const normal = await make()();
    const res = await call(t.app, admin, '/api/role/freeze', { ids: [frozen, normal] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: 'STATE_TRANSITION_INVALID', field: 'ids', data: { ids: [frozen] } });
    // All or nothing: the normal role stayed normal.
    expect((await call(t.app, admin, '/api/role/get', { id: normal })).json().data.status).toBe('normal');
  });

  it('two concurrent freezes: one wins', async () => {
    const id = await make()();
    await expectOneWins(() => call(t.app, admin, '/api/role/freeze', { ids: [id] }), 'STATE_TRANSITION_INVALID');
  });
});

describe('learning groups', () => {
  const names = new Map<number, string>();
  const make =
    (opts: { frozen?: boolean; member?: boolean } = {}) =>
    async () => {
      const name = `lc-g-${uniq()}`;
      const res = await call(t.app, admin, '/api/learning-group/insert', { name, kind: 'formal' });
      const id = res.json().data.id as number;
      names.set(id, name);
      if (opts.member) await call(t.app, admin, '/api/learning-group/add-members', { id, userIds: [(await buildUser(t.db)).id] });
      if (opts.frozen) await call(t.app, admin, '/api/learning-group/freeze', { ids: [id] });
      return id;
    };
  const abilities = (s: Session) => async (id: number) => {
    const list = (await call(t.app, s, '/api/learning-group/list', { keyword: names.get(id) })).json().data.records as { id: number; abilities: Abilities }[];
    expect((await call(t.app, s, '/api/learning-group/get', { id })).json().data.abilities).toEqual(list[0]!.abilities);
    return list.find((r) => r.id === id)!.abilities;
  };
  let someone: number;
  beforeAll(async () => {
    someone = (await buildUser(t.db)).id;
  });
  const writes: Record<string, Write> = {
    modify: (s, id) => call(t.app, s, '/api/learning-group/update', { id, description: 'changed' }),
    delete: (s, id) => call(t.app, s, '/api/learning-group/delete', { ids: [id] }),
    freeze: (s, id) => call(t.app, s, '/api/learning-group/freeze', { ids: [id] }),
    unfreeze: (s, id) => call(t.app, s, '/api/learning-group/unfreeze', { ids: [id] }),
    addMembers: (s, id) => call(t.app, s, '/api/learning-group/add-members', { id, userIds: [someone] }),
  };

  it('answers abilities the writes obey (state, members, codes)', async () => {
    await expectWritesObey(admin, make(), abilities(admin), writes, { modify: true, delete: true, freeze: true, unfreeze: false, addMembers: true });
    await expectWritesObey(admin, make({ frozen: true }), abilities(admin), writes, { modify: true, delete: true, freeze: false, unfreeze: true, addMembers: false });
    await expectWritesObey(admin, make({ member: true }), abilities(admin), writes, { modify: true, delete: false, freeze: true, unfreeze: false, addMembers: true });
    const mgr = await buildUser(t.db, { permissions: ['xxqz', 'xxqz:freeze'] });
    const s = await login(t.app, mgr.username, mgr.password);
    await expectWritesObey(s, make(), abilities(s), writes, { modify: false, delete: false, freeze: true, unfreeze: false, addMembers: false });
  });

  it('two concurrent unfreezes: one wins', async () => {
    const id = await make({ frozen: true })();
    await expectOneWins(() => call(t.app, admin, '/api/learning-group/unfreeze', { ids: [id] }), 'STATE_TRANSITION_INVALID');
  });
});

describe('lecturers', () => {
  const names = new Map<number, string>();
  const make =
    (opts: { frozen?: boolean; certified?: boolean } = {}) =>
    async () => {
      const username = `lc${uniq()}`;
      const res = await call(t.app, admin, '/api/teacher/insert', { realname: '王老师', username, kind: 'external', orgId: rootId });
      const id = res.json().data.id as number;
      names.set(id, username);
      if (opts.frozen) await call(t.app, admin, '/api/teacher/freeze', { ids: [id] });
      if (opts.certified) await call(t.app, admin, '/api/teacher/auth', { ids: [id], certified: true });
      return id;
    };
  const abilities = (s: Session) => async (id: number) => {
    const list = (await call(t.app, s, '/api/teacher/list', { keyword: names.get(id) })).json().data.records as { id: number; abilities: Abilities }[];
    expect((await call(t.app, s, '/api/teacher/get', { id })).json().data.abilities).toEqual(list[0]!.abilities);
    return list.find((r) => r.id === id)!.abilities;
  };
  const writes: Record<string, Write> = {
    modify: (s, id) => call(t.app, s, '/api/teacher/update', { id, realname: '李老师' }),
    delete: (s, id) => call(t.app, s, '/api/teacher/delete', { ids: [id] }),
    freeze: (s, id) => call(t.app, s, '/api/teacher/freeze', { ids: [id] }),
    unfreeze: (s, id) => call(t.app, s, '/api/teacher/unfreeze', { ids: [id] }),
    certify: (s, id) => call(t.app, s, '/api/teacher/auth', { ids: [id], certified: true }),
    uncertify: (s, id) => call(t.app, s, '/api/teacher/auth', { ids: [id], certified: false }),
  };

  it('answers abilities the writes obey (status, certification, codes)', async () => {
    await expectWritesObey(admin, make(), abilities(admin), writes, { modify: true, delete: true, freeze: true, unfreeze: false, certify: true, uncertify: false });
    await expectWritesObey(admin, make({ frozen: true, certified: true }), abilities(admin), writes, {
      modify: true,
      delete: true,
      freeze: false,
      unfreeze: true,
      certify: false,
      uncertify: true,
    });
    const mgr = await buildUser(t.db, { permissions: ['jsgl', 'jsgl:approve'] });
    const s = await login(t.app, mgr.username, mgr.password);
    await expectWritesObey(s, make(), abilities(s), writes, { modify: false, delete: false, freeze: false, unfreeze: false, certify: true, uncertify: false });
  });

  it('two concurrent certifications or freezes: one wins', async () => {
    const id = await make()();
    await expectOneWins(() => call(t.app, admin, '/api/teacher/auth', { ids: [id], certified: true }), 'STATE_TRANSITION_INVALID');
    await expectOneWins(() => call(t.app, admin, '/api/teacher/freeze', { ids: [id] }), 'STATE_TRANSITION_INVALID');
  });
});

describe('organizations', () => {
  const make =
    (opts: { frozen?: boolean; user?: boolean } = {}) =>
    async () => {
      const org = await buildOrg(t.db, { name: `lc-o-${uniq()}` });
      if (opts.user) await buildUser(t.db, { orgId: org.id });
      if (opts.frozen) await call(t.app, admin, '/api/org/freeze', { ids: [org.id] });
      return org.id;
    };
  const abilities = (s: Session) => async (id: number) => (await call(t.app, s, '/api/org/get', { id })).json().data.abilities as Abilities;
  const writes: Record<string, Write> = {
    modify: (s, id) => call(t.app, s, '/api/org/update', { id, name: `lc-o-${uniq()}` }),
    delete: (s, id) => call(t.app, s, '/api/org/delete', { id }),
    freeze: (s, id) => call(t.app, s, '/api/org/freeze', { ids: [id] }),
    unfreeze: (s, id) => call(t.app, s, '/api/org/unfreeze', { ids: [id] }),
  };

  it('answers abilities the writes obey (state, root, use, codes)', async () => {
    await expectWritesObey(admin, make(), abilities(admin), writes, { modify: true, delete: true, freeze: true, unfreeze: false });
    await expectWritesObey(admin, make({ frozen: true }), abilities(admin), writes, { modify: true, delete: true, freeze: false, unfreeze: true });
    await expectWritesObey(admin, make({ user: true }), abilities(admin), writes, { modify: true, delete: false, freeze: true, unfreeze: false });
    const mgr = await buildUser(t.db, { permissions: ['zzjg', 'zzjg:modify'] });
    const s = await login(t.app, mgr.username, mgr.password);
    await expectWritesObey(s, make(), abilities(s), writes, { modify: true, delete: false, freeze: false, unfreeze: false });
  });

  it('the root neither goes nor freezes', async () => {
    expect(await abilities(admin)(rootId)).toMatchObject({ delete: false, freeze: false, unfreeze: false });
    expect((await writes.freeze!(admin, rootId)).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await writes.delete!(admin, rootId)).statusCode).toBe(409);
  });

  it('two concurrent freezes: one wins', async () => {
    const id = await make()();
    await expectOneWins(() => call(t.app, admin, '/api/org/freeze', { ids: [id] }), 'STATE_TRANSITION_INVALID');
  });
});

describe('registrations', () => {
  const names = new Map<number, string>();
  const make =
    (status = 'pending') =>
    async () => {
      const username = `lcr${uniq()}`;
      const { rows } = await t.db.execute<{ id: number }>(
        sql`insert into registrations (username, realname, email, kind, password_hash, status) values (${username}, 'Reg', ${`${username}@example.com`}, 'student', 'x', ${status}) returning id`,
      );
      names.set(rows[0]!.id, username);
      return rows[0]!.id;
    };
  const abilities = (s: Session) => async (id: number) => {
    const list = (await call(t.app, s, '/api/registration/list', { keyword: names.get(id) })).json().data.records as { id: number; abilities: Abilities }[];
    expect((await call(t.app, s, '/api/registration/get', { id })).json().data.abilities).toEqual(list[0]!.abilities);
    return list.find((r) => r.id === id)!.abilities;
  };
  const writes: Record<string, Write> = {
    approve: (s, id) => call(t.app, s, '/api/registration/approve', { ids: [id] }),
    refuse: (s, id) => call(t.app, s, '/api/registration/refuse', { ids: [id], reason: 'no' }),
  };

  it('answers abilities the writes obey (decided once, codes)', async () => {
    await expectWritesObey(admin, make(), abilities(admin), writes, { approve: true, refuse: true });
    await expectWritesObey(admin, make('refused'), abilities(admin), writes, { approve: false, refuse: false });
    const reader = await buildUser(t.db, { permissions: ['zcyh'] });
    const s = await login(t.app, reader.username, reader.password);
    await expectWritesObey(s, make(), abilities(s), writes, { approve: false, refuse: false });
    expect((await writes.refuse!(admin, await make('approved')())).json().msg).toBe('REPEAT_APPROVAL');
  });

  it('the database refuses a state outside the lifecycle', async () => {
    await expect(make('archived')()).rejects.toMatchObject({ cause: { code: '23514', constraint: 'registrations_status_check' } });
  });
});

describe('users', () => {
  it('the detail answers the abilities of the list', async () => {
    const frozen = await buildUser(t.db, { status: 'frozen' });
    const list = (await call(t.app, admin, '/api/user/list', { keyword: frozen.username })).json().data.records as { id: number; abilities: Abilities }[];
    const detail = (await call(t.app, admin, '/api/user/get', { id: frozen.id })).json().data;
    expect(detail.abilities).toEqual({ modify: true, resetPassword: true, freeze: false, unfreeze: true, delete: true });
    expect(list.find((r) => r.id === frozen.id)!.abilities).toEqual(detail.abilities);
  });

  it('two concurrent freezes: one wins, and freezing a frozen user is refused', async () => {
    const u = await buildUser(t.db);
    await expectOneWins(() => call(t.app, admin, '/api/user/freeze', { ids: [u.id] }), 'STATE_TRANSITION_INVALID');
    expect((await call(t.app, admin, '/api/user/freeze', { ids: [u.id] })).json()).toMatchObject({ msg: 'STATE_TRANSITION_INVALID', data: { ids: [u.id] } });
  });

  it('the database refuses a status outside the lifecycle', async () => {
    await expect(buildUser(t.db, { status: 'locked' })).rejects.toMatchObject({ cause: { code: '23514', constraint: 'users_status_check' } });
  });
});
