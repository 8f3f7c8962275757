import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, call, type Session } from '../test/harness.js';
import { buildOrg, buildUser } from '../test/factories.js';

/**
 * Abilities of the stateless records (positions, labels and their categories, dictionary entries,
 * app versions): each ability a row answers, in the list and the detail, is what the write answers
 * (true → done, false → refused with a 4xx code), for an administrator and for a caller lacking codes.
 */
const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});

const uniq = () => crypto.randomBytes(4).toString('hex');
type Abilities = Record<string, boolean>;
type Write = (s: Session, id: number) => Promise<LightMyRequestResponse>;
const post = (url: string, body: object, s: Session = admin) => call(t.app, s, url, body);

async function expectWritesObey(
  s: Session,
  make: () => Promise<number>,
  abilitiesOf: (s: Session, id: number) => Promise<Abilities>,
  writes: Record<string, Write>,
  expected: Abilities,
) {
  for (const [key, write] of Object.entries(writes)) {
    const id = await make();
    const a = await abilitiesOf(s, id);
    expect(a, `abilities before ${key}`).toEqual(expected);
    const res = await write(s, id);
    expect(res.statusCode < 300, `${key}: ability ${a[key]}, write answered ${res.statusCode} ${res.body}`).toBe(a[key]);
    if (!a[key]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  }
}

async function sessionWith(permissions: string[]) {
  const u = await buildUser(t.db, { permissions });
  return login(t.app, u.username, u.password);
}

describe('positions', () => {
  const names = new Map<number, string>();
  const make =
    (held = false) =>
    async () => {
      const name = `lp-${uniq()}`;
      const id = (await post('/api/position/insert', { name })).json().data.id as number;
      if (held) {
        const u = await buildUser(t.db);
        await t.db.execute(sql`update users set post = ${name} where id = ${u.id}`);
      }
      names.set(id, name);
      return id;
    };
  const abilities = async (s: Session, id: number) => {
    const list = (await post('/api/position/list', { keyword: names.get(id) }, s)).json().data.records as { id: number; abilities: Abilities }[];
    const detail = (await post('/api/position/get', { id }, s)).json().data;
    const row = list.find((r) => r.id === id)!;
    expect(detail.abilities).toEqual(row.abilities);
    return row.abilities;
  };
  const writes: Record<string, Write> = {
    modify: (s, id) => post('/api/position/update', { id, description: 'changed' }, s),
    delete: (s, id) => post('/api/position/delete', { ids: [id] }, s),
  };

  it('answers delete false while a user holds the position, and follows the codes', async () => {
    await expectWritesObey(admin, make(), abilities, writes, { modify: true, delete: true });
    await expectWritesObey(admin, make(true), abilities, writes, { modify: true, delete: false });
    const viewer = await sessionWith(['gwgl', 'gwgl:modify']);
    await expectWritesObey(viewer, make(), abilities, writes, { modify: true, delete: false });
  });
});

describe('label categories and labels', () => {
  const names = new Map<number, string>();
  const makeCategory =
    (withLabel = false) =>
    async () => {
      const name = `lc${uniq()}`;
      const id = (await post('/api/label-category/insert', { name, kind: 'course' })).json().data.id as number;
      if (withLabel) expect((await post('/api/label/insert', { categoryId: id, name: `l${uniq()}` })).statusCode).toBe(200);
      names.set(id, name);
      return id;
    };
  const categoryAbilities = async (s: Session, id: number) => {
    const list = (await post('/api/label-category/list', { keyword: names.get(id) }, s)).json().data.records as { id: number; abilities: Abilities }[];
    return list.find((r) => r.id === id)!.abilities;
  };
  const categoryWrites: Record<string, Write> = {
    modify: (s, id) => post('/api/label-category/update', { id, name: `lc${uniq()}` }, s),
    delete: (s, id) => post('/api/label-category/delete', { ids: [id] }, s),
  };

  it('a category holding labels cannot be deleted, and the list says so', async () => {
    await expectWritesObey(admin, makeCategory(), categoryAbilities, categoryWrites, { modify: true, delete: true });
    await expectWritesObey(admin, makeCategory(true), categoryAbilities, categoryWrites, { modify: true, delete: false });
    const viewer = await sessionWith(['bqgl', 'bqgl:delete']);
    await expectWritesObey(viewer, makeCategory(), categoryAbilities, categoryWrites, { modify: false, delete: true });
  });

  it('labels answer the abilities of the caller codes', async () => {
    const categoryId = await makeCategory()();
    const make = async () => (await post('/api/label/insert', { categoryId, name: `l${uniq()}` })).json().data.id as number;
    const abilities = async (s: Session, id: number) => {
      const list = (await post('/api/label/list', { categoryId, size: 100 }, s)).json().data.records as { id: number; abilities: Abilities }[];
      return list.find((r) => r.id === id)!.abilities;
    };
    const writes: Record<string, Write> = {
      modify: (s, id) => post('/api/label/update', { id, name: `l${uniq()}` }, s),
      delete: (s, id) => post('/api/label/delete', { ids: [id] }, s),
    };
    await expectWritesObey(admin, make, abilities, writes, { modify: true, delete: true });
    await expectWritesObey(await sessionWith(['bqgl', 'bqgl:modify']), make, abilities, writes, { modify: true, delete: false });
  });
});

describe('dictionary entries', () => {
  const type = `ab.${uniq()}`;
  const make = async () => (await post('/api/dict/insert', { type, label: `L${uniq()}`, value: `v${uniq()}` })).json().data.id as number;
  const abilities = async (s: Session, id: number) => {
    const list = (await post('/api/dict/list', { type, size: 100 }, s)).json().data.records as { id: number; abilities: Abilities }[];
    return list.find((r) => r.id === id)!.abilities;
  };
  const writes: Record<string, Write> = {
    modify: (s, id) => post('/api/dict/update', { id, status: 'frozen' }, s),
    delete: (s, id) => post('/api/dict/delete', { ids: [id] }, s),
  };

  it('answers the abilities the writes obey, and the written row carries them', async () => {
    await expectWritesObey(admin, make, abilities, writes, { modify: true, delete: true });
    await expectWritesObey(await sessionWith(['zdgl', 'zdgl:delete']), make, abilities, writes, { modify: false, delete: true });
    const updated = (await post('/api/dict/update', { id: await make(), remark: 'r' })).json().data;
    expect(updated.abilities).toEqual({ modify: true, delete: true });
  });
});

describe('app versions', () => {
  const make = async () =>
    (await post('/api/app-version/insert', { version: `9.${parseInt(uniq(), 16)}`, description: 'd', terminal: 'android', platform: 'student' })).json().data.id as number;
  const abilities = async (s: Session, id: number) => {
    const detail = (await post(`/api/app-version/getbyid/${id}`, {}, s)).json().data;
    return detail.abilities as Abilities;
  };
  const writes: Record<string, Write> = {
    modify: (s, id) => post('/api/app-version/update', { id, version: `9.${parseInt(uniq(), 16)}`, description: 'e', terminal: 'android', platform: 'student' }, s),
    delete: (s, id) => post('/api/app-version/delete', { ids: [id] }, s),
  };

  it('answers the abilities of the codes in the detail and the management list, none in the public list', async () => {
    await expectWritesObey(admin, make, abilities, writes, { modify: true, delete: true });
    await expectWritesObey(await sessionWith(['bbgl', 'bbgl:modify']), make, abilities, writes, { modify: true, delete: false });
    const id = await make();
    const managed = (await post('/api/app-version/manage-list', { size: 100, terminal: 'android' })).json().data.records as { id: number; abilities?: Abilities }[];
    expect(managed.find((r) => r.id === id)?.abilities).toEqual({ modify: true, delete: true });
    const pub = (await call(t.app, null, '/api/app-version/list', { terminal: 'android', platform: 'student' })).json().data.records as { abilities?: unknown }[];
    expect(pub.length).toBeGreaterThan(0);
    expect(pub.every((r) => r.abilities === undefined)).toBe(true);
  });
});

describe('feedback', () => {
  const feedbackBy = async (orgId?: number) => {
    const author = await buildUser(t.db, { permissions: ['kc-pc'], ...(orgId ? { orgId } : {}) });
    const s = await login(t.app, author.username, author.password);
    const id = (await post('/api/feedback/addfeedback', { content: `fb ${uniq()}` }, s)).json().data.id as number;
    return { id, author: s };
  };
  const detail = (s: Session, id: number) => post(`/api/feedback/getbyid/${id}`, {}, s);
  const reply = (s: Session, id: number) => post('/api/feedback/reply', { id, content: 'answer' }, s);

  it('answers reply as the write does: code and data scope', async () => {
    const a = await feedbackBy();
    const listed = (await post('/api/feedback/getall', { size: 100 })).json().data.records as { id: number; abilities: Abilities }[];
    expect(listed.find((r) => r.id === a.id)!.abilities).toEqual({ reply: true });
    expect((await detail(admin, a.id)).json().data.abilities).toEqual({ reply: true });
    expect((await reply(admin, a.id)).statusCode).toBe(200);

    // The author reads their feedback but may not reply to it.
    expect((await detail(a.author, a.id)).json().data.abilities).toEqual({ reply: false });
    expect((await reply(a.author, a.id)).statusCode).toBe(403);

    // A reader without yjfk:modify: reply false in the list and the detail, and the write refuses.
    const reader = await sessionWith(['yjfk']);
    const b = await feedbackBy();
    const rows = (await post('/api/feedback/getall', { size: 100 }, reader)).json().data.records as { id: number; abilities: Abilities }[];
    expect(rows.find((r) => r.id === b.id)!.abilities).toEqual({ reply: false });
    expect((await detail(reader, b.id)).json().data.abilities).toEqual({ reply: false });
    expect((await reply(reader, b.id)).statusCode).toBe(403);
  });

  it('feedback of an author beyond the caller scope is neither shown nor answered', async () => {
    const inside = await buildOrg(t.db, { name: `fi-${uniq()}` });
    const outside = await buildOrg(t.db, { name: `fo-${uniq()}` });
    const u = await buildUser(t.db, { permissions: ['yjfk', 'yjfk:modify'], orgId: inside.id, scopeOrgIds: [inside.id] });
    const mgr = await login(t.app, u.username, u.password);
    const near = await feedbackBy(inside.id);
    const far = await feedbackBy(outside.id);
    const rows = (await post('/api/feedback/getall', { size: 100 }, mgr)).json().data.records as { id: number; abilities: Abilities }[];
    expect(rows.find((r) => r.id === near.id)!.abilities).toEqual({ reply: true });
    expect(rows.some((r) => r.id === far.id)).toBe(false);
    expect((await reply(mgr, near.id)).statusCode).toBe(200);
    const refused = await reply(mgr, far.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await detail(mgr, far.id)).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
  });
});

describe('organization tree', () => {
  type Node = { id: number; abilities: Abilities; children: Node[] };
  const find = (nodes: Node[], id: number): Node | undefined => {
    for (const n of nodes) {
      if (n.id === id) return n;
      const f = find(n.children, id);
      if (f) return f;
    }
    return undefined;
  };
  const treeAbilities = async (s: Session, id: number) => {
    const tree = (await post('/api/org/tree', {}, s)).json().data as Node[];
    const node = find(tree, id)!;
    const detail = (await post('/api/org/get', { id }, s)).json().data;
    expect(node.abilities, 'tree node and detail agree').toEqual(detail.abilities);
    return node.abilities;
  };

  it('every node carries the abilities the writes obey (root, children, members, codes)', async () => {
    const parent = await buildOrg(t.db, { name: `ot-${uniq()}` });
    const leaf = await buildOrg(t.db, { parentId: parent.id, name: `ot-${uniq()}` });
    const peopled = await buildOrg(t.db, { name: `ot-${uniq()}` });
    await buildUser(t.db, { orgId: peopled.id });
    const del = (s: Session, id: number) => post('/api/org/delete', { id }, s);

    const tree = (await post('/api/org/tree', {})).json().data as Node[];
    expect(tree[0]!.abilities).toMatchObject({ delete: false, freeze: false });
    expect(await treeAbilities(admin, parent.id)).toMatchObject({ delete: false });
    expect(await treeAbilities(admin, peopled.id)).toMatchObject({ delete: false });
    expect((await del(admin, parent.id)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await del(admin, peopled.id)).statusCode).toBeGreaterThanOrEqual(400);

    const viewer = await sessionWith(['zzjg', 'zzjg:modify']);
    expect(await treeAbilities(viewer, leaf.id)).toEqual({ modify: true, delete: false, freeze: false, unfreeze: false });
    expect((await del(viewer, leaf.id)).statusCode).toBe(403);

    expect(await treeAbilities(admin, leaf.id)).toEqual({ modify: true, delete: true, freeze: true, unfreeze: false });
    expect((await del(admin, leaf.id)).statusCode).toBe(200);
    expect(await treeAbilities(admin, parent.id)).toMatchObject({ delete: true });
  });
});

describe('mail log', () => {
  const make = (status: 'sent' | 'failed') => async () => {
    const to = `ab-${uniq()}@example.com`;
    const { rows } = await t.db.execute<{ id: number }>(sql`insert into mail_logs (to_address, subject, body, status) values (${to}, 's', 'b', ${status}) returning id`);
    addresses.set(rows[0]!.id, to);
    return rows[0]!.id;
  };
  const addresses = new Map<number, string>();
  const abilities = async (s: Session, id: number) => {
    const list = (await post('/api/mail/log/list', { keyword: addresses.get(id) }, s)).json().data.records as { id: number; abilities: Abilities }[];
    return list.find((r) => r.id === id)!.abilities;
  };
  /** A resend the server skips (a sent mail) answers 200 with nothing done: the ability is whether it acts. */
  const resend: Write = async (s, id) => {
    const res = await post('/api/mail/log/resend', { ids: [id] }, s);
    if (res.statusCode !== 200) return res;
    const { sent, failed } = res.json().data as { sent: number; failed: number };
    return sent + failed === 1 ? res : ({ ...res, statusCode: 409 } as LightMyRequestResponse);
  };

  it('offers resend on failed mails only, to callers holding yjrz:batch', async () => {
    await expectWritesObey(admin, make('failed'), abilities, { resend }, { resend: true });
    await expectWritesObey(admin, make('sent'), abilities, { resend }, { resend: false });
    await expectWritesObey(await sessionWith(['yjrz']), make('failed'), abilities, { resend }, { resend: false });
  });
});
