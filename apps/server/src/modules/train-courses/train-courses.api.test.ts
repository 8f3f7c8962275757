import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { useTestApp, login, call, ok, uploaded, MINIMAL_PDF, type Session } from '../../test/harness.js';
import { buildOrg, buildUser, rootOrg } from '../../test/factories.js';
import { expectWritesObey, uniq, type Abilities } from '../../test/abilities.js';
import { registerTrainCourseUse, trainCourseExists, trainCourseNames } from './index.js';

const t = useTestApp();
let admin: Session;
const used = new Set<number>();
beforeAll(async () => {
  admin = await login(t.app);
  registerTrainCourseUse(t.app, 'test-classes', { inUse: async (_db, ids) => ids.filter((id) => used.has(id)) });
});

const base = '/api/train-course';
let n = 0;
const body = (extra: Record<string, unknown> = {}) => ({ name: `Course ${uniq()} ${++n}`, hours: 3.5, ...extra });
const create = (s: Session, extra: Record<string, unknown> = {}) => ok<{ id: number; name: string }>(t.app, s, `${base}/insert`, body(extra));
const names = async (s: Session, q: object = {}) =>
  (await call(t.app, s, `${base}/list`, { size: 500, ...q })).json().data.records.map((r: { name: string }) => r.name) as string[];
async function lecturer(name: string) {
  const root = await rootOrg(t.db);
  const rows = await t.db.execute<{ id: number }>(
    sql`insert into lecturers (realname, username, kind, org_id) values (${name}, ${`lec${uniq()}`}, 'internal', ${root.id}) returning id`,
  );
  return rows.rows[0]!.id;
}

