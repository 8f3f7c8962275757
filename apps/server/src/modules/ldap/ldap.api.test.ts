import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { Change, Attribute } from 'ldapts';
import type { LdapSyncReport } from '@hanlin/shared';
import { useTestApp, login, postLogin, call, newUserSession, type Session } from '../../test/harness.js';
import { buildUser, rootOrg } from '../../test/factories.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { roles } from '../roles/index.js';
import { userRoles } from '../users/index.js';
import { systemSettings } from '../../platform/settings.schema.js';
import { LDAP_SYNC_LOCK } from './ldap.service.js';
import { addEntries, asRoot, ROOT_DN, ROOT_PASSWORD, SLAPD, startSlapd, SUFFIX, type Slapd } from '../../test/slapd.js';

const HAVE_SLAPD = fs.existsSync(SLAPD);
if (!HAVE_SLAPD && !process.env.CI) {
  console.warn(`LDAP sync tests skipped: ${SLAPD} is missing (apt-get install -y slapd ldap-utils). They fail instead when CI is set.`);
}

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});
const settings = (url: string, over: Record<string, unknown> = {}) => ({
  enabled: true,
  url,
  bindDn: ROOT_DN,
  bindPassword: ROOT_PASSWORD,
  baseDn: SUFFIX,
  ...over,
});
const sessionWith = (permissions: string[]) => newUserSession(t, { permissions });

