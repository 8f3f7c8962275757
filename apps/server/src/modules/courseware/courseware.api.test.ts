import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CoursewareRow } from '@hanlin/shared';
import { useTestApp, login, call, ok, newUserSession, uploaded, MINIMAL_PDF as pdf, type Session } from '../../test/harness.js';
import { buildOrg } from '../../test/factories.js';
import { registerCoursewareUse } from './index.js';
import { makeTestMedia } from '../../test/media.js';
import { until } from '../../test/server-process.js';
import { PDFDocument } from 'pdf-lib';

const hasLibreOffice = () => !!process.env.PATH?.split(':').some((p) => fs.existsSync(path.join(p, 'libreoffice')) || fs.existsSync(path.join(p, 'soffice')));

const t = useTestApp();
let admin: Session;
let video: Buffer;
// The shared SCORM fixtures (a valid 1.2 package; one with its manifest inside a folder).
const FIXTURES = path.resolve(import.meta.dirname, '../../../../../../shared/fixtures/scorm');
const fixture = (name: string) => fs.readFileSync(path.join(fs.existsSync(FIXTURES) ? FIXTURES : '/work/shared/fixtures/scorm', name));
/** Courseware a fake course references (the courses module will register the real rule). */
const referenced = new Set<number>();

beforeAll(async () => {
  // A real 1-second video made by the ffmpeg the app uses.
  video = makeTestMedia({ kind: 'mp4', seconds: 1, size: '160x120' });
  admin = await login(t.app);
  registerCoursewareUse(t.app, 'fake-course', {
    inUse: async (_db, ids) => ids.filter((id) => referenced.has(id)),
  });
});

const upload = async (s: Session, filename: string, data: Buffer, purpose = 'courseware') => (await uploaded(t.app, s, { filename, data, kind: 'courseware', purpose })).url;
const post = (url: string, body: object = {}, s: Session = admin) => call(t.app, s, url, body);
const uniq = () => crypto.randomUUID().slice(0, 8);
const insert = async (body: Record<string, unknown>, s: Session = admin) => (await ok<{ id: number }>(t.app, s, '/api/courseware/insert', body)).id;
async function pdfCourseware(s: Session = admin, extra: Record<string, unknown> = {}) {
  return insert({ name: `Doc ${uniq()}`, type: 'general', file: await upload(s, 'manual.pdf', pdf), ...extra }, s);
}
const list = (q: Record<string, unknown> = {}, s: Session = admin) => ok<{ records: CoursewareRow[]; total: number }>(t.app, s, '/api/courseware/list', { size: 100, ...q });
const category = async (name: string, parentId?: number) => (await post('/api/courseware-sort/insert', { name, parentId })).json().data.id as number;
const session = (permissions: string[], orgId?: number) => newUserSession(t, { permissions, orgId });

describe('courseware categories', () => {
  it('keeps a tree of at most 5 levels with unique sibling names, and keeps a category holding courseware', async () => {
    const levels = [await category(`Cat-${uniq()}`)];
    for (let i = 2; i <= 5; i++) levels.push(await category(`L${i}`, levels.at(-1)));
    const deep = await post('/api/courseware-sort/insert', { name: 'L6', parentId: levels.at(-1) });
    expect(deep.statusCode).toBe(409);
    expect(deep.json()).toMatchObject({ msg: 'TREE_DEPTH_EXCEEDED', field: 'parentId' });
    expect((await post('/api/courseware-sort/insert', { name: 'L2', parentId: levels[0] })).json()).toMatchObject({ msg: 'DUPLICATE_CATEGORY', field: 'name' });

    const leaf = levels.at(-1)!;
    const id = await pdfCourseware(admin, { categoryId: leaf });
    expect((await post('/api/courseware-sort/delete', { id: leaf })).json().msg).toBe('IN_USE_SUBCLASS');
    expect((await post('/api/courseware-sort/delete', { id: levels[0] })).json().msg).toBe('IN_USE_SUBCLASS');
    // The list filtered on a category shows its sub-categories' courseware too.
    expect((await list({ categoryId: levels[0] })).records.map((r) => r.id)).toEqual([id]);
    expect((await post('/api/courseware/delete', { ids: [id] })).statusCode).toBe(200);
    expect((await post('/api/courseware-sort/delete', { id: leaf })).statusCode).toBe(200);
    const tree = (await post('/api/courseware-sort/tree')).json().data as { id: number; children: unknown[] }[];
    expect(tree.find((n) => n.id === levels[0])).toBeDefined();
  });
});