describe('face-to-face courses', () => {
  it('adds a course with classification, hours, lecturers, audience, rich texts, cover and attachments; shows and edits it', async () => {
    const cat = await ok<{ id: number }>(t.app, admin, '/api/train-course-sort/insert', { name: `Leadership ${uniq()}` });
    const [ann, bob] = [await lecturer('Ann'), await lecturer('Bob')];
    const cover = (await uploaded(t.app, admin, { filename: 'c.png', data: PNG, kind: 'cover', purpose: 'cover' })).url;
    const file = await uploaded(t.app, admin, { filename: 'outline.pdf', data: MINIMAL_PDF, kind: 'attachment', purpose: 'train-course' });
    const c = await ok(t.app, admin, `${base}/insert`, {
      name: 'Coaching Skills',
      categoryId: cat.id,
      hours: 7.5,
      lecturerIds: [bob, ann],
      audience: 'New team leaders',
      objectives: '<p>Coach <b>well</b><script>alert(1)</script></p>',
      outline: '<ol><li>Listen</li></ol>',
      cover,
      attachments: [file.url],
    });
    expect(c).toMatchObject({
      name: 'Coaching Skills',
      categoryName: expect.stringContaining('Leadership'),
      hours: 7.5,
      lecturers: [
        { id: bob, name: 'Bob' },
        { id: ann, name: 'Ann' },
      ],
      audience: 'New team leaders',
      objectives: '<p>Coach <b>well</b></p>',
      outline: '<ol><li>Listen</li></ol>',
      cover,
      attachments: [{ ref: file.url, name: 'outline.pdf', size: MINIMAL_PDF.length }],
      status: 'enabled',
      orgName: '总部',
      abilities: { modify: true, delete: true, enable: false, disable: true },
    });
    expect(c.coverUrl).toMatch(/^\/api\//);
    // Another manager edits the course: the stored attachment is kept without being theirs.
    const other = await buildUser(t.db, { permissions: ['pxkcgl', 'pxkcgl:modify'] });
    const os = await login(t.app, other.username, other.password);
    const edited = await ok(t.app, os, `${base}/update`, { id: c.id, hours: 2, lecturerIds: [ann], attachments: [file.url], audience: '' });
    expect(edited).toMatchObject({ hours: 2, lecturers: [{ id: ann, name: 'Ann' }], attachments: [{ ref: file.url }], audience: '', outline: '<ol><li>Listen</li></ol>' });
    // The other manager reads the attachment (a course manager in scope); someone without the code does not.
    const read = (s: Session) => t.app.inject({ method: 'GET', url: file.url, headers: s.headers() });
    expect((await read(os)).statusCode).toBe(200);
    const stranger = await buildUser(t.db, { permissions: ['kc-pc'] });
    // Answered as missing: a file one may not read is not shown to exist.
    expect((await read(await login(t.app, stranger.username, stranger.password))).statusCode).toBe(404);
    // A lecturer teaching a course is not deleted.
    expect((await call(t.app, admin, '/api/teacher/delete', { ids: [ann] })).json().msg).toBe('IN_USE_LECTURER');
    // The classification holding it is not deleted either.
    expect((await call(t.app, admin, '/api/train-course-sort/delete', { id: cat.id })).json().msg).toBe('IN_USE_CLASSIFICATION');
  });

  it('lists with name, classification (subtree), status and lecturer filters, sorts and pages', async () => {
    const tag = uniq();
    const root = await ok<{ id: number }>(t.app, admin, '/api/train-course-sort/insert', { name: `Root ${tag}` });
    const child = await ok<{ id: number }>(t.app, admin, '/api/train-course-sort/insert', { name: `Child ${tag}`, parentId: root.id });
    const lec = await lecturer('Cleo');
    const a = await create(admin, { name: `A ${tag}`, hours: 9, categoryId: child.id, lecturerIds: [lec] });
    const b = await create(admin, { name: `B ${tag}`, hours: 1, categoryId: root.id });
    await create(admin, { name: `C ${tag}`, hours: 4 });
    expect(await names(admin, { categoryId: root.id, sort: 'name' })).toEqual([`A ${tag}`, `B ${tag}`]);
    expect(await names(admin, { lecturerId: lec })).toEqual([`A ${tag}`]);
    expect(await names(admin, { keyword: tag, sort: 'hours' })).toEqual([`B ${tag}`, `C ${tag}`, `A ${tag}`]);
    expect(await names(admin, { keyword: tag, sort: '-hours' })).toEqual([`A ${tag}`, `C ${tag}`, `B ${tag}`]);
    const page2 = (await call(t.app, admin, `${base}/list`, { keyword: tag, sort: 'name', size: 2, page: 2 })).json().data;
    expect(page2).toMatchObject({ total: 3, records: [{ name: `C ${tag}` }] });
    expect((await ok(t.app, admin, `${base}/disable`, { ids: [b.id] })).count).toBe(1);
    expect(await names(admin, { keyword: tag, status: 'disabled' })).toEqual([`B ${tag}`]);
    expect((await call(t.app, admin, `${base}/disable`, { ids: [a.id, b.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    // The picker offers enabled courses only; by ids it names any.
    const offered = await ok<{ name: string }[]>(t.app, admin, `${base}/options`, { keyword: tag });
    expect(offered.map((o) => o.name)).toEqual([`A ${tag}`, `C ${tag}`]);
    expect((await ok<{ id: number; status: string }[]>(t.app, admin, `${base}/options`, { ids: [b.id] }))[0]).toMatchObject({ id: b.id, status: 'disabled' });
    // The index others use.
    expect(await trainCourseExists(t.db, [a.id, b.id])).toBe(true);
    expect(await trainCourseExists(t.db, [a.id, 2147483000])).toBe(false);
    expect(await trainCourseNames(t.db, [a.id, b.id])).toEqual(
      new Map([
        [a.id, `A ${tag}`],
        [b.id, `B ${tag}`],
      ]),
    );
  });

  it('exports the filtered list as Excel in the reader’s language', async () => {
    const tag = uniq();
    const lec = await lecturer('Dora');
    await create(admin, { name: `X ${tag}`, hours: 2.5, lecturerIds: [lec], audience: 'Sales' });
    await create(admin, { name: `Y ${tag}`, hours: 1 });
    const res = await call(t.app, admin, `${base}/export`, { keyword: tag, sort: 'name', lang: 'en-US' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Face-to-face%20courses');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('Course name');
    expect([2, 3].map((i) => [ws.getRow(i).getCell(1).value, ws.getRow(i).getCell(3).value])).toEqual([
      [`X ${tag}`, 2.5],
      [`Y ${tag}`, 1],
    ]);
    expect(ws.getRow(2).getCell(4).value).toBe('Dora');
    expect(ws.getRow(2).getCell(6).value).toBe('Enabled');
    expect(ws.rowCount).toBe(3);
  });

  it('names are unique (case aside), also for two inserts at once; bad input names the field', async () => {
    const a = await create(admin, { name: 'Only Course' });
    const b = await create(admin);
    expect((await call(t.app, admin, `${base}/insert`, body({ name: 'only course' }))).json()).toMatchObject({ msg: 'DUPLICATE_FACE_COURSE', field: 'name' });
    expect((await call(t.app, admin, `${base}/update`, { id: b.id, name: 'Only Course' })).json().msg).toBe('DUPLICATE_FACE_COURSE');
    expect((await call(t.app, admin, `${base}/update`, { id: a.id, name: 'Only Course' })).statusCode).toBe(200);
    const racing = body();
    const both = await Promise.all([call(t.app, admin, `${base}/insert`, racing), call(t.app, admin, `${base}/insert`, racing)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().msg).toBe('DUPLICATE_FACE_COURSE');
    const [l1, l2, l3, l4] = [await lecturer('L1'), await lecturer('L2'), await lecturer('L3'), await lecturer('L4')];
    for (const [b2, field] of [
      [body({ name: ' ' }), 'name'],
      [body({ name: 'x'.repeat(201) }), 'name'],
      [body({ hours: 0 }), 'hours'],
      [body({ hours: 1.25 }), 'hours'],
      [body({ lecturerIds: [l1, l2, l3, l4] }), 'lecturerIds'],
      [body({ lecturerIds: [l1, l1] }), 'lecturerIds'],
      [body({ lecturerIds: [2147483000] }), 'lecturerIds'],
      [body({ audience: 'x'.repeat(201) }), 'audience'],
      [body({ outline: `<p>${'x'.repeat(10_000)}</p>` }), 'outline'],
      [
        body({ attachments: ['/api/upload/file/a', '/api/upload/file/b', '/api/upload/file/c', '/api/upload/file/d', '/api/upload/file/e', '/api/upload/file/f'] }),
        'attachments',
      ],
      [body({ categoryId: 2147483000 }), 'categoryId'],
    ] as const) {
      const res = await call(t.app, admin, `${base}/insert`, b2);
      expect(res.statusCode, field).toBeGreaterThanOrEqual(400);
      expect(res.json().field, JSON.stringify(res.json())).toBe(field);
    }
  });

  it('a course in use by a registered module is not deleted (all or none); its abilities say so', async () => {
    const a = await create(admin);
    const b = await create(admin);
    used.add(a.id);
    expect((await call(t.app, admin, `${base}/get`, { id: a.id })).json().data.abilities).toEqual({ modify: true, delete: false, enable: false, disable: true });
    expect((await call(t.app, admin, `${base}/delete`, { ids: [a.id, b.id] })).json()).toMatchObject({ msg: 'IN_USE_TRAINING_SITE', data: { ids: [a.id] } });
    expect((await call(t.app, admin, `${base}/get`, { id: b.id })).statusCode).toBe(200);
    used.delete(a.id);
    expect((await call(t.app, admin, `${base}/delete`, { ids: [a.id, b.id] })).json().data).toEqual({ count: 2 });
  });

  it('answers abilities the writes obey', async () => {
    const abilities = async (id: number, s: Session) => (await call(t.app, s, `${base}/get`, { id })).json().data.abilities as Abilities;
    const writes = {
      modify: (s: Session, id: number) => call(t.app, s, `${base}/update`, { id, hours: 1.5 }),
      delete: (s: Session, id: number) => call(t.app, s, `${base}/delete`, { ids: [id] }),
      enable: (s: Session, id: number) => call(t.app, s, `${base}/enable`, { ids: [id] }),
      disable: (s: Session, id: number) => call(t.app, s, `${base}/disable`, { ids: [id] }),
    };
    await expectWritesObey(admin, async () => (await create(admin)).id, abilities, writes, { modify: true, delete: true, enable: false, disable: true });
    const disabled = async () => {
      const { id } = await create(admin);
      await ok(t.app, admin, `${base}/disable`, { ids: [id] });
      return id;
    };
    await expectWritesObey(admin, disabled, abilities, writes, { modify: true, delete: true, enable: true, disable: false });
    const reader = await buildUser(t.db, { permissions: ['pxkcgl'] });
    const rs = await login(t.app, reader.username, reader.password);
    await expectWritesObey(rs, async () => (await create(admin)).id, abilities, writes, { modify: false, delete: false, enable: false, disable: false });
  });

  it('needs pxkcgl codes and keeps to the organization subtree: a department admin sees only their organization’s courses', async () => {
    const a = await create(admin);
    const anyone = await buildUser(t.db, { permissions: ['kc-pc'] });
    const as = await login(t.app, anyone.username, anyone.password);
    const reader = await buildUser(t.db, { permissions: ['pxkcgl'] });
    const rs = await login(t.app, reader.username, reader.password);
    for (const url of ['list', 'get', 'options', 'lecturer-options', 'export']) {
      expect((await call(t.app, as, `${base}/${url}`, url === 'get' ? { id: a.id } : {})).statusCode, url).toBe(403);
    }
    for (const [url, payload, code] of [
      [`${base}/insert`, body(), 'pxkcgl:add'],
      [`${base}/update`, { id: a.id, audience: 'x' }, 'pxkcgl:modify'],
      [`${base}/disable`, { ids: [a.id] }, 'pxkcgl:modify'],
      [`${base}/export`, {}, 'pxkcgl:export'],
      ['/api/train-course-sort/insert', { name: `S ${uniq()}` }, 'pxkcgl:add'],
      [`${base}/delete`, { ids: [a.id] }, 'pxkcgl:delete'],
    ] as const) {
      expect((await call(t.app, rs, url, payload)).statusCode, url).toBe(403);
      const u = await buildUser(t.db, { permissions: ['pxkcgl', code] });
      const us = await login(t.app, u.username, u.password);
      expect((await call(t.app, us, url, payload)).statusCode, url).toBe(200);
    }
    // A class arranger (pxapgl) uses the picker and reads the classification, nothing else.
    const arranger = await buildUser(t.db, { permissions: ['pxapgl'] });
    const ars = await login(t.app, arranger.username, arranger.password);
    expect((await call(t.app, ars, `${base}/options`, {})).statusCode).toBe(200);
    expect((await call(t.app, ars, '/api/train-course-sort/tree', {})).statusCode).toBe(200);
    expect((await call(t.app, ars, `${base}/list`, {})).statusCode).toBe(403);

    const east = await buildOrg(t.db, { name: `Course East ${uniq()}` });
    const west = await buildOrg(t.db, { name: `Course West ${uniq()}` });
    const all = ['pxkcgl', 'pxkcgl:add', 'pxkcgl:modify', 'pxkcgl:delete', 'pxkcgl:export'];
    const eu = await buildUser(t.db, { orgId: east.id, permissions: all });
    const wu = await buildUser(t.db, { orgId: west.id, permissions: all });
    const es = await login(t.app, eu.username, eu.password);
    const ws = await login(t.app, wu.username, wu.password);
    const e = await create(es, { name: `East Course ${uniq()}` });
    expect(e).toMatchObject({ orgName: east.name });
    expect(await names(ws)).not.toContain(e.name);
    expect(await names(es)).toEqual([e.name]);
    expect(await names(admin)).toContain(e.name);
    expect((await call(t.app, ws, `${base}/get`, { id: e.id })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await call(t.app, ws, `${base}/update`, { id: e.id, audience: 'x' })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await call(t.app, ws, `${base}/delete`, { ids: [e.id] })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
  });
});

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
