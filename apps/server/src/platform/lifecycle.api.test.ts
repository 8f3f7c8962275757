import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, call, postUpload, type Session } from '../test/harness.js';
import { buildOrg, buildRole, buildUser, rootOrg } from '../test/factories.js';
import { expectWritesObey, uniq, type Abilities, type Write } from '../test/abilities.js';
import { testApprovalType } from '../test/approvals.js';

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

/** Two identical calls at once: exactly one wins, the other answers `code`. */
async function expectOneWins(fire: () => Promise<LightMyRequestResponse>, code: string) {
  const results = await Promise.all([fire(), fire()]);
  expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  expect(results.find((r) => r.statusCode === 409)!.json().msg).toBe(code);
}

/** The writes of a freeze lifecycle's two batch routes (`freezeRoutes(base, …)`). */
const freezeWrites = (base: string): Record<string, Write> => ({
  freeze: (s, id) => call(t.app, s, `${base}/freeze`, { ids: [id] }),
  unfreeze: (s, id) => call(t.app, s, `${base}/unfreeze`, { ids: [id] }),
});

describe('roles', () => {
  const byName = new Map<number, string>();
  const make =
    (opts: { status?: 'normal' | 'frozen'; used?: boolean } = {}) =>
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
    ...freezeWrites('/api/role'),
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
    ...freezeWrites('/api/learning-group'),
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
    ...freezeWrites('/api/teacher'),
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
    ...freezeWrites('/api/org'),
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

describe('textbooks', () => {
  const make =
    (status = 'draft') =>
    async () => {
      const { rows } = await t.db.execute<{ id: number }>(
        sql`with f as (insert into files (key, original_name, mime, size, purpose) values ('x', 'b.pdf', 'application/pdf', 1, 'textbook') returning id)
            insert into textbooks (name, status, file_id, org_id) select ${`lct${uniq()}`}, ${status}, f.id, ${rootId} from f returning id`,
      );
      return rows[0]!.id;
    };
  const abilities = (s: Session) => async (id: number) => (await call(t.app, s, '/api/textbook/get', { id })).json().data.abilities as Abilities;
  const writes: Record<string, Write> = {
    modify: (s, id) => call(t.app, s, '/api/textbook/update', { id, intro: 'changed' }),
    delete: (s, id) => call(t.app, s, '/api/textbook/delete', { ids: [id] }),
    publish: (s, id) => call(t.app, s, '/api/textbook/publish', { ids: [id] }),
    unpublish: (s, id) => call(t.app, s, '/api/textbook/unpublish', { ids: [id] }),
    offShelf: (s, id) => call(t.app, s, '/api/textbook/off-shelf', { ids: [id] }),
  };

  it('answers abilities the writes obey (state, codes)', async () => {
    await expectWritesObey(admin, make(), abilities(admin), writes, { modify: true, delete: true, publish: true, unpublish: false, offShelf: false });
    await expectWritesObey(admin, make('published'), abilities(admin), writes, { modify: false, delete: false, publish: false, unpublish: true, offShelf: true });
    await expectWritesObey(admin, make('unpublished'), abilities(admin), writes, { modify: true, delete: true, publish: true, unpublish: false, offShelf: true });
    await expectWritesObey(admin, make('offShelf'), abilities(admin), writes, { modify: false, delete: false, publish: false, unpublish: false, offShelf: false });
    const reader = await buildUser(t.db, { permissions: ['szjc'] });
    const s = await login(t.app, reader.username, reader.password);
    await expectWritesObey(s, make(), abilities(s), writes, { modify: false, delete: false, publish: false, unpublish: false, offShelf: false });
  });

  it('of two concurrent transitions one wins; the database refuses a state outside the lifecycle', async () => {
    const id = await make('published')();
    await expectOneWins(() => writes.offShelf!(admin, id), 'STATE_TRANSITION_INVALID');
    await expect(make('archived')()).rejects.toMatchObject({ cause: { code: '23514', constraint: 'textbooks_status_check' } });
  });
});

describe('questionnaire templates', () => {
  const items = JSON.stringify([{ kind: 'rating', key: 'r', title: 'Rate', required: true, scale: 5 }]);
  const make =
    (status = 'draft') =>
    async () => {
      const { rows } = await t.db.execute<{ id: number }>(
        sql`insert into questionnaires (name, status, items, org_id) values (${`lcq${uniq()}`}, ${status}, ${items}::jsonb, ${rootId}) returning id`,
      );
      return rows[0]!.id;
    };
  const abilities = (s: Session) => async (id: number) => (await call(t.app, s, '/api/questionnaire/get', { id })).json().data.abilities as Abilities;
  const writes: Record<string, Write> = {
    modify: (s, id) => call(t.app, s, '/api/questionnaire/update', { id, description: 'changed' }),
    delete: (s, id) => call(t.app, s, '/api/questionnaire/delete', { ids: [id] }),
    publish: (s, id) => call(t.app, s, '/api/questionnaire/publish', { ids: [id] }),
    unpublish: (s, id) => call(t.app, s, '/api/questionnaire/unpublish', { ids: [id] }),
    copy: (s, id) => call(t.app, s, '/api/questionnaire/copy', { id, name: `copy${uniq()}` }),
  };

  it('answers abilities the writes obey (state, codes)', async () => {
    await expectWritesObey(admin, make(), abilities(admin), writes, { modify: true, delete: true, publish: true, unpublish: false, copy: true });
    await expectWritesObey(admin, make('published'), abilities(admin), writes, { modify: false, delete: false, publish: false, unpublish: true, copy: true });
    await expectWritesObey(admin, make('unpublished'), abilities(admin), writes, { modify: true, delete: true, publish: true, unpublish: false, copy: true });
    const reader = await buildUser(t.db, { permissions: ['wjgl'] });
    const s = await login(t.app, reader.username, reader.password);
    await expectWritesObey(s, make(), abilities(s), writes, { modify: false, delete: false, publish: false, unpublish: false, copy: false });
  });

  it('of two concurrent transitions one wins; the database refuses a state outside the lifecycle', async () => {
    const id = await make()();
    await expectOneWins(() => writes.publish!(admin, id), 'STATE_TRANSITION_INVALID');
    await expect(make('archived')()).rejects.toMatchObject({ cause: { code: '23514', constraint: 'questionnaires_status_check' } });
  });
});

describe('surveys', () => {
  const items = JSON.stringify([{ kind: 'rating', key: 'r', title: 'Rate', required: true, scale: 5 }]);
  const make =
    (status = 'draft', endsIn = '2 days') =>
    async () => {
      const { rows } = await t.db.execute<{ id: number }>(
        sql`insert into surveys (name, status, items, start_at, end_at, org_id)
            values (${`lcs${uniq()}`}, ${status}, ${items}::jsonb, now() - interval '3 days', now() + ${endsIn}::interval, ${rootId}) returning id`,
      );
      return rows[0]!.id;
    };
  const abilities = (s: Session) => async (id: number) => (await call(t.app, s, '/api/survey/get', { id })).json().data.abilities as Abilities;
  const writes: Record<string, Write> = {
    modify: (s, id) => call(t.app, s, '/api/survey/update', { id, endAt: new Date(Date.now() + 5 * 86400_000).toISOString() }),
    delete: (s, id) => call(t.app, s, '/api/survey/delete', { ids: [id] }),
    release: (s, id) => call(t.app, s, '/api/survey/release', { ids: [id] }),
    unrelease: (s, id) => call(t.app, s, '/api/survey/unrelease', { ids: [id] }),
  };

  it('answers abilities the writes obey (state on the server clock, codes)', async () => {
    const none = { modify: false, delete: false, release: false, unrelease: false, end: false };
    await expectWritesObey(admin, make(), abilities(admin), writes, { ...none, modify: true, delete: true, release: true });
    await expectWritesObey(admin, make('released'), abilities(admin), writes, { ...none, modify: true, unrelease: true });
    await expectWritesObey(admin, make('unreleased'), abilities(admin), writes, { ...none, modify: true, delete: true, release: true });
    // Released, past its end: ended on every read, whatever is stored.
    await expectWritesObey(admin, make('released', '-1 minute'), abilities(admin), writes, none);
    await expectWritesObey(admin, make('draft', '-1 minute'), abilities(admin), { release: writes.release! }, { ...none, modify: true, delete: true });
    const reader = await buildUser(t.db, { permissions: ['dcgl'] });
    const s = await login(t.app, reader.username, reader.password);
    await expectWritesObey(s, make(), abilities(s), writes, none);
  });

  it('of two concurrent releases one wins; the database refuses a state outside the lifecycle', async () => {
    const id = await make()();
    await expectOneWins(() => writes.release!(admin, id), 'STATE_TRANSITION_INVALID');
    await expect(make('archived')()).rejects.toMatchObject({ cause: { code: '23514', constraint: 'surveys_status_check' } });
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
    // @ts-expect-error a status outside the lifecycle, as a bug elsewhere might write it
    await expect(buildUser(t.db, { status: 'locked' })).rejects.toMatchObject({ cause: { code: '23514', constraint: 'users_status_check' } });
  });
});

describe('learning assignments', () => {
  let courseId: number;
  const make =
    (opts: { status?: string; deadlineDays?: number } = {}) =>
    async () => {
      if (!courseId) {
        const { rows } = await t.db.execute<{ id: number }>(sql`insert into courses (name, status) values (${`lc-c-${uniq()}`}, 'published') returning id`);
        courseId = rows[0]!.id;
      }
      const deadline = new Date(Date.now() + (opts.deadlineDays ?? 7) * 86_400_000).toISOString();
      const res = await call(t.app, admin, '/api/learn-assign/insert', { title: `lc-a-${uniq()}`, deadline, courses: [{ courseId, required: true }], audience: [] });
      const id = res.json().data.id as number;
      if (opts.status) await t.db.execute(sql`update learn_assignments set status = ${opts.status} where id = ${id}`);
      return id;
    };
  const abilities = (s: Session) => async (id: number) => {
    const detail = (await call(t.app, s, '/api/learn-assign/get', { id })).json().data;
    const list = (await call(t.app, s, '/api/learn-assign/list', { keyword: detail.title })).json().data.records as { id: number; abilities: Abilities }[];
    expect(detail.abilities).toEqual(list[0]!.abilities);
    return detail.abilities as Abilities;
  };
  const writes: Record<string, Write> = {
    modify: async (s, id) => {
      const d = (await call(t.app, s, '/api/learn-assign/get', { id })).json().data;
      return call(t.app, s, '/api/learn-assign/update', { id, title: `${d.title}x`, deadline: d.deadline, courses: [{ courseId, required: false }], audience: [] });
    },
    delete: (s, id) => call(t.app, s, '/api/learn-assign/delete', { ids: [id] }),
    publish: (s, id) => call(t.app, s, '/api/learn-assign/publish', { ids: [id] }),
    unpublish: (s, id) => call(t.app, s, '/api/learn-assign/unpublish', { ids: [id] }),
  };

  it('answers abilities the writes obey (state, deadline, codes)', async () => {
    await expectWritesObey(admin, make(), abilities(admin), writes, { modify: true, delete: true, publish: true, unpublish: false });
    await expectWritesObey(admin, make({ status: 'published' }), abilities(admin), writes, { modify: false, delete: false, publish: false, unpublish: true });
    await expectWritesObey(admin, make({ status: 'unpublished' }), abilities(admin), writes, { modify: true, delete: true, publish: true, unpublish: false });
    // An expired assignment cannot be published.
    await expectWritesObey(admin, make({ deadlineDays: -1 }), abilities(admin), writes, { modify: true, delete: true, publish: false, unpublish: false });
    const viewer = await buildUser(t.db, { permissions: ['xxzp', 'xxzp:publish'] });
    const vs = await login(t.app, viewer.username, viewer.password);
    await expectWritesObey(vs, make(), abilities(vs), writes, { modify: false, delete: false, publish: true, unpublish: false });
  });

  it('lets one of two concurrent publications win', async () => {
    const id = await make()();
    await expectOneWins(() => call(t.app, admin, '/api/learn-assign/publish', { ids: [id] }), 'STATE_TRANSITION_INVALID');
  });
});

describe('courses', () => {
  let coursewareId: number;
  const names = new Map<number, string>();
  beforeAll(async () => {
    const up = await postUpload(t.app, admin, {
      filename: 'doc.pdf',
      data: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
      kind: 'courseware',
      purpose: 'courseware',
    });
    const ware = await call(t.app, admin, '/api/courseware/insert', { name: `LC ${uniq()}`, type: 'general', file: up.json().data.url });
    coursewareId = ware.json().data.id;
  });
  const make =
    (opts: { published?: boolean; pending?: boolean } = {}) =>
    async () => {
      const name = `Course ${uniq()}`;
      const id = (await call(t.app, admin, '/api/course/insert', { name, passProgress: 100 })).json().data.id as number;
      names.set(id, name);
      await call(t.app, admin, '/api/course/chapters', { id, chapters: [{ name: 'One', coursewareIds: [coursewareId] }] });
      if (opts.published) await call(t.app, admin, '/api/course/publish', { ids: [id] });
      if (opts.pending) await t.db.execute(sql`update courses set approval = 'pending' where id = ${id}`);
      return id;
    };
  const abilities = (s: Session) => async (id: number) => {
    const list = (await call(t.app, s, '/api/course/list', { keyword: names.get(id) })).json().data.records as { id: number; abilities: Abilities }[];
    expect((await call(t.app, s, '/api/course/get', { id })).json().data.abilities).toEqual(list[0]!.abilities);
    return list.find((r) => r.id === id)!.abilities;
  };
  const writes: Record<string, Write> = {
    modify: (s, id) => call(t.app, s, '/api/course/update', { id, credit: 2 }),
    delete: (s, id) => call(t.app, s, '/api/course/delete', { ids: [id] }),
    publish: (s, id) => call(t.app, s, '/api/course/publish', { ids: [id] }),
    unpublish: (s, id) => call(t.app, s, '/api/course/unpublish', { ids: [id] }),
    offShelf: (s, id) => call(t.app, s, '/api/course/off-shelf', { ids: [id] }),
    submit: (s, id) => call(t.app, s, '/api/course/submit', { ids: [id] }),
    approve: (s, id) => call(t.app, s, '/api/course-approval/approve', { ids: [id] }),
    refuse: (s, id) => call(t.app, s, '/api/course-approval/refuse', { ids: [id], reason: 'No' }),
  };
  const none = { modify: false, delete: false, publish: false, unpublish: false, offShelf: false, submit: false, approve: false, refuse: false };

  it('answers abilities the writes obey (status, approval, codes)', async () => {
    await expectWritesObey(admin, make(), abilities(admin), writes, { ...none, modify: true, delete: true, publish: true });
    await expectWritesObey(admin, make({ published: true }), abilities(admin), writes, { ...none, unpublish: true, offShelf: true });
    const lecturer = await buildUser(t.db, { permissions: ['kcgl', 'kcgl:add', 'kcgl:modify'] });
    const ls = await login(t.app, lecturer.username, lecturer.password);
    await expectWritesObey(ls, make(), abilities(ls), writes, { ...none, modify: true, submit: true });
    const approver = await buildUser(t.db, { permissions: ['kcgl', 'kcsp', 'kcsp:approve'] });
    const as = await login(t.app, approver.username, approver.password);
    await expectWritesObey(as, make({ pending: true }), abilities(as), writes, { ...none, approve: true, refuse: true });
  });

  it('two concurrent publishes or approvals: one wins', async () => {
    const id = await make()();
    await expectOneWins(() => call(t.app, admin, '/api/course/publish', { ids: [id] }), 'STATE_TRANSITION_INVALID');
    const pending = await make({ pending: true })();
    await expectOneWins(() => call(t.app, admin, '/api/course-approval/approve', { ids: [pending] }), 'STATE_TRANSITION_INVALID');
  });
});

describe('questions', () => {
  const stems = new Map<number, string>();
  const body = () => ({ type: 'single', stem: `LC question ${uniq()}`, options: [{ content: 'a' }, { content: 'b' }], answers: ['A'], score: 1 });
  const make =
    (state: 'draft' | 'pending' | 'approved' | 'refused' = 'draft') =>
    async () => {
      const q = body();
      const id = (await call(t.app, admin, '/api/question/insert', q)).json().data.id as number;
      stems.set(id, q.stem);
      if (state !== 'draft') await call(t.app, admin, '/api/question/submit', { ids: [id] });
      if (state === 'approved') await call(t.app, admin, '/api/question-approval/approve', { ids: [id] });
      if (state === 'refused') await call(t.app, admin, '/api/question-approval/refuse', { ids: [id], reason: 'No' });
      return id;
    };
  const abilities = (s: Session) => async (id: number) => {
    const list = (await call(t.app, s, '/api/question/list', { keyword: stems.get(id) })).json().data.records as { id: number; abilities: Abilities }[];
    expect((await call(t.app, s, '/api/question/get', { id })).json().data.abilities).toEqual(list[0]!.abilities);
    return list.find((r) => r.id === id)!.abilities;
  };
  const writes: Record<string, Write> = {
    modify: (s, id) => call(t.app, s, '/api/question/update', { ...body(), id }),
    delete: (s, id) => call(t.app, s, '/api/question/delete', { ids: [id] }),
    submit: (s, id) => call(t.app, s, '/api/question/submit', { ids: [id] }),
    approve: (s, id) => call(t.app, s, '/api/question-approval/approve', { ids: [id] }),
    refuse: (s, id) => call(t.app, s, '/api/question-approval/refuse', { ids: [id], reason: 'No' }),
    unpublish: (s, id) => call(t.app, s, '/api/question/unpublish', { ids: [id] }),
  };
  const none = { modify: false, delete: false, submit: false, approve: false, refuse: false, unpublish: false };

  it('answers abilities the writes obey (state and codes)', async () => {
    await expectWritesObey(admin, make(), abilities(admin), writes, { ...none, modify: true, delete: true, submit: true });
    await expectWritesObey(admin, make('pending'), abilities(admin), writes, { ...none, approve: true, refuse: true });
    await expectWritesObey(admin, make('approved'), abilities(admin), writes, { ...none, delete: true, unpublish: true });
    await expectWritesObey(admin, make('refused'), abilities(admin), writes, { ...none, modify: true, delete: true, submit: true });
    const author = await buildUser(t.db, { permissions: ['tkgl', 'tkgl:add', 'tkgl:modify'] });
    const as = await login(t.app, author.username, author.password);
    await expectWritesObey(as, make('pending'), abilities(as), writes, none);
    // Submitting publishes into the bank: tkgl:publish, not the author's tkgl:add.
    await expectWritesObey(as, make(), abilities(as), writes, { ...none, modify: true });
  });

  it('two concurrent approvals: one wins', async () => {
    const id = await make('pending')();
    await expectOneWins(() => call(t.app, admin, '/api/question-approval/approve', { ids: [id] }), 'STATE_TRANSITION_INVALID');
  });
});

describe('Q&A entries', () => {
  const make =
    (opts: { status?: string; pinned?: boolean; answers?: number } = {}) =>
    async () => {
      await t.db.execute(sql`update qa_entries set pinned = false`);
      const { rows } = await t.db.execute<{ id: number }>(
        sql`insert into qa_entries (title, content, status, pinned, answer_count, org_id)
            values (${`lcqa${uniq()}`}, '<p>q</p>', ${opts.status ?? 'draft'}, ${opts.pinned ?? false}, ${opts.answers ?? 0}, ${rootId}) returning id`,
      );
      return rows[0]!.id;
    };
  const abilities = (s: Session) => async (id: number) => {
    const detail = (await call(t.app, s, '/api/qa/get', { id })).json().data;
    const list = (await call(t.app, s, '/api/qa/list', { keyword: detail.title })).json().data.records as { id: number; abilities: Abilities }[];
    expect(list[0]!.abilities).toEqual(detail.abilities);
    return detail.abilities as Abilities;
  };
  const writes: Record<string, Write> = {
    modify: (s, id) => call(t.app, s, '/api/qa/update', { id, title: `changed ${uniq()}` }),
    delete: (s, id) => call(t.app, s, '/api/qa/delete', { ids: [id] }),
    release: (s, id) => call(t.app, s, '/api/qa/release', { ids: [id] }),
    unrelease: (s, id) => call(t.app, s, '/api/qa/unrelease', { ids: [id] }),
    pin: (s, id) => call(t.app, s, '/api/qa/pin', { ids: [id] }),
    unpin: (s, id) => call(t.app, s, '/api/qa/unpin', { ids: [id] }),
  };

  it('answers abilities the writes obey (state, pin, answers, codes)', async () => {
    const none = { modify: false, delete: false, release: false, unrelease: false, pin: false, unpin: false };
    await expectWritesObey(admin, make(), abilities(admin), writes, { ...none, modify: true, delete: true, release: true });
    await expectWritesObey(admin, make({ status: 'released' }), abilities(admin), writes, { ...none, unrelease: true, pin: true });
    await expectWritesObey(admin, make({ status: 'released', pinned: true }), abilities(admin), writes, { ...none, unpin: true });
    await expectWritesObey(admin, make({ status: 'released', answers: 1 }), abilities(admin), writes, { ...none, pin: true });
    await expectWritesObey(admin, make({ status: 'unreleased' }), abilities(admin), writes, { ...none, modify: true, delete: true, release: true });
    const reader = await buildUser(t.db, { permissions: ['wdgl'] });
    const s = await login(t.app, reader.username, reader.password);
    await expectWritesObey(s, make({ status: 'released' }), abilities(s), writes, none);
  });

  it('of two concurrent transitions one wins; the database refuses a state outside the lifecycle', async () => {
    const id = await make()();
    await expectOneWins(() => writes.release!(admin, id), 'STATE_TRANSITION_INVALID');
    await expect(make({ status: 'archived' })()).rejects.toMatchObject({ cause: { code: '23514', constraint: 'qa_entries_status_check' } });
  });
});

describe('approvals', () => {
  let applicant: Session;
  let approver: Session;
  let type: string;
  let businessId = 1;
  beforeAll(async () => {
    const a = await buildUser(t.db, { permissions: [] });
    const b = await buildUser(t.db, { permissions: [] });
    applicant = await login(t.app, a.username, a.password);
    approver = await login(t.app, b.username, b.password);
    type = testApprovalType(t.app).name;
    await call(t.app, admin, '/api/approval-flow/insert', { businessType: type, name: 'LC flow', steps: [{ mode: 'orSign', approvers: [{ kind: 'user', userId: b.id }] }] });
  });
  const make = (then?: 'refuse' | 'withdraw' | 'approve') => async () => {
    const id = (await call(t.app, applicant, '/api/approval/submit', { businessType: type, businessId: businessId++ })).json().data.id as number;
    if (then === 'withdraw') await call(t.app, applicant, '/api/approval/withdraw', { id });
    if (then === 'refuse' || then === 'approve') await call(t.app, approver, '/api/approval/decide', { id, decision: then, comment: 'LC' });
    return id;
  };
  const abilities = async (id: number, s: Session) => (await call(t.app, s, '/api/approval/get', { id })).json().data.abilities as Abilities;
  const businessOf = async (id: number) => (await call(t.app, applicant, '/api/approval/get', { id })).json().data.businessId as number;
  const writes: Record<string, Write> = {
    approve: (s, id) => call(t.app, s, '/api/approval/decide', { id, decision: 'approve' }),
    refuse: (s, id) => call(t.app, s, '/api/approval/decide', { id, decision: 'refuse', comment: 'No' }),
    withdraw: (s, id) => call(t.app, s, '/api/approval/withdraw', { id }),
    resubmit: async (s, id) => call(t.app, s, '/api/approval/submit', { businessType: type, businessId: await businessOf(id) }),
  };
  const none = { approve: false, refuse: false, withdraw: false, resubmit: false };

  it('answers abilities the writes obey (state, applicant, approver)', async () => {
    await expectWritesObey(applicant, make(), abilities, writes, { ...none, withdraw: true });
    await expectWritesObey(approver, make(), abilities, writes, { ...none, approve: true, refuse: true });
    await expectWritesObey(applicant, make('refuse'), abilities, writes, { ...none, resubmit: true });
    await expectWritesObey(applicant, make('withdraw'), abilities, writes, { ...none, resubmit: true });
    await expectWritesObey(applicant, make('approve'), abilities, writes, none);
    await expectWritesObey(approver, make('approve'), abilities, writes, none);
  });

  it('two concurrent decisions or withdrawals: one wins', async () => {
    const id = await make()();
    await expectOneWins(() => call(t.app, approver, '/api/approval/decide', { id, decision: 'approve' }), 'REPEAT_APPROVAL');
    const other = await make()();
    await expectOneWins(() => call(t.app, applicant, '/api/approval/withdraw', { id: other }), 'STATE_TRANSITION_INVALID');
  });
});

describe('annual plans', () => {
  let approver: Session & { id: number };
  beforeAll(async () => {
    const u = await buildUser(t.db, { permissions: [] });
    approver = { ...(await login(t.app, u.username, u.password)), id: u.id };
    await call(t.app, admin, '/api/approval-flow/insert', {
      businessType: 'annualPlan',
      name: 'LC annual plans',
      steps: [{ mode: 'orSign', approvers: [{ kind: 'user', userId: u.id }] }],
    });
  });
  const line = { month: 5, sessions: 1, trainingType: 'LC', content: 'LC', form: 'inside', days: 1, siteFee: 100, teacherFee: 0, textbookFee: 0, travelFee: 0 };
  const pendingOf = async (planId: number) =>
    ((await call(t.app, approver, '/api/approval/todo', { size: 500 })).json().data.records as { id: number; businessType: string; businessId: number }[]).find(
      (r) => r.businessType === 'annualPlan' && r.businessId === planId,
    )!.id;
  /** A plan of a fresh department, then brought to a state through the approval engine. */
  const make = (then?: 'submit' | 'approve' | 'refuse' | 'withdraw') => async () => {
    const org = await buildOrg(t.db);
    const id = (await call(t.app, admin, '/api/year-plan/insert', { name: `LC plan ${uniq()}`, year: 2030, type: 'salon', orgId: org.id, lines: [line] })).json().data
      .id as number;
    if (!then) return id;
    await call(t.app, admin, '/api/year-plan/submit', { id });
    if (then === 'withdraw') await call(t.app, admin, '/api/approval/withdraw', { id: await pendingOf(id) });
    if (then === 'approve' || then === 'refuse') await call(t.app, approver, '/api/approval/decide', { id: await pendingOf(id), decision: then, comment: 'LC' });
    return id;
  };
  const abilities = (s: Session) => async (id: number) => {
    const detail = (await call(t.app, s, '/api/year-plan/get', { id })).json().data;
    const list = (await call(t.app, s, '/api/year-plan/list', { keyword: detail.name })).json().data.records as { id: number; abilities: Abilities }[];
    expect(list[0]!.abilities).toEqual(detail.abilities);
    return detail.abilities as Abilities;
  };
  const writes: Record<string, Write> = {
    modify: (s, id) => call(t.app, s, '/api/year-plan/update', { id, name: `changed ${uniq()}` }),
    delete: (s, id) => call(t.app, s, '/api/year-plan/delete', { ids: [id] }),
    submit: (s, id) => call(t.app, s, '/api/year-plan/submit', { id }),
  };
  const none = { modify: false, delete: false, submit: false };

  it('answers abilities the writes obey (draft, under review, approved, audit failure, can resubmit, codes)', async () => {
    await expectWritesObey(admin, make(), abilities(admin), writes, { modify: true, delete: true, submit: true });
    await expectWritesObey(admin, make('submit'), abilities(admin), writes, none);
    await expectWritesObey(admin, make('approve'), abilities(admin), writes, none);
    await expectWritesObey(admin, make('refuse'), abilities(admin), writes, { modify: true, delete: false, submit: true });
    await expectWritesObey(admin, make('withdraw'), abilities(admin), writes, { modify: true, delete: false, submit: true });
    const reader = await buildUser(t.db, { permissions: ['ndjh'] });
    const s = await login(t.app, reader.username, reader.password);
    await expectWritesObey(s, make(), abilities(s), writes, none);
  });

  it('of two concurrent submissions one wins; the database refuses a state outside the lifecycle', async () => {
    const id = await make()();
    await expectOneWins(() => writes.submit!(admin, id), 'STATE_TRANSITION_INVALID');
    await expect(t.db.execute(sql`update year_plans set status = 'archived' where id = ${id}`)).rejects.toMatchObject({
      cause: { code: '23514', constraint: 'year_plans_status_check' },
    });
  });
});

describe('unplanned plans', () => {
  let approver: Session & { id: number };
  beforeAll(async () => {
    const u = await buildUser(t.db, { permissions: [] });
    approver = { ...(await login(t.app, u.username, u.password)), id: u.id };
    await call(t.app, admin, '/api/approval-flow/insert', {
      businessType: 'trainingPlan',
      name: 'LC unplanned plans',
      steps: [{ mode: 'orSign', approvers: [{ kind: 'user', userId: u.id }] }],
    });
  });
  const pendingOf = async (planId: number) =>
    ((await call(t.app, approver, '/api/approval/todo', { size: 500 })).json().data.records as { id: number; businessType: string; businessId: number }[]).find(
      (r) => r.businessType === 'trainingPlan' && r.businessId === planId,
    )!.id;
  /** A plan of a fresh department, then brought to a state through the approval engine. */
  const make = (then?: 'submit' | 'approve' | 'refuse' | 'withdraw') => async () => {
    const org = await buildOrg(t.db);
    const plan = {
      name: `LC ad-hoc ${uniq()}`,
      reason: 'LC',
      startDate: '2030-05-01',
      endDate: '2030-05-01',
      trainingType: 'LC',
      form: 'inside',
      days: 1,
      sessions: 1,
      trainees: 5,
    };
    const id = (await call(t.app, admin, '/api/train-plan/insert', { ...plan, orgId: org.id })).json().data.id as number;
    if (!then) return id;
    await call(t.app, admin, '/api/train-plan/submit', { id });
    if (then === 'withdraw') await call(t.app, admin, '/api/approval/withdraw', { id: await pendingOf(id) });
    if (then === 'approve' || then === 'refuse') await call(t.app, approver, '/api/approval/decide', { id: await pendingOf(id), decision: then, comment: 'LC' });
    return id;
  };
  const abilities = (s: Session) => async (id: number) => {
    const detail = (await call(t.app, s, '/api/train-plan/get', { id })).json().data;
    const list = (await call(t.app, s, '/api/train-plan/list', { keyword: detail.name })).json().data.records as { id: number; abilities: Abilities }[];
    expect(list[0]!.abilities).toEqual(detail.abilities);
    return detail.abilities as Abilities;
  };
  const writes: Record<string, Write> = {
    modify: (s, id) => call(t.app, s, '/api/train-plan/update', { id, name: `changed ${uniq()}` }),
    delete: (s, id) => call(t.app, s, '/api/train-plan/delete', { ids: [id] }),
    submit: (s, id) => call(t.app, s, '/api/train-plan/submit', { id }),
  };
  const none = { modify: false, delete: false, submit: false };

  it('answers abilities the writes obey (draft, under review, approved, audit failure, can resubmit, codes)', async () => {
    await expectWritesObey(admin, make(), abilities(admin), writes, { modify: true, delete: true, submit: true });
    await expectWritesObey(admin, make('submit'), abilities(admin), writes, none);
    await expectWritesObey(admin, make('approve'), abilities(admin), writes, none);
    await expectWritesObey(admin, make('refuse'), abilities(admin), writes, { modify: true, delete: false, submit: true });
    await expectWritesObey(admin, make('withdraw'), abilities(admin), writes, { modify: true, delete: false, submit: true });
    const reader = await buildUser(t.db, { permissions: ['pxjh'] });
    const s = await login(t.app, reader.username, reader.password);
    await expectWritesObey(s, make(), abilities(s), writes, none);
  });

  it('of two concurrent submissions one wins; the database refuses a state outside the lifecycle', async () => {
    const id = await make()();
    await expectOneWins(() => writes.submit!(admin, id), 'STATE_TRANSITION_INVALID');
    await expect(t.db.execute(sql`update train_plans set status = 'archived' where id = ${id}`)).rejects.toMatchObject({
      cause: { code: '23514', constraint: 'train_plans_status_check' },
    });
  });
});

describe('outside training', () => {
  let approver: Session & { id: number };
  let applicant: Session;
  let manager: Session;
  beforeAll(async () => {
    const u = await buildUser(t.db, { permissions: [] });
    approver = { ...(await login(t.app, u.username, u.password)), id: u.id };
    const org = await buildOrg(t.db);
    const a = await buildUser(t.db, { permissions: [], orgId: org.id });
    applicant = await login(t.app, a.username, a.password);
    const m = await buildUser(t.db, { permissions: ['wxpx'], orgId: org.id, scopeOrgIds: [org.id] });
    manager = await login(t.app, m.username, m.password);
    await call(t.app, admin, '/api/approval-flow/insert', {
      businessType: 'outsideTraining',
      name: 'LC outside training',
      steps: [{ mode: 'orSign', approvers: [{ kind: 'user', userId: u.id }] }],
    });
  });
  const pendingOf = async (id: number) =>
    ((await call(t.app, approver, '/api/approval/todo', { size: 500 })).json().data.records as { id: number; businessType: string; businessId: number }[]).find(
      (r) => r.businessType === 'outsideTraining' && r.businessId === id,
    )!.id;
  /** An application of the applicant, then brought to a state through the approval engine (and the result). */
  const make = (then?: 'submit' | 'approve' | 'refuse' | 'withdraw' | 'complete') => async () => {
    const body = { institutionName: 'LC institute', course: `LC course ${uniq()}`, startDate: '2031-01-01', endDate: '2031-01-02', cost: 100 };
    const id = (await call(t.app, applicant, '/api/outside-training/insert', body)).json().data.id as number;
    if (!then) return id;
    await call(t.app, applicant, '/api/outside-training/submit', { id });
    if (then === 'withdraw') await call(t.app, applicant, '/api/approval/withdraw', { id: await pendingOf(id) });
    if (then === 'refuse') await call(t.app, approver, '/api/approval/decide', { id: await pendingOf(id), decision: 'refuse', comment: 'LC' });
    if (then === 'approve' || then === 'complete') await call(t.app, approver, '/api/approval/decide', { id: await pendingOf(id), decision: 'approve', comment: 'LC' });
    if (then === 'complete') await call(t.app, applicant, '/api/outside-training/result', { id, result: 'passed' });
    return id;
  };
  const abilities = (s: Session) => async (id: number) => {
    const detail = (await call(t.app, s, '/api/outside-training/get', { id })).json().data;
    const url = s === manager ? '/api/outside-training/list' : '/api/outside-training/mine';
    const list = (await call(t.app, s, url, { keyword: detail.course })).json().data.records as { id: number; abilities: Abilities }[];
    expect(list[0]!.abilities).toEqual(detail.abilities);
    return detail.abilities as Abilities;
  };
  const writes: Record<string, Write> = {
    modify: (s, id) => call(t.app, s, '/api/outside-training/update', { id, cost: 200 }),
    delete: (s, id) => call(t.app, s, '/api/outside-training/delete', { ids: [id] }),
    submit: (s, id) => call(t.app, s, '/api/outside-training/submit', { id }),
    recordResult: (s, id) => call(t.app, s, '/api/outside-training/result', { id, result: 'failed', score: 10 }),
  };
  const none = { modify: false, delete: false, submit: false, recordResult: false };

  it('answers abilities the writes obey (draft, under review, approved, refused, withdrawn, completed, not the applicant)', async () => {
    await expectWritesObey(applicant, make(), abilities(applicant), writes, { modify: true, delete: true, submit: true, recordResult: false });
    await expectWritesObey(applicant, make('submit'), abilities(applicant), writes, none);
    await expectWritesObey(applicant, make('approve'), abilities(applicant), writes, { ...none, recordResult: true });
    await expectWritesObey(applicant, make('refuse'), abilities(applicant), writes, { modify: true, delete: false, submit: true, recordResult: false });
    await expectWritesObey(applicant, make('withdraw'), abilities(applicant), writes, { modify: true, delete: false, submit: true, recordResult: false });
    await expectWritesObey(applicant, make('complete'), abilities(applicant), writes, { ...none, recordResult: true });
    await expectWritesObey(manager, make(), abilities(manager), writes, none);
    await expectWritesObey(manager, make('approve'), abilities(manager), writes, none);
  });

  it('of two concurrent submissions one wins; the database refuses a state outside the lifecycle', async () => {
    const id = await make()();
    await expectOneWins(() => writes.submit!(applicant, id), 'STATE_TRANSITION_INVALID');
    await expect(t.db.execute(sql`update outside_trainings set status = 'archived' where id = ${id}`)).rejects.toMatchObject({
      cause: { code: '23514', constraint: 'outside_trainings_status_check' },
    });
  });
});

describe('training classes', () => {
  const DAY = 86_400_000;
  const names = new Map<number, string>();
  /** A class of a fresh department, starting in ten days, then brought to a state. */
  const make = (then?: 'publish' | 'change' | 'cancel' | 'start') => async () => {
    const org = await buildOrg(t.db);
    const start = Date.now() + 10 * DAY;
    const name = `LC class ${uniq()}`;
    const id = (
      await call(t.app, admin, '/api/train-class/insert', {
        name,
        days: 1,
        orgId: org.id,
        startAt: new Date(start).toISOString(),
        endAt: new Date(start + DAY).toISOString(),
        enrolStartAt: new Date(Date.now() - DAY).toISOString(),
        enrolEndAt: new Date(start - DAY).toISOString(),
        traineeQuota: 10,
      })
    ).json().data.id as number;
    names.set(id, name);
    if (then) await call(t.app, admin, '/api/train-class/publish', { ids: [id] });
    if (then === 'change') await call(t.app, admin, '/api/train-class/update', { id, traineeQuota: 11 });
    if (then === 'cancel') await call(t.app, admin, '/api/train-class/cancel', { id, reason: 'LC' });
    if (then === 'start') await t.db.execute(sql`update train_classes set status = 'started' where id = ${id}`);
    return id;
  };
  const abilities = (s: Session) => async (id: number) => {
    const detail = (await call(t.app, s, '/api/train-class/get', { id })).json().data;
    const list = (await call(t.app, s, '/api/train-class/list', { keyword: names.get(id) })).json().data.records as { id: number; abilities: Abilities }[];
    expect(list[0]!.abilities).toEqual(detail.abilities);
    return detail.abilities as Abilities;
  };
  const writes: Record<string, Write> = {
    modify: (s, id) => call(t.app, s, '/api/train-class/update', { id, traineeQuota: 20 }),
    delete: (s, id) => call(t.app, s, '/api/train-class/delete', { ids: [id] }),
    publish: (s, id) => call(t.app, s, '/api/train-class/publish', { ids: [id] }),
    offline: (s, id) => call(t.app, s, '/api/train-class/offline', { ids: [id] }),
    cancel: (s, id) => call(t.app, s, '/api/train-class/cancel', { id, reason: 'LC' }),
    complete: (s, id) => call(t.app, s, '/api/train-class/complete', { ids: [id] }),
    submit: (s, id) => call(t.app, s, '/api/train-class/submit', { id }),
  };
  const none = { modify: false, delete: false, publish: false, offline: false, cancel: false, complete: false, submit: false };

  it('answers abilities the writes obey (to publish, published, changed, started, cancelled, codes)', async () => {
    await expectWritesObey(admin, make(), abilities(admin), writes, { ...none, modify: true, delete: true, publish: true, cancel: true });
    await expectWritesObey(admin, make('publish'), abilities(admin), writes, { ...none, modify: true, offline: true, cancel: true });
    await expectWritesObey(admin, make('change'), abilities(admin), writes, { ...none, modify: true, publish: true, offline: true, cancel: true });
    await expectWritesObey(admin, make('start'), abilities(admin), writes, { ...none, complete: true });
    await expectWritesObey(admin, make('cancel'), abilities(admin), writes, none);
    const reader = await buildUser(t.db, { permissions: ['pxapgl'] });
    const s = await login(t.app, reader.username, reader.password);
    await expectWritesObey(s, make(), abilities(s), writes, none);
  });

  it('of two concurrent publications one wins; the database refuses a state outside the lifecycle', async () => {
    const id = await make()();
    await expectOneWins(() => writes.publish!(admin, id), 'STATE_TRANSITION_INVALID');
    await expect(t.db.execute(sql`update train_classes set status = 'archived' where id = ${id}`)).rejects.toMatchObject({
      cause: { code: '23514', constraint: 'train_classes_status_check' },
    });
  });
});