describe('LDAP settings without a server', () => {
  it('reports "not configured" before any save', async () => {
    const got = (await call(t.app, admin, '/api/ldap/settings/get')).json().data;
    expect(got).toMatchObject({ configured: false, enabled: false, passwordSet: false, userFilter: '(objectClass=inetOrgPerson)' });
    expect(got.mapping).toMatchObject({ username: 'uid', realname: 'cn', email: 'mail', phone: 'telephoneNumber', cardNumber: 'employeeNumber', orgCode: 'ou' });
    const sync = await call(t.app, admin, '/api/ldap/sync');
    expect(sync.statusCode).toBe(409);
    expect(sync.json()).toMatchObject({ code: 5401, msg: 'LDAP_NOT_CONFIGURED' });
    expect((await call(t.app, admin, '/api/ldap/sync/status')).json().data).toEqual({ running: false, lastSync: null });
  });

  it('refuses bad settings and stores nothing', async () => {
    const url = 'ldap://127.0.0.1:1';
    const bad: [Record<string, unknown>, string][] = [
      [settings('http://127.0.0.1:389'), 'url'],
      [settings(url, { bindDn: 'admin' }), 'bindDn'],
      [settings(url, { baseDn: '' }), 'baseDn'],
      [settings(url, { userFilter: 'objectClass=person' }), 'userFilter'],
      [settings(url, { orgFilter: '((objectClass=organizationalUnit)' }), 'orgFilter'],
      [settings(url, { mapping: { username: 'bad attr' } }), 'mapping.username'],
      [settings(url, { enabled: 'yes' }), 'enabled'],
      [settings(url, { bindPassword: undefined }), 'bindPassword'],
    ];
    for (const [body, field] of bad) {
      const res = await call(t.app, admin, '/api/ldap/settings/save', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
    expect(await t.db.select().from(systemSettings).where(eq(systemSettings.key, 'ldap'))).toEqual([]);
  });

  it('keeps the bind password encrypted and never sends it back', async () => {
    const res = await call(t.app, admin, '/api/ldap/settings/save', settings('ldap://127.0.0.1:1', { enabled: false }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ configured: true, enabled: false, passwordSet: true });
    expect(JSON.stringify(res.json())).not.toContain(ROOT_PASSWORD);
    const [row] = await t.db.select().from(systemSettings).where(eq(systemSettings.key, 'ldap'));
    const stored = JSON.stringify(row!.value);
    expect(stored).not.toContain(ROOT_PASSWORD);
    expect((row!.value as { bindPasswordEnc: string }).bindPasswordEnc).toMatch(/^v1\./);
    const got = await call(t.app, admin, '/api/ldap/settings/get');
    expect(JSON.stringify(got.json())).not.toContain(ROOT_PASSWORD);
    expect(got.json().data).not.toHaveProperty('bindPassword');
    expect(got.json().data).not.toHaveProperty('bindPasswordEnc');
  });

  it('reports "disabled" when switched off and "connect failed" when the server is away', async () => {
    const disabled = await call(t.app, admin, '/api/ldap/sync');
    expect(disabled.json()).toMatchObject({ code: 5402, msg: 'LDAP_DISABLED' });
    await call(t.app, admin, '/api/ldap/settings/save', settings('ldap://127.0.0.1:1'));
    const away = await call(t.app, admin, '/api/ldap/sync');
    expect(away.statusCode).toBe(502);
    expect(away.json()).toMatchObject({ msg: 'LDAP_CONNECT_FAILED', data: { reason: 'UNREACHABLE' } });
    expect((await call(t.app, admin, '/api/ldap/sync/status')).json().data.lastSync).toBeNull();
  });

  it('enforces ldap, ldap:modify and ldap:import', async () => {
    const reader = await sessionWith(['ldap']);
    const modifier = await sessionWith(['ldap:modify']);
    const importer = await sessionWith(['ldap:import']);
    const none = await sessionWith(['yhgl']);
    const body = settings('ldap://127.0.0.1:1', { enabled: false });
    const cases = [
      { url: '/api/ldap/settings/get', body: undefined, ok: [reader] },
      { url: '/api/ldap/sync/status', body: undefined, ok: [reader] },
      { url: '/api/ldap/settings/save', body, ok: [modifier] },
      { url: '/api/ldap/test', body: { url: 'ldap://127.0.0.1:1', bindDn: ROOT_DN }, ok: [modifier] },
      { url: '/api/ldap/sync', body: undefined, ok: [importer] },
    ];
    for (const c of cases) {
      expect((await call(t.app, null, c.url, c.body)).statusCode, c.url).toBe(401);
      for (const s of [reader, modifier, importer, none]) {
        const res = await call(t.app, s, c.url, c.body);
        if (c.ok.includes(s)) expect(res.json().msg, c.url).not.toBe('NO_PERMISSION_ERROR');
        else expect(res.statusCode, c.url).toBe(403);
      }
    }
  });
});

describe.skipIf(!HAVE_SLAPD && !process.env.CI)('LDAP against a real OpenLDAP', () => {
  let slapd: Slapd;
  let first: LdapSyncReport;
  const ou = (path: string) => `${path},${SUFFIX}`;
  const person = (uid: string, o: Record<string, string> = {}) => ({
    objectClass: ['inetOrgPerson'],
    uid,
    cn: o.cn ?? `${uid} cn`,
    sn: 'Test',
    ...(o.mail === '' ? {} : { mail: o.mail ?? `${uid}@hanlin.test` }),
    ...(o.phone === '' ? {} : { telephoneNumber: o.phone ?? `1380000${String(uid.length * 1000 + uid.charCodeAt(0)).padStart(4, '0')}` }),
    ...(o.employeeNumber ? { employeeNumber: o.employeeNumber } : {}),
  });

  beforeAll(async () => {
    if (!HAVE_SLAPD) throw new Error(`${SLAPD} is not installed: apt-get install -y slapd ldap-utils`);
    slapd = await startSlapd();
    await buildUser(t.db, { username: 'taken-mail-owner' }).then((u) => t.db.update(users).set({ email: 'taken@hanlin.test' }).where(eq(users.id, u.id)));
    await addEntries(slapd.url, [
      [SUFFIX, { objectClass: ['dcObject', 'organization'], dc: 'hanlin', o: 'Hanlin' }],
      [ou('ou=Engineering'), { objectClass: ['organizationalUnit'], ou: 'Engineering' }],
      [ou('ou=Platform,ou=Engineering'), { objectClass: ['organizationalUnit'], ou: 'Platform' }],
      [ou('ou=Sales'), { objectClass: ['organizationalUnit'], ou: 'Sales' }],
      // Same code twice: both refused, and what hangs below them has no department.
      [ou('ou=Support,ou=Engineering'), { objectClass: ['organizationalUnit'], ou: 'Support' }],
      [ou('ou=Support,ou=Sales'), { objectClass: ['organizationalUnit'], ou: 'Support' }],
      [ou('ou=Tier2,ou=Support,ou=Sales'), { objectClass: ['organizationalUnit'], ou: 'Tier2' }],
      [ou(`ou=${'L'.repeat(201)}`), { objectClass: ['organizationalUnit'], ou: 'L'.repeat(201) }],
      [ou('uid=alice,ou=Platform,ou=Engineering'), person('alice', { cn: 'Alice Wang', phone: '13800000001', employeeNumber: 'E001' })],
      [ou('uid=bob,ou=Engineering'), person('bob', { phone: '13800000002' })],
      [ou('uid=carol,ou=Sales'), person('carol', { phone: '13800000003' })],
      [ou('uid=dave,ou=Sales'), person('dave', { mail: '', phone: '13800000004' })],
      [ou('uid=erin,ou=Sales'), person('erin', { phone: '138000000051' })],
      [ou('uid=nophone,ou=Sales'), person('nophone', { phone: '' })],
      [ou('uid=dup,ou=Engineering'), person('dup', { phone: '13800000006', mail: 'dup1@hanlin.test' })],
      [ou('uid=dup,ou=Sales'), person('dup', { phone: '13800000007', mail: 'dup2@hanlin.test' })],
      [ou('uid=jo,ou=Sales'), person('jo', { phone: '13800000008' })],
      [ou('uid=frank,ou=Support,ou=Sales'), person('frank', { phone: '13800000009' })],
      [ou('uid=admin,ou=Sales'), person('admin', { phone: '13800000010' })],
      [ou('uid=gina'), person('gina', { phone: '13800000011' })],
      [ou('uid=ivan,ou=Sales'), person('ivan', { phone: '13800000012', mail: 'taken@hanlin.test' })],
    ]);
  });
  afterAll(async () => {
    await slapd?.stop();
  });

  it('tests the bind with the typed or the stored password', async () => {
    const good = await call(t.app, admin, '/api/ldap/test', { url: slapd.url, bindDn: ROOT_DN, bindPassword: ROOT_PASSWORD });
    expect(good.json()).toMatchObject({ code: 200, data: { ok: true } });
    const wrong = await call(t.app, admin, '/api/ldap/test', { url: slapd.url, bindDn: ROOT_DN, bindPassword: 'nope' });
    expect(wrong.statusCode).toBe(502);
    expect(wrong.json()).toMatchObject({ msg: 'LDAP_CONNECT_FAILED', data: { reason: 'INVALID_CREDENTIALS' } });
    await call(t.app, admin, '/api/ldap/settings/save', settings(slapd.url));
    // No password typed: the stored (decrypted) one is used.
    expect((await call(t.app, admin, '/api/ldap/test', { url: slapd.url, bindDn: ROOT_DN })).json().data).toEqual({ ok: true });
  });

  it('creates the organization tree and the users, and names every bad entry', async () => {
    // Saving without a password keeps the stored one.
    const saved = await call(t.app, admin, '/api/ldap/settings/save', settings(slapd.url, { bindPassword: undefined, enabled: true }));
    expect(saved.json().data).toMatchObject({ configured: true, enabled: true, passwordSet: true });
    const res = await call(t.app, admin, '/api/ldap/sync');
    expect(res.statusCode, res.body).toBe(200);
    first = res.json().data;
    expect(first).toMatchObject({ orgsCreated: 3, orgsUpdated: 0, usersCreated: 3, usersUpdated: 0 });

    const errs = new Map(first.errors.map((e) => [e.dn.toLowerCase(), `${e.reason}:${e.field ?? ''}`]));
    const expected: [string, string][] = [
      [ou('ou=Support,ou=Engineering'), 'DUPLICATE_NAME:code'],
      [ou('ou=Support,ou=Sales'), 'DUPLICATE_NAME:code'],
      [ou('ou=Tier2,ou=Support,ou=Sales'), 'PARENT_CODE_EMPTY:parentCode'],
      [ou(`ou=${'L'.repeat(201)}`), 'FIELD_TOO_LONG:code'],
      [ou('uid=dave,ou=Sales'), 'EMAIL_INVALID:email'],
      [ou('uid=erin,ou=Sales'), 'PHONE_INVALID:phone'],
      [ou('uid=nophone,ou=Sales'), 'PHONE_INVALID:phone'],
      [ou('uid=dup,ou=Engineering'), 'DUPLICATE_NAME:username'],
      [ou('uid=dup,ou=Sales'), 'DUPLICATE_NAME:username'],
      [ou('uid=jo,ou=Sales'), 'USERNAME_LENGTH:username'],
      [ou('uid=frank,ou=Support,ou=Sales'), 'DEPARTMENT_MISSING:orgCode'],
      [ou('uid=admin,ou=Sales'), 'DUPLICATE_EXISTING:username'],
      [ou('uid=gina'), 'DEPARTMENT_MISSING:orgCode'],
      [ou('uid=ivan,ou=Sales'), 'DUPLICATE_EXISTING:email'],
    ];
    for (const [dn, reason] of expected) expect(errs.get(dn.toLowerCase()), dn).toBe(reason);
    expect(first.errors).toHaveLength(expected.length);
    expect(first.errorCount).toBe(expected.length);

    // The tree: Engineering and Sales under the root, Platform under Engineering, paths as scope.ts reads them.
    const root = await rootOrg(t.db);
    const orgs = await t.db
      .select()
      .from(organizations)
      .where(inArray(organizations.code, ['Engineering', 'Platform', 'Sales', 'Support', 'Tier2']));
    const by = new Map(orgs.map((o) => [o.code!, o]));
    expect([...by.keys()].sort()).toEqual(['Engineering', 'Platform', 'Sales']);
    const eng = by.get('Engineering')!;
    const plat = by.get('Platform')!;
    const sales = by.get('Sales')!;
    expect(eng).toMatchObject({ parentId: root.id, name: 'Engineering', path: `${root.path}${eng.id}/`, depth: root.depth + 1 });
    expect(plat).toMatchObject({ parentId: eng.id, path: `${eng.path}${plat.id}/`, depth: root.depth + 2 });
    expect(sales).toMatchObject({ parentId: root.id, path: `${root.path}${sales.id}/` });

    const synced = await t.db
      .select()
      .from(users)
      .where(inArray(users.username, ['alice', 'bob', 'carol', 'dave', 'erin', 'dup', 'jo', 'frank', 'gina', 'ivan']));
    const u = new Map(synced.map((x) => [x.username, x]));
    expect([...u.keys()].sort()).toEqual(['alice', 'bob', 'carol']);
    expect(u.get('alice')).toMatchObject({
      realname: 'Alice Wang',
      email: 'alice@hanlin.test',
      phone: '13800000001',
      cardNumber: 'E001',
      orgId: plat.id,
      kind: 'employee',
      firstLogin: true,
      status: 'normal',
    });
    expect(u.get('bob')!.orgId).toBe(eng.id);
    expect(u.get('carol')!.orgId).toBe(sales.id);
    const [adminRow] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    expect(adminRow!.phone).toBeNull(); // the local administrator was not touched

    const studentRoles = await t.db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, u.get('alice')!.id));
    expect(studentRoles.map((r) => r.name)).toEqual(['学员']);

    // The new account signs in with user name + 123 and must change it.
    const signIn = await postLogin(t.app, 'alice', 'alice123');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.user).toMatchObject({ username: 'alice', firstLogin: true, authorities: ['学员'] });

    expect((await call(t.app, admin, '/api/ldap/sync/status')).json().data).toEqual({ running: false, lastSync: first });
  });

  it('updates rather than duplicates on the next runs, following renames and moves', async () => {
    const countAll = async () => {
      const [o] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from organizations`)).rows;
      const [us] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows;
      return { orgs: o!.n, users: us!.n };
    };
    const before = await countAll();
    const again = (await call(t.app, admin, '/api/ldap/sync')).json().data;
    expect(again).toMatchObject({ orgsCreated: 0, orgsUpdated: 0, usersCreated: 0, usersUpdated: 0 });
    expect(again.errors).toHaveLength(first.errors.length);
    expect(await countAll()).toEqual(before);

    // Move Platform (with alice) under Sales, change alice's name and bob's e-mail in the directory.
    await asRoot(slapd.url, async (c) => {
      await c.modifyDN(ou('ou=Platform,ou=Engineering'), `ou=Platform,${ou('ou=Sales')}`);
      await c.modify(ou('uid=alice,ou=Platform,ou=Sales'), new Change({ operation: 'replace', modification: new Attribute({ type: 'cn', values: ['Alice Chen'] }) }));
      await c.modify(ou('uid=bob,ou=Engineering'), new Change({ operation: 'replace', modification: new Attribute({ type: 'mail', values: ['bob.new@hanlin.test'] }) }));
    });
    const third = (await call(t.app, admin, '/api/ldap/sync')).json().data;
    expect(third).toMatchObject({ orgsCreated: 0, orgsUpdated: 1, usersCreated: 0, usersUpdated: 2 });
    expect(await countAll()).toEqual(before);
    const [sales] = await t.db.select().from(organizations).where(eq(organizations.code, 'Sales'));
    const [plat] = await t.db.select().from(organizations).where(eq(organizations.code, 'Platform'));
    expect(plat).toMatchObject({ parentId: sales!.id, path: `${sales!.path}${plat!.id}/`, depth: sales!.depth + 1 });
    const [alice] = await t.db.select().from(users).where(eq(users.username, 'alice'));
    expect(alice).toMatchObject({ realname: 'Alice Chen', orgId: plat!.id });
    const [bob] = await t.db.select().from(users).where(eq(users.username, 'bob'));
    expect(bob!.email).toBe('bob.new@hanlin.test');
  });

  it('refuses a second sync while one holds the lock on any node', async () => {
    const other = await t.pool.connect();
    try {
      await other.query('select pg_advisory_lock($1::int, $2::int)', [LDAP_SYNC_LOCK[0], LDAP_SYNC_LOCK[1]]);
      const res = await call(t.app, admin, '/api/ldap/sync');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 5403, msg: 'LDAP_SYNCHRONIZING' });
      expect((await call(t.app, admin, '/api/ldap/sync/status')).json().data.running).toBe(true);
    } finally {
      await other.query('select pg_advisory_unlock($1::int, $2::int)', [LDAP_SYNC_LOCK[0], LDAP_SYNC_LOCK[1]]);
      other.release();
    }
    expect((await call(t.app, admin, '/api/ldap/sync/status')).json().data.running).toBe(false);

    // Parallel clicks: every answer is a report or LDAP_SYNCHRONIZING, and nothing is duplicated.
    const before = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows[0]!.n;
    const answers = await Promise.all([1, 2, 3].map(() => call(t.app, admin, '/api/ldap/sync')));
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().msg).toBe('LDAP_SYNCHRONIZING');
    expect((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows[0]!.n).toBe(before);
  });

  it('reports an empty code and its orphans with a mapping to an optional attribute', async () => {
    await addEntries(slapd.url, [
      [ou('ou=Lab'), { objectClass: ['organizationalUnit'], ou: 'Lab', description: 'LAB' }],
      [ou('ou=NoCode,ou=Lab'), { objectClass: ['organizationalUnit'], ou: 'NoCode' }],
      [ou('ou=Child,ou=NoCode,ou=Lab'), { objectClass: ['organizationalUnit'], ou: 'Child', description: 'LAB-CHILD' }],
      [ou('uid=labuser,ou=NoCode,ou=Lab'), person('labuser', { phone: '13800000020' })],
      [ou('uid=labhead,ou=Lab'), person('labhead', { phone: '13800000021' })],
    ]);
    await call(t.app, admin, '/api/ldap/settings/save', settings(slapd.url, { baseDn: ou('ou=Lab'), mapping: { orgCode: 'description' } }));
    const got = (await call(t.app, admin, '/api/ldap/settings/get')).json().data;
    expect(got.mapping).toMatchObject({ orgCode: 'description', orgName: 'ou', username: 'uid' });
    const report = (await call(t.app, admin, '/api/ldap/sync')).json().data as LdapSyncReport;
    expect(report).toMatchObject({ orgsCreated: 1, usersCreated: 1 });
    const errs = Object.fromEntries(report.errors.map((e) => [e.dn.toLowerCase(), e.reason]));
    expect(errs).toEqual({
      [ou('ou=NoCode,ou=Lab').toLowerCase()]: 'CODE_EMPTY',
      [ou('ou=Child,ou=NoCode,ou=Lab').toLowerCase()]: 'PARENT_CODE_EMPTY',
      [ou('uid=labuser,ou=NoCode,ou=Lab').toLowerCase()]: 'DEPARTMENT_MISSING',
    });
    const [lab] = await t.db.select().from(organizations).where(eq(organizations.code, 'LAB'));
    const [labhead] = await t.db.select().from(users).where(eq(users.username, 'labhead'));
    expect(labhead!.orgId).toBe(lab!.id);
  });

  it('creates departments through the tree rules: one deeper than the tree allows is its own error', async () => {
    // Deep1 sits under the root (level 2), so Deep10 would be level 11 of a 10-level tree.
    const chain = Array.from({ length: 11 }, (_, i) => `Deep${i + 1}`);
    const dnOf = (n: number) =>
      ou(
        chain
          .slice(0, n)
          .reverse()
          .map((c) => `ou=${c}`)
          .join(','),
      );
    await addEntries(slapd.url, [
      ...chain.map((c, i) => [dnOf(i + 1), { objectClass: ['organizationalUnit'], ou: c }] as [string, Record<string, string | string[]>]),
      [`uid=deepuser,${dnOf(10)}`, person('deepuser', { phone: '13800000030' })],
    ]);
    await call(t.app, admin, '/api/ldap/settings/save', settings(slapd.url, { baseDn: dnOf(1) }));
    const report = (await call(t.app, admin, '/api/ldap/sync')).json().data as LdapSyncReport;
    expect(report.orgsCreated).toBe(9);
    const errs = Object.fromEntries(report.errors.map((e) => [e.dn.toLowerCase(), `${e.reason}:${e.field ?? ''}`]));
    expect(errs).toEqual({
      [dnOf(10).toLowerCase()]: 'TREE_DEPTH_EXCEEDED:parentCode',
      [dnOf(11).toLowerCase()]: 'PARENT_CODE_EMPTY:parentCode',
      [`uid=deepuser,${dnOf(10)}`.toLowerCase()]: 'DEPARTMENT_MISSING:orgCode',
    });
    const created = await t.db.select().from(organizations).where(inArray(organizations.code, chain));
    expect(created.map((o) => o.depth).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const d9 = created.find((o) => o.code === 'Deep9')!;
    const d8 = created.find((o) => o.code === 'Deep8')!;
    expect(d9).toMatchObject({ parentId: d8.id, path: `${d8.path}${d9.id}/` });
  });
});
