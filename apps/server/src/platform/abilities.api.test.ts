import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, login, call, newUserSession, type Session } from '../test/harness.js';
import { buildOrg, buildUser } from '../test/factories.js';
import { expectWritesObey, findNode, uniq, type Abilities, type Write } from '../test/abilities.js';

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

const post = (url: string, body: object, s: Session = admin) => call(t.app, s, url, body);

const sessionWith = (permissions: string[]) => newUserSession(t, { permissions });

describe('positions', () => {
  const names = new Map<number, string>();
  const make =
    (held = false) =>
    async () => {
      const name = `lp-${uniq()}`;
      const id = (await post('/api/position/insert', { name })).json().data.id as number;
      if (held) {
        const u = await buildUser(t.db);
        await t.db.execute(sql`update users set position_id = ${id} where id = ${u.id}`);
      }
      names.set(id, name);
      return id;
    };
  const abilities = async (id: number, s: Session) => {
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
  const categoryAbilities = async (id: number, s: Session) => {
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
    const abilities = async (id: number, s: Session) => {
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
  beforeAll(async () => {
    expect((await post('/api/dict-type/insert', { code: type, name: type })).statusCode).toBe(200);
  });
  const make =
    (status: 'normal' | 'frozen' = 'normal') =>
    async () =>
      (await post('/api/dict/insert', { type, label: `L${uniq()}`, value: `v${uniq()}`, status })).json().data.id as number;
  const abilities = async (id: number, s: Session) => {
    const list = (await post('/api/dict/list', { type, size: 100 }, s)).json().data.records as { id: number; abilities: Abilities }[];
    return list.find((r) => r.id === id)!.abilities;
  };
  const writes: Record<string, Write> = {
    modify: (s, id) => post('/api/dict/update', { id, remark: 'changed' }, s),
    delete: (s, id) => post('/api/dict/delete', { ids: [id] }, s),
    freeze: (s, id) => post('/api/dict/freeze', { ids: [id] }, s),
    unfreeze: (s, id) => post('/api/dict/unfreeze', { ids: [id] }, s),
  };

  it('answers the abilities the writes obey (codes and state), and the written row carries them', async () => {
    await expectWritesObey(admin, make(), abilities, writes, { modify: true, delete: true, freeze: true, unfreeze: false });
    await expectWritesObey(admin, make('frozen'), abilities, writes, { modify: true, delete: true, freeze: false, unfreeze: true });
    await expectWritesObey(await sessionWith(['zdgl', 'zdgl:delete']), make(), abilities, writes, { modify: false, delete: true, freeze: false, unfreeze: false });
    const updated = (await post('/api/dict/update', { id: await make()(), remark: 'r' })).json().data;
    expect(updated.abilities).toEqual({ modify: true, delete: true, freeze: true, unfreeze: false });
  });

  it('a frozen entry leaves the dropdowns until it is unfrozen', async () => {
    const id = await make()();
    const options = async () =>
      ((await t.app.inject({ method: 'GET', url: `/api/dict/by-type?type=${type}`, headers: admin.headers() })).json().data as { id: number }[]).map((o) => o.id);
    expect(await options()).toContain(id);
    expect((await post('/api/dict/freeze', { ids: [id] })).json().data).toEqual({ count: 1 });
    expect(await options()).not.toContain(id);
    expect((await post('/api/dict/unfreeze', { ids: [id] })).statusCode).toBe(200);
    expect(await options()).toContain(id);
  });
});

describe('app versions', () => {
  const make = async () =>
    (await post('/api/app-version/insert', { version: `9.${parseInt(uniq(), 16)}`, description: 'd', terminal: 'android', platform: 'student' })).json().data.id as number;
  const abilities = async (id: number, s: Session) => {
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
  const treeAbilities = async (id: number, s: Session) => {
    const tree = (await post('/api/org/tree', {}, s)).json().data as Node[];
    const node = findNode(tree, id)!;
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
    expect(await treeAbilities(parent.id, admin)).toMatchObject({ delete: false });
    expect(await treeAbilities(peopled.id, admin)).toMatchObject({ delete: false });
    expect((await del(admin, parent.id)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await del(admin, peopled.id)).statusCode).toBeGreaterThanOrEqual(400);

    const viewer = await sessionWith(['zzjg', 'zzjg:modify']);
    expect(await treeAbilities(leaf.id, viewer)).toEqual({ modify: true, delete: false, freeze: false, unfreeze: false });
    expect((await del(viewer, leaf.id)).statusCode).toBe(403);

    expect(await treeAbilities(leaf.id, admin)).toEqual({ modify: true, delete: true, freeze: true, unfreeze: false });
    expect((await del(admin, leaf.id)).statusCode).toBe(200);
    expect(await treeAbilities(parent.id, admin)).toMatchObject({ delete: true });
  });
});

describe('professional tree', () => {
  type Node = { id: number; abilities: Abilities; children: Node[] };
  const make =
    (withChild = false) =>
    async () => {
      const id = (await post('/api/professional/insert', { name: `pf${uniq()}` })).json().data.id as number;
      if (withChild) expect((await post('/api/professional/insert', { parentId: id, name: `pc${uniq()}` })).statusCode).toBe(200);
      return id;
    };
  const abilities = async (id: number, s: Session) => findNode((await post('/api/professional/tree', {}, s)).json().data as Node[], id)!.abilities;
  const writes: Record<string, Write> = {
    modify: (s, id) => post('/api/professional/update', { id, name: `pm${uniq()}` }, s),
    delete: (s, id) => post('/api/professional/delete', { id }, s),
  };

  it('every node answers the abilities the writes obey: codes, and no delete while it has children', async () => {
    await expectWritesObey(admin, make(), abilities, writes, { modify: true, delete: true });
    await expectWritesObey(admin, make(true), abilities, writes, { modify: true, delete: false });
    await expectWritesObey(await sessionWith(['zygl', 'zygl:delete']), make(), abilities, writes, { modify: false, delete: true });
  });
});

describe('messages', () => {
  it('a message offers read while unread and delete always, to its owner', async () => {
    const u = await buildUser(t.db, { permissions: ['kc-pc'] });
    const s = await login(t.app, u.username, u.password);
    const make = (read: boolean) => async () => {
      const { rows } = await t.db.execute<{ id: number }>(
        sql`insert into messages (user_id, title, content, kind, read_at) values (${u.id}, 't', 'c', 'system', ${read ? sql`now()` : null}) returning id`,
      );
      return rows[0]!.id;
    };
    const abilities = async (id: number, s: Session) => {
      const rows = (await post('/api/message/my', { size: 100 }, s)).json().data.records as { id: number; abilities: Abilities }[];
      return rows.find((r) => r.id === id)!.abilities;
    };
    /** Reading a read message answers 200 with nothing done: the ability is whether it acts. */
    const read: Write = async (s, id) => {
      const res = await post('/api/message/read', { ids: [id] }, s);
      return res.statusCode === 200 && res.json().data.count === 0 ? ({ ...res, statusCode: 409 } as LightMyRequestResponse) : res;
    };
    const writes: Record<string, Write> = { read, delete: (s, id) => post('/api/message/delete', { ids: [id] }, s) };
    await expectWritesObey(s, make(false), abilities, writes, { read: true, delete: true });
    await expectWritesObey(s, make(true), abilities, writes, { read: false, delete: true });
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
  const abilities = async (id: number, s: Session) => {
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