describe('courseware library', () => {
  it('saves a document with its fields, uploader and upload time, and shows it in the list', async () => {
    const cat = await category(`Docs-${uniq()}`);
    const before = Date.now();
    const id = await pdfCourseware(admin, { name: '安全手册', categoryId: cat, labels: ['安全', '入职'], mobilePlay: false, download: true });
    const row = (await list({ categoryId: cat })).records[0]!;
    expect(row).toMatchObject({
      id,
      name: '安全手册',
      type: 'general',
      labels: ['安全', '入职'],
      mobilePlay: false,
      download: true,
      categoryId: cat,
      fileName: 'manual.pdf',
      scormPackageId: null,
    });
    expect(row.uploaderName).toBeTruthy();
    expect(Date.parse(row.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(row.media).toMatchObject({ kind: 'pdf', state: 'ready' });
    expect(row.abilities).toEqual({ modify: true, delete: true, preview: true });
    expect((await list({ keyword: '安全手', type: 'general' })).records.map((r) => r.id)).toContain(id);
    expect((await list({ keyword: '安全手', type: 'video' })).records).toEqual([]);
    expect((await post('/api/courseware/get', { id })).json().data).toMatchObject({ id, name: '安全手册' });
  });

  it('a document (PDF or Office) carries the page count the server reads; an Office file it cannot convert says unknown', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 3; i++) doc.addPage();
    const id = await insert({ name: `Three pages ${uniq()}`, type: 'general', file: await upload(admin, 'three.pdf', Buffer.from(await doc.save())) });
    const rowOf = async (wanted: number) => (await list({ keyword: 'Three pages', size: 100 })).records.find((r) => r.id === wanted);
    const counted = await until('the page count', async () => {
      const r = await rowOf(id);
      return r?.media?.pages ? r : undefined;
    });
    expect(counted.media).toMatchObject({ kind: 'pdf', state: 'ready', pages: 3, durationMs: null });
    // The edit page reads one courseware: the same count.
    expect((await ok<CoursewareRow>(t.app, admin, '/api/courseware/get', { id })).media).toMatchObject({ kind: 'pdf', pages: 3 });
    // An Office file is a document too; without LibreOffice on the server it is offered as a download, pages unknown.
    const pptx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(100)]);
    const office = await insert({ name: `Slides ${uniq()}`, type: 'general', file: await upload(admin, 'slides.pptx', pptx) });
    const row = (await list({ keyword: 'Slides', type: 'general' })).records.find((r) => r.id === office)!;
    expect(row.type).toBe('general');
    expect(row.media).toMatchObject({ kind: 'office', pages: null });
    if (!hasLibreOffice()) expect(row.media!.state).toBe('download');
  });

  it('refuses bad input with the field named', async () => {
    const file = await upload(admin, 'a.pdf', pdf);
    const ok = { name: 'Valid', type: 'general', file };
    const bad: [Record<string, unknown>, string][] = [
      [{ ...ok, name: 'x'.repeat(201) }, 'name'],
      [{ ...ok, name: '  ' }, 'name'],
      [{ ...ok, type: 'flash' }, 'type'],
      [{ ...ok, labels: ['1', '2', '3', '4', '5', '6'] }, 'labels'],
      [{ ...ok, labels: ['x'.repeat(11)] }, 'labels'],
      [{ ...ok, mobilePlay: 'yes' }, 'mobilePlay'],
      [{ ...ok, file: 'https://example.com/a.pdf' }, 'file'],
    ];
    for (const [body, field] of bad) {
      const res = await post('/api/courseware/insert', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toBe('PARAMETER_INVALID');
      expect(res.json().field, JSON.stringify(body)).toMatch(new RegExp(`^${field}`));
    }
    expect((await post('/api/courseware/insert', { ...ok, categoryId: 99999999 })).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'categoryId' });
    // Only courseware uploads, and only one's own.
    const notice = await upload(admin, 'n.pdf', pdf, 'notice');
    expect((await post('/api/courseware/insert', { ...ok, file: notice })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'file' });
    const other = await session(['kjgl', 'kjgl:add']);
    expect((await post('/api/courseware/insert', { ...ok, file }, other)).json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', field: 'file' });
    expect((await post('/api/courseware/update', { id: 99999999, name: 'x' })).json().msg).toBe('NOT_FOUND_ERROR');
  });

  it('keeps names unique within a category', async () => {
    const a = await category(`Dup-A-${uniq()}`);
    const b = await category(`Dup-B-${uniq()}`);
    await pdfCourseware(admin, { name: 'Intro', categoryId: a });
    const dup = await post('/api/courseware/insert', { name: 'Intro', type: 'general', categoryId: a, file: await upload(admin, 'b.pdf', pdf) });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ msg: 'DUPLICATE_COURSEWARE', field: 'name' });
    const other = await pdfCourseware(admin, { name: 'Intro', categoryId: b });
    // Moving into a category holding the name, or renaming onto it, is refused too.
    expect((await post('/api/courseware/update', { id: other, categoryId: a })).json()).toMatchObject({ msg: 'DUPLICATE_COURSEWARE', field: 'name' });
    expect((await post('/api/courseware/update', { id: other, name: 'Intro 2', categoryId: a, labels: ['x'] })).statusCode).toBe(200);
    expect((await post('/api/courseware/get', { id: other })).json().data).toMatchObject({ name: 'Intro 2', categoryId: a, labels: ['x'] });
  });

  it('checks the type against the file content', async () => {
    const pdfFile = await upload(admin, 'doc.pdf', pdf);
    for (const type of ['video', 'audio', 'scorm']) {
      const res = await post('/api/courseware/insert', { name: `Wrong ${type}`, type, file: pdfFile });
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'FILE_TYPE_ERROR', field: 'file' });
    }
    const videoFile = await upload(admin, 'clip.mp4', video);
    expect((await post('/api/courseware/insert', { name: 'Video as doc', type: 'general', file: videoFile })).json().msg).toBe('FILE_TYPE_ERROR');
    // A PDF renamed to .mp4 is refused at upload already (content sniffing).
    const boundary = `----hanlin${crypto.randomBytes(8).toString('hex')}`;
    const lying = await t.app.inject({
      method: 'POST',
      url: '/api/upload/file?kind=courseware&purpose=courseware',
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.mp4"\r\n\r\n`),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { ...admin.headers(), 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(lying.json().msg).toBe('FILE_TYPE_ERROR');
  });

  it('processes a video and shows the state, progress and duration in the list', async () => {
    const id = await insert({ name: `Clip ${uniq()}`, type: 'video', file: await upload(admin, 'clip.mp4', video) });
    const first = (await list()).records.find((r) => r.id === id)!;
    expect(first.media).toMatchObject({ kind: 'video' });
    expect(['pending', 'processing', 'ready']).toContain(first.media!.state);
    // Reads the list again, as the page does, each time a background job ends (no fixed wait).
    const rowOf = async () => (await list()).records.find((x) => x.id === id)!;
    let row: Awaited<ReturnType<typeof rowOf>>;
    for (;;) {
      const ran = t.app.jobs.ran(); // listen first, then read the list again
      row = await rowOf();
      const state: string = row.media!.state;
      expect(state).not.toBe('failed');
      if (state === 'ready') break;
      await ran;
    }
    expect(row.media).toMatchObject({ state: 'ready', progress: 100 });
    expect(row.media!.durationMs).toBeGreaterThan(800);
    expect(row.media!.playUrl).toMatch(/index\.m3u8$/);
  });

  it('imports a SCORM zip and answers a refused package with its reason', async () => {
    const id = await insert({ name: `SCORM ${uniq()}`, type: 'scorm', file: await upload(admin, 'pkg.zip', fixture('singlescobasic.zip')) });
    const row = (await post('/api/courseware/get', { id })).json().data as CoursewareRow;
    expect(row.scormPackageId).toBeGreaterThan(0);
    expect(row.media).toBeNull();
    // A kjgl holder previews it in the courseware's context.
    const launch = await post('/api/scorm/launch', { packageId: row.scormPackageId, contextKey: `courseware:${id}` });
    expect(launch.statusCode, launch.body).toBe(200);

    const res = await post('/api/courseware/insert', { name: `Broken ${uniq()}`, type: 'scorm', file: await upload(admin, 'broken.zip', fixture('badscorm.zip')) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: 'SCORM_PARSE_FAILED', data: { reason: 'manifest_in_subfolder', detail: 'badscorm/' } });
    const [{ n }] = (await t.db.execute(sql`select count(*)::int as n from coursewares where name like 'Broken %'`)).rows as { n: number }[];
    expect(n).toBe(0);
  });

  it('two SCORM courseware saved at once under one name: one wins and no imported package is left behind', async () => {
    const name = `SCORM race ${uniq()}`;
    const files = [await upload(admin, 'a.zip', fixture('singlescobasic.zip')), await upload(admin, 'b.zip', fixture('singlescobasic.zip'))];
    const count = async () => Number((await t.db.execute<{ n: string }>(sql`select count(*) as n from scorm_packages`)).rows[0]!.n);
    const before = await count();
    const res = await Promise.all(files.map((file) => post('/api/courseware/insert', { name, type: 'scorm', file })));
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(res.find((r) => r.statusCode === 409)!.json().msg).toBe('DUPLICATE_COURSEWARE');
    expect(await count()).toBe(before + 1);
    const orphans = await t.db.execute(sql`select p.id from scorm_packages p where not exists (select 1 from coursewares c where c.scorm_package_id = p.id)`);
    expect(orphans.rows).toEqual([]);
  });

  it('refuses deleting courseware in use, and the abilities say so', async () => {
    const used = await pdfCourseware();
    const free = await pdfCourseware();
    referenced.add(used);
    const rows = (await list()).records;
    expect(rows.find((r) => r.id === used)!.abilities.delete).toBe(false);
    expect(rows.find((r) => r.id === free)!.abilities.delete).toBe(true);
    const res = await post('/api/courseware/delete', { ids: [free, used] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msg: 'IN_USE_COURSEWARE', data: { ids: [used] } });
    // Nothing was deleted.
    expect((await list()).records.filter((r) => r.id === free || r.id === used)).toHaveLength(2);
    referenced.delete(used);
    expect((await post('/api/courseware/delete', { ids: [free, used] })).statusCode).toBe(200);
    expect((await post('/api/courseware/get', { id: used })).json().msg).toBe('NOT_FOUND_ERROR');
  });

  it('keeps each manager to their data scope, for the list, changes and the files', async () => {
    const branch = await buildOrg(t.db, { name: `branch-${uniq()}` });
    const manager = await session(['kjgl', 'kjgl:add', 'kjgl:modify', 'kjgl:delete'], branch.id);
    const own = await pdfCourseware(manager);
    const adminFile = await upload(admin, 'hq.pdf', pdf);
    const hq = await insert({ name: `HQ ${uniq()}`, type: 'general', file: adminFile });
    const seen = (await list({}, manager)).records.map((r) => r.id);
    expect(seen).toContain(own);
    expect(seen).not.toContain(hq);
    expect((await list({}, manager)).records.find((r) => r.id === own)!.abilities).toEqual({ modify: true, delete: true, preview: false });
    expect((await post('/api/courseware/get', { id: hq }, manager)).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await post('/api/courseware/update', { id: hq, name: 'taken over' }, manager)).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await post('/api/courseware/delete', { ids: [hq] }, manager)).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    // The administrator (whole tree) sees the branch's courseware.
    expect((await list()).records.map((r) => r.id)).toContain(own);

    // Files: kjgl holders in scope may read a courseware file; others may not.
    const read = (s: Session) => t.app.inject({ method: 'GET', url: adminFile, headers: s.headers() });
    const hqReader = await session(['kjgl']);
    expect((await read(hqReader)).statusCode).toBe(200);
    expect((await read(manager)).statusCode).not.toBe(200);
    expect((await read(await session(['kc-pc']))).statusCode).not.toBe(200);
  });

  it('authorization matrix', async () => {
    const id = await pdfCourseware();
    const reader = await session(['kjgl']);
    expect((await post('/api/courseware/list', {}, reader)).statusCode).toBe(200);
    expect((await post('/api/courseware-sort/tree', {}, reader)).statusCode).toBe(200);
    expect((await list({}, reader)).records.find((r) => r.id === id)!.abilities).toEqual({ modify: false, delete: false, preview: false });
    for (const [url, body] of [
      ['/api/courseware/insert', { name: 'x', type: 'general', file: '/api/upload/file/x' }],
      ['/api/courseware/update', { id, name: 'x' }],
      ['/api/courseware/delete', { ids: [id] }],
      ['/api/courseware-sort/insert', { name: 'x' }],
      ['/api/courseware-sort/update', { id: 1, name: 'x' }],
      ['/api/courseware-sort/delete', { id: 1 }],
      ['/api/courseware-sort/sort', { id: 1, position: 'above', targetId: 2 }],
    ] as const) {
      expect((await post(url, body, reader)).statusCode, url).toBe(403);
    }
    const none = await session(['kcgl']);
    expect((await post('/api/courseware/list', {}, none)).statusCode).toBe(403);
    expect((await call(t.app, null, '/api/courseware/list', {})).statusCode).toBe(401);
  });
});
