import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CERTIFICATE_DEFAULT_LAYOUT, CERTIFICATE_NUMBER_PATTERN, certificateNumberCheck } from '@hanlin/shared';
import { useTestApp, login, call, ok, dataOf, type Session } from '../../test/harness.js';
import { buildOrg, buildUser, rootOrg } from '../../test/factories.js';
import { issueCertificate } from './index.js';
import { certificates } from './certificates.schema.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});

/** A real RGB PNG: a pale page with a dark frame, so the rendered PDF shows the background. */
function makePng(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const frame = x < 12 || y < 12 || x >= w - 12 || y >= h - 12;
      const o = y * (w * 3 + 1) + 1 + x * 3;
      raw[o] = frame ? 150 : 253;
      raw[o + 1] = frame ? 110 : 246;
      raw[o + 2] = frame ? 30 : 227;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const uploadImage = (s: Session, png: Buffer, purpose = 'certificate') =>
  ok<{ id: string; url: string }>(t.app, s, '/api/upload/base64', { name: 'bg.png', data: `data:image/png;base64,${png.toString('base64')}`, purpose });

let n = 0;
const tpl = (extra: Record<string, unknown> = {}) => ({
  name: `证书模板 ${++n}`,
  authority: '翰林学院',
  validityMonths: null,
  layout: CERTIFICATE_DEFAULT_LAYOUT,
  ...extra,
});
const createTemplate = (s: Session, extra: Record<string, unknown> = {}) =>
  ok<{ id: number; name: string; pageWidth: number; pageHeight: number; abilities: { delete: boolean } }>(t.app, s, '/api/certificate/template/insert', tpl(extra));

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cert-'));
  const file = path.join(dir, 'c.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
/** Share of non-white pixels of the first page rendered at 20 dpi (pdftoppm, gray). */
function inkRatio(pdf: Buffer): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cert-'));
  const file = path.join(dir, 'c.pdf');
  fs.writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '20', '-gray', '-singlefile', file, path.join(dir, 'page')]);
  const pgm = fs.readFileSync(path.join(dir, 'page.pgm'));
  // "P5\n<w> <h>\n255\n" header, then one byte per pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  const pixels = pgm.subarray(header[0].length);
  let ink = 0;
  for (const p of pixels) if (p < 200) ink++;
  return ink / pixels.length;
}
const hasPoppler = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('certificate templates', () => {
  it('creates, lists, filters and checks names', async () => {
    const a = await createTemplate(admin, { name: 'Safety 101', authority: 'HR Dept', validityMonths: 12 });
    expect(a).toMatchObject({ name: 'Safety 101', authority: 'HR Dept', validityMonths: 12, pageWidth: 842, pageHeight: 595, issuedCount: 0, creatorName: '系统管理员' });
    expect(a.abilities).toEqual({ modify: true, delete: true });
    await createTemplate(admin, { name: 'Forever cert', validityMonths: null });

    const limited = (await call(t.app, admin, '/api/certificate/template/list', { keyword: 'Safety', validity: 'limited' })).json().data;
    expect(limited.records.map((r: { id: number }) => r.id)).toEqual([a.id]);
    expect((await call(t.app, admin, '/api/certificate/template/list', { keyword: 'Safety', validity: 'permanent' })).json().data.total).toBe(0);
    const sorted = (await call(t.app, admin, '/api/certificate/template/list', { sort: 'name', size: 100 })).json().data.records.map((r: { name: string }) => r.name);
    expect(sorted).toEqual([...sorted].sort());
    expect((await call(t.app, admin, '/api/certificate/template/list', { keyword: '%' })).json().data.total).toBe(0);

    expect((await call(t.app, admin, '/api/certificate/template/check-name', { name: 'Safety 101' })).json().data).toEqual({ available: false });
    expect((await call(t.app, admin, '/api/certificate/template/check-name', { name: 'Safety 101', id: a.id })).json().data).toEqual({ available: true });

    const dup = await call(t.app, admin, '/api/certificate/template/insert', tpl({ name: 'Safety 101' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ msg: 'DUPLICATE_CERTIFICATE', field: 'name' });
    const b = await createTemplate(admin);
    const dupUpdate = await call(t.app, admin, '/api/certificate/template/update', { id: b.id, name: 'Safety 101' });
    expect(dupUpdate.json()).toMatchObject({ msg: 'DUPLICATE_CERTIFICATE', field: 'name' });

    const upd = await call(t.app, admin, '/api/certificate/template/update', { id: b.id, authority: '新的机构', validityMonths: 999 });
    expect(upd.json().data).toMatchObject({ id: b.id, authority: '新的机构', validityMonths: 999 });
    expect((await call(t.app, admin, '/api/certificate/template/get', { id: 999999 })).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'id' });
    expect((await call(t.app, admin, '/api/certificate/template/update', { id: 999999, authority: 'x' })).json()).toMatchObject({ msg: 'NOT_FOUND_ERROR', field: 'id' });
  });

  it('validates fields and names them', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [tpl({ name: 'x'.repeat(31) }), 'name'],
      [tpl({ name: '  ' }), 'name'],
      [tpl({ authority: '' }), 'authority'],
      [tpl({ validityMonths: 0 }), 'validityMonths'],
      [tpl({ validityMonths: 1000 }), 'validityMonths'],
      [tpl({ validityMonths: 1.5 }), 'validityMonths'],
      [tpl({ background: 'https://evil.example/x.png' }), 'background'],
      [tpl({ layout: { ...CERTIFICATE_DEFAULT_LAYOUT, name: { ...CERTIFICATE_DEFAULT_LAYOUT.name, color: 'red' } } }), 'layout.name.color'],
      [tpl({ layout: { ...CERTIFICATE_DEFAULT_LAYOUT, date: { ...CERTIFICATE_DEFAULT_LAYOUT.date, fontSize: 2 } } }), 'layout.date.fontSize'],
    ];
    for (const [body, field] of cases) {
      const res = await call(t.app, admin, '/api/certificate/template/insert', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field });
    }
    // 30 characters and 1 month are fine.
    await createTemplate(admin, { name: '证'.repeat(30), validityMonths: 1 });
  });

  it('takes the page proportions from an uploaded background and refuses foreign or non-image files', async () => {
    const bg = await uploadImage(admin, makePng(400, 300));
    const a = await createTemplate(admin, { background: bg.url, thumbnail: bg.url });
    expect(a).toMatchObject({ pageWidth: 842, pageHeight: 632 });
    const got = (await call(t.app, admin, '/api/certificate/template/get', { id: a.id })).json().data;
    expect(got.backgroundUrl).toMatch(/^\/api\/upload\/public\//);

    // An image uploaded for another purpose, or someone else's, is not accepted.
    const noticeImg = await uploadImage(admin, makePng(10, 10), 'notice');
    expect((await call(t.app, admin, '/api/certificate/template/insert', tpl({ background: noticeImg.url }))).json()).toMatchObject({
      msg: 'PARAMETER_INVALID',
      field: 'background',
    });
    const other = await buildUser(t.db, { permissions: ['zsgl', 'zsgl:add'] });
    const otherSession = await login(t.app, other.username, other.password);
    expect((await call(t.app, otherSession, '/api/certificate/template/insert', tpl({ background: bg.url }))).json()).toMatchObject({
      msg: 'NO_DATA_PERMISSION_ERROR',
      field: 'background',
    });
    expect((await call(t.app, admin, '/api/certificate/template/insert', tpl({ thumbnail: '/api/upload/file/00000000-0000-4000-8000-000000000000' }))).json()).toMatchObject({
      msg: 'FILE_TYPE_ERROR',
      field: 'thumbnail',
    });
  });

  it('refuses to delete a template with issued certificates, deletes unused ones', async () => {
    const used = await createTemplate(admin);
    const unused = await createTemplate(admin);
    const user = await buildUser(t.db);
    await issueCertificate(t.db, { templateId: used.id, userId: user.id, source: { kind: 'course', id: 1, title: 'Course' } });
    const got = (await call(t.app, admin, '/api/certificate/template/get', { id: used.id })).json().data;
    expect(got).toMatchObject({ issuedCount: 1, abilities: { delete: false } });

    const refused = await call(t.app, admin, '/api/certificate/template/delete', { ids: [unused.id, used.id] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe('IN_USE_CERTIFICATE');
    expect((await call(t.app, admin, '/api/certificate/template/get', { id: unused.id })).statusCode).toBe(200);

    expect((await call(t.app, admin, '/api/certificate/template/delete', { ids: [unused.id] })).json().data).toEqual({ count: 1 });
    expect((await call(t.app, admin, '/api/certificate/template/get', { id: unused.id })).json().msg).toBe('NOT_FOUND_ERROR');
    expect((await call(t.app, admin, '/api/certificate/template/delete', { ids: [unused.id] })).json().msg).toBe('NOT_FOUND_ERROR');
  });

  it('checks permission codes per action', async () => {
    const viewer = await buildUser(t.db, { permissions: ['zsgl'] });
    const s = await login(t.app, viewer.username, viewer.password);
    const a = await createTemplate(admin);
    expect((await call(t.app, s, '/api/certificate/template/list', {})).statusCode).toBe(200);
    const list = (await call(t.app, s, '/api/certificate/template/get', { id: a.id })).json().data;
    expect(list.abilities).toEqual({ modify: false, delete: false });
    for (const [url, body] of [
      ['/api/certificate/template/insert', tpl()],
      ['/api/certificate/template/update', { id: a.id, authority: 'x' }],
      ['/api/certificate/template/delete', { ids: [a.id] }],
      ['/api/certificate/issued/revoke', { ids: [1] }],
    ] as const) {
      expect((await call(t.app, s, url, body)).statusCode, url).toBe(403);
    }
    const student = await buildUser(t.db, { permissions: ['zs-pc'] });
    const st = await login(t.app, student.username, student.password);
    expect((await call(t.app, st, '/api/certificate/template/list', {})).statusCode).toBe(403);
    expect((await call(t.app, st, '/api/certificate/issued/list', {})).statusCode).toBe(403);
  });
});

describe('templates belong to an organization (data scope)', () => {
  it('keeps a root template away from the administrator of another branch', async () => {
    const root = await rootOrg(t.db);
    const rootTpl = await createTemplate(admin, { name: 'Root owned template' });
    expect((await call(t.app, admin, '/api/certificate/template/get', { id: rootTpl.id })).json().data).toMatchObject({ orgId: root.id });

    const branch = await buildOrg(t.db);
    const branchAdmin = await buildUser(t.db, { orgId: branch.id, scopeOrgIds: [branch.id], permissions: ['zsgl', 'zsgl:add', 'zsgl:modify', 'zsgl:delete'] });
    const bs = await login(t.app, branchAdmin.username, branchAdmin.password);

    const upd = await call(t.app, bs, '/api/certificate/template/update', { id: rootTpl.id, authority: 'Hijacked' });
    expect(upd.statusCode).toBe(403);
    expect(upd.json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    const del = await call(t.app, bs, '/api/certificate/template/delete', { ids: [rootTpl.id] });
    expect(del.json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await call(t.app, bs, '/api/certificate/template/get', { id: rootTpl.id })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await call(t.app, bs, '/api/certificate/template/list', { keyword: 'Root owned template' })).json().data.total).toBe(0);
    expect((await call(t.app, admin, '/api/certificate/template/get', { id: rootTpl.id })).json().data).toMatchObject({ authority: '翰林学院' });

    // The branch's own template is its administrator's to manage; the root administrator sees it too.
    const own = await createTemplate(bs, { name: 'Branch template' });
    expect((await call(t.app, bs, '/api/certificate/template/get', { id: own.id })).json().data).toMatchObject({ orgId: branch.id, orgName: branch.name });
    expect((await call(t.app, bs, '/api/certificate/template/list', {})).json().data.records.map((r: { id: number }) => r.id)).toEqual([own.id]);
    expect((await call(t.app, bs, '/api/certificate/template/update', { id: own.id, authority: 'Branch school' })).json().data.authority).toBe('Branch school');
    expect((await call(t.app, admin, '/api/certificate/template/list', { keyword: 'Branch template' })).json().data.total).toBe(1);
    expect((await call(t.app, bs, '/api/certificate/template/delete', { ids: [own.id] })).json().data).toEqual({ count: 1 });
  });

  it("lets a course name only a template in its author's scope (the picker offers no other; one already there stays)", async () => {
    const rootTpl = await createTemplate(admin, { name: 'Root course template' });
    const branch = await buildOrg(t.db);
    const author = await buildUser(t.db, { orgId: branch.id, scopeOrgIds: [branch.id], permissions: ['kcgl', 'kcgl:add', 'kcgl:modify', 'zsgl', 'zsgl:add'] });
    const s = await login(t.app, author.username, author.password);
    const own = await createTemplate(s, { name: 'Branch course template' });
    const options = (await call(t.app, s, '/api/course/certificate-options', {})).json().data.map((o: { id: number }) => o.id);
    expect(options).toContain(own.id);
    expect(options).not.toContain(rootTpl.id);
    const refused = await call(t.app, s, '/api/course/insert', { name: `Scoped ${Date.now()}`, passProgress: 100, certificateTemplateId: rootTpl.id });
    expect(refused.json()).toMatchObject({ msg: 'NO_DATA_PERMISSION_ERROR', field: 'certificateTemplateId' });
    const id = (await call(t.app, s, '/api/course/insert', { name: `Scoped own ${Date.now()}`, passProgress: 100, certificateTemplateId: own.id })).json().data.id;
    expect((await call(t.app, s, '/api/course/update', { id, certificateTemplateId: rootTpl.id })).json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    // A root administrator sets the root template; the branch author's later edit keeps it.
    expect((await call(t.app, admin, '/api/course/update', { id, certificateTemplateId: rootTpl.id })).statusCode).toBe(200);
    const kept = await call(t.app, s, '/api/course/update', { id, certificateTemplateId: rootTpl.id, credit: 2 });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('keeps what the template said at issue time on the issued certificate, its verification and its PDF', async () => {
    const template = await createTemplate(admin, { name: 'Snapshot template', authority: 'Original Academy', language: 'en-US' });
    const holder = await buildUser(t.db, { realname: 'Snap Holder', permissions: ['zs-pc'] });
    const c = await issueCertificate(t.db, { templateId: template.id, userId: holder.id, source: { kind: 'course', id: 21, title: 'Snapshot course' } });

    const edited = await call(t.app, admin, '/api/certificate/template/update', {
      id: template.id,
      name: 'Renamed template',
      authority: 'Rewritten Authority',
      language: 'pt',
      layout: { ...CERTIFICATE_DEFAULT_LAYOUT, extra: { text: 'Added after issue', x: 100, y: 60, fontSize: 16, color: '#8b0000', align: 'left' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const verified = dataOf(await call(t.app, null, '/api/certificate/verify', { number: c.number }));
    expect(verified).toMatchObject({ templateName: 'Snapshot template', authority: 'Original Academy' });
    const hs = await login(t.app, holder.username, holder.password);
    expect((await call(t.app, hs, '/api/certificate/my', {})).json().data.records[0]).toMatchObject({ templateName: 'Snapshot template', authority: 'Original Academy' });
    const listed = (await call(t.app, admin, '/api/certificate/issued/list', { templateId: template.id })).json().data.records[0];
    expect(listed).toMatchObject({ templateName: 'Snapshot template' });

    const dl = await call(t.app, admin, '/api/certificate/issued/download', { id: c.id });
    expect(dl.statusCode).toBe(200);
    if (hasPoppler) {
      const text = pdfText(dl.rawPayload);
      expect(text).toContain('Original Academy');
      expect(text).toContain('Certificate');
      expect(text).not.toContain('Rewritten Authority');
      expect(text).not.toContain('Added after issue');
      expect(text).not.toContain('Certificado');
    }
    // A certificate issued after the edit says what the template says now.
    const later = await issueCertificate(t.db, { templateId: template.id, userId: holder.id, source: { kind: 'course', id: 22, title: 'Later course' } });
    expect(dataOf(await call(t.app, null, '/api/certificate/verify', { number: later.number }))).toMatchObject({ authority: 'Rewritten Authority' });
  });
});

describe('the default design', () => {
  it.runIf(hasPoppler).each([
    ['zh-CN', '证书', '发证机构'],
    ['en-US', 'Certificate', 'Issued by'],
    ['pt', 'Certificado', 'Emitido por'],
  ] as const)('prints the title and the issuing authority in %s', async (language, title, label) => {
    const template = await createTemplate(admin, { language, authority: undefined });
    const expected = language === 'zh-CN' ? '翰林学习平台' : 'Hanlin Learning';
    expect((await call(t.app, admin, '/api/certificate/template/get', { id: template.id })).json().data.authority).toBe(expected);
    const holder = await buildUser(t.db, { realname: language === 'zh-CN' ? '王小明' : 'Maria Silva' });
    const c = await issueCertificate(t.db, { templateId: template.id, userId: holder.id, source: { kind: 'exam', id: 31, title: 'Fire safety 消防' } });
    const dl = await call(t.app, admin, '/api/certificate/issued/download', { id: c.id });
    expect(dl.statusCode).toBe(200);
    const text = pdfText(dl.rawPayload);
    for (const s of [title, label, expected, holder.realname, 'Fire safety 消防', c.number, new Date().toISOString().slice(0, 10)]) expect(text, s).toContain(s);
    // A border and ornaments, not a blank page with four lines.
    expect(inkRatio(dl.rawPayload)).toBeGreaterThan(0.03);
    if (process.env.CERT_PNG_DIR) {
      fs.writeFileSync(path.join(process.env.CERT_PNG_DIR, `${language}.pdf`), dl.rawPayload);
    }
  });
});

describe('issuing', () => {
  it('is idempotent per template, user and source, and computes the expiry', async () => {
    const year = await createTemplate(admin, { validityMonths: 12 });
    const forever = await createTemplate(admin, { validityMonths: null });
    const user = await buildUser(t.db);
    const first = await issueCertificate(t.db, { templateId: year.id, userId: user.id, source: { kind: 'course', id: 7, title: 'Fire safety' } });
    expect(first.created).toBe(true);
    expect(first.number).toMatch(CERTIFICATE_NUMBER_PATTERN);
    expect(first.number.startsWith(`HL-${new Date().getUTCFullYear()}-`)).toBe(true);
    expect(certificateNumberCheck(first.number)).toBe('valid');
    const again = await issueCertificate(t.db, { templateId: year.id, userId: user.id, source: { kind: 'course', id: 7, title: 'Fire safety' } });
    expect(again).toEqual({ ...first, created: false });
    const exam = await issueCertificate(t.db, { templateId: year.id, userId: user.id, source: { kind: 'exam', id: 7, title: 'Fire exam' } });
    expect(exam.id).not.toBe(first.id);

    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, first.id));
    const months = (row!.expiresAt!.getUTCFullYear() - row!.issuedAt.getUTCFullYear()) * 12 + row!.expiresAt!.getUTCMonth() - row!.issuedAt.getUTCMonth();
    expect(months).toBe(12);
    const perm = await issueCertificate(t.db, { templateId: forever.id, userId: user.id, source: { kind: 'course', id: 7, title: 'Fire safety' } });
    expect((await t.db.select().from(certificates).where(eq(certificates.id, perm.id)))[0]!.expiresAt).toBeNull();

    await expect(issueCertificate(t.db, { templateId: 999999, userId: user.id, source: { kind: 'course', id: 1, title: 'x' } })).rejects.toMatchObject({
      errorName: 'NOT_FOUND_ERROR',
    });
    // Inside a caller's transaction that rolls back, nothing stays.
    await t.db
      .transaction(async (tx) => {
        await issueCertificate(tx, { templateId: forever.id, userId: user.id, source: { kind: 'course', id: 99, title: 'rolled back' } });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect((await t.db.select().from(certificates).where(eq(certificates.sourceId, 99))).length).toBe(0);
  });

  it("tells the holder of each new certificate in a message of the source's kind, once, and nothing when rolled back", async () => {
    const template = await createTemplate(admin, {});
    const holder = await buildUser(t.db, { permissions: ['zs-pc'] });
    const c = await issueCertificate(t.db, { templateId: template.id, userId: holder.id, source: { kind: 'exam', id: 41, title: 'Forklift exam' } });
    await issueCertificate(t.db, { templateId: template.id, userId: holder.id, source: { kind: 'exam', id: 41, title: 'Forklift exam' } });
    await issueCertificate(t.db, { templateId: template.id, userId: holder.id, source: { kind: 'training', id: 42, title: 'Forklift class' } });
    await t.db
      .transaction(async (tx) => {
        await issueCertificate(tx, { templateId: template.id, userId: holder.id, source: { kind: 'course', id: 43, title: 'rolled back' } });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const s = await login(t.app, holder.username, holder.password);
    const list = dataOf<{ records: { title: string; content: string; kind: string; template: string | null; params: Record<string, string> }[] }>(
      await call(t.app, s, '/api/message/my', { page: 1, size: 20 }),
    ).records;
    const issued = list.filter((m) => m.template === 'certificateIssued');
    expect(issued.map((m) => [m.kind, m.params.title]).sort()).toEqual([
      ['exam', 'Forklift exam'],
      ['training', 'Forklift class'],
    ]);
    const exam = issued.find((m) => m.kind === 'exam')!;
    expect(exam.params.number).toBe(c.number);
    expect(exam.content).toContain(c.number);
  });

  it('gives unique numbers under concurrency and one certificate per repeated issue', async () => {
    const template = await createTemplate(admin);
    const people = await Promise.all(Array.from({ length: 8 }, () => buildUser(t.db)));
    const issued = await Promise.all(
      people.flatMap((p) => [1, 1, 2].map((src) => issueCertificate(t.db, { templateId: template.id, userId: p.id, source: { kind: 'course', id: src, title: 'Parallel' } }))),
    );
    const ids = new Set(issued.map((i) => i.id));
    expect(ids.size).toBe(16);
    expect(issued.filter((i) => i.created).length).toBe(16);
    const [{ count }] = (await t.db.execute(sql`select count(distinct number)::int as count from certificates where template_id = ${template.id}`)).rows as {
      count: number;
    }[];
    expect(count).toBe(16);
  });
});

describe('holders, downloads and verification', () => {
  it('lists my certificates with status, downloads my PDF with the Chinese name, refuses others', async () => {
    const org = await buildOrg(t.db);
    const holder = await buildUser(t.db, { realname: '张三丰', orgId: org.id, permissions: ['zs-pc'] });
    const other = await buildUser(t.db, { realname: 'Other Person', permissions: ['zs-pc'] });
    const bg = await uploadImage(admin, makePng(600, 420));
    const template = await createTemplate(admin, {
      name: '结业证书',
      background: bg.url,
      validityMonths: 1,
      layout: { ...CERTIFICATE_DEFAULT_LAYOUT, extra: { text: 'Certified fine filing', x: 100, y: 60, fontSize: 16, color: '#8b0000', align: 'left' } },
    });
    const c = await issueCertificate(t.db, { templateId: template.id, userId: holder.id, source: { kind: 'course', id: 3, title: '消防安全培训 Office' } });
    const old = await issueCertificate(t.db, { templateId: template.id, userId: holder.id, source: { kind: 'course', id: 4, title: 'Old course' } });
    await t.db
      .update(certificates)
      .set({ expiresAt: sql`now() - interval '1 day'` })
      .where(eq(certificates.id, old.id));

    const hs = await login(t.app, holder.username, holder.password);
    const mine = (await call(t.app, hs, '/api/certificate/my', {})).json().data;
    expect(mine.total).toBe(2);
    const byId = Object.fromEntries(mine.records.map((r: { id: number }) => [r.id, r]));
    expect(byId[c.id]).toMatchObject({ number: c.number, templateName: '结业证书', sourceTitle: '消防安全培训 Office', status: 'valid' });
    expect(byId[old.id]).toMatchObject({ status: 'expired' });

    const dl = await call(t.app, hs, '/api/certificate/my/download', { id: c.id });
    expect(dl.statusCode, dl.body.slice(0, 200)).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(String(dl.headers['content-disposition'])).toContain(encodeURIComponent('结业证书'));
    expect(dl.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPoppler) {
      const text = pdfText(dl.rawPayload);
      for (const s of ['张三丰', '消防安全培训 Office', c.number, new Date().toISOString().slice(0, 10), 'Certified fine filing']) expect(text).toContain(s);
      // The background is drawn: the frame and text give ink, the page is not blank.
      expect(inkRatio(dl.rawPayload)).toBeGreaterThan(0.05);
    }

    const os2 = await login(t.app, other.username, other.password);
    const stolen = await call(t.app, os2, '/api/certificate/my/download', { id: c.id });
    expect(stolen.statusCode).toBe(404);
    expect((await call(t.app, os2, '/api/certificate/my', {})).json().data.total).toBe(0);
    expect((await call(t.app, null, '/api/certificate/my/download', { id: c.id })).statusCode).toBe(401);

    // A manager whose scope does not hold the holder's organization cannot list or download it.
    const sibling = await buildOrg(t.db);
    const narrow = await buildUser(t.db, { permissions: ['zsgl'], orgId: sibling.id, scopeOrgIds: [sibling.id] });
    const ns = await login(t.app, narrow.username, narrow.password);
    expect((await call(t.app, ns, '/api/certificate/issued/list', { templateId: template.id })).json().data.total).toBe(0);
    expect((await call(t.app, ns, '/api/certificate/issued/download', { id: c.id })).statusCode).toBe(403);
    const full = (await call(t.app, admin, '/api/certificate/issued/list', { templateId: template.id, status: 'expired' })).json().data;
    expect(full.records).toEqual([expect.objectContaining({ id: old.id, realname: '张三丰', status: 'expired', orgName: org.name })]);
    expect((await call(t.app, admin, '/api/certificate/issued/list', { userId: holder.id, keyword: c.number })).json().data.total).toBe(1);
    expect((await call(t.app, admin, '/api/certificate/issued/download', { id: c.id })).statusCode).toBe(200);
  });

  it('lists issued certificates with fresh totals, holder search and revoke abilities', async () => {
    const template = await createTemplate(admin, { authority: 'Issued list authority' });
    const org = await buildOrg(t.db);
    const holder = await buildUser(t.db, { realname: '王五列表', orgId: org.id });
    const c1 = await issueCertificate(t.db, { templateId: template.id, userId: holder.id, source: { kind: 'course', id: 11, title: 'List course A' } });
    const list = (s: Session, q: Record<string, unknown>) =>
      ok<{ total: number; records: { id: number; status: string; abilities: { revoke: boolean } }[] }>(t.app, s, '/api/certificate/issued/list', {
        templateId: template.id,
        ...q,
      });
    const first = await list(admin, {});
    expect(first.total).toBe(1);
    expect(first.records[0]).toMatchObject({ id: c1.id, status: 'valid', abilities: { revoke: true } });

    // A new issue and a revocation show at once (the cached totals follow the table writes).
    const c2 = await issueCertificate(t.db, { templateId: template.id, userId: holder.id, source: { kind: 'exam', id: 12, title: 'List exam B' } });
    expect((await list(admin, {})).total).toBe(2);
    expect((await call(t.app, admin, '/api/certificate/issued/revoke', { ids: [c1.id] })).json().data).toEqual({ count: 1 });
    const revoked = await list(admin, { status: 'revoked' });
    expect(revoked.records).toEqual([expect.objectContaining({ id: c1.id, status: 'revoked', abilities: { revoke: false } })]);
    expect((await list(admin, { status: 'valid' })).records.map((r) => r.id)).toEqual([c2.id]);

    // Keyword on the holder's name, sorting on the whitelisted keys only.
    expect((await list(admin, { keyword: '王五列' })).total).toBe(2);
    expect((await list(admin, { keyword: 'nobody-like-this' })).total).toBe(0);
    expect((await list(admin, { sort: 'issuedAt' })).records.map((r) => r.id)).toEqual([c1.id, c2.id]);
    expect((await call(t.app, admin, '/api/certificate/issued/list', { sort: 'realname' })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'sort' });

    // Without zsgl:delete nothing is revocable.
    const viewer = await buildUser(t.db, { permissions: ['zsgl'] });
    const vs = await login(t.app, viewer.username, viewer.password);
    expect((await list(vs, { status: 'valid' })).records).toEqual([expect.objectContaining({ id: c2.id, abilities: { revoke: false } })]);

    // The template list counts a new template at once too.
    const before = (await call(t.app, admin, '/api/certificate/template/list', { keyword: 'Issued list authority' })).json().data.total;
    await createTemplate(admin, { authority: 'Issued list authority' });
    expect((await call(t.app, admin, '/api/certificate/template/list', { keyword: 'Issued list authority' })).json().data.total).toBe(before + 1);
  });

  it('verifies a number publicly with only the allowed fields, and shows revocation', async () => {
    const template = await createTemplate(admin, { authority: '翰林学院', validityMonths: 24 });
    const holder = await buildUser(t.db, { realname: '李小龙' });
    const c = await issueCertificate(t.db, { templateId: template.id, userId: holder.id, source: { kind: 'exam', id: 5, title: '安全考试' } });
    const res = await call(t.app, null, '/api/certificate/verify', { number: c.number.toLowerCase() });
    const data = dataOf(res);
    // What it was issued for (course, exam or training) says nothing about the holder.
    expect(Object.keys(data).sort()).toEqual(['authority', 'expiresAt', 'holder', 'issuedAt', 'number', 'sourceKind', 'status', 'templateName', 'title']);
    expect(data).toMatchObject({ number: c.number, holder: '李*龙', sourceKind: 'exam', title: '安全考试', authority: '翰林学院', status: 'valid' });
    expect(res.body).not.toContain(holder.username);
    expect(res.body).not.toContain('李小龙');

    expect((await call(t.app, null, '/api/certificate/verify', { number: 'HL-2000-999999' })).statusCode).toBe(404);
    expect((await call(t.app, null, '/api/certificate/verify', { number: "' or 1=1" })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'number' });

    expect((await call(t.app, admin, '/api/certificate/issued/revoke', { ids: [c.id] })).json().data).toEqual({ count: 1 });
    expect((await call(t.app, admin, '/api/certificate/issued/revoke', { ids: [c.id] })).json().msg).toBe('STATE_TRANSITION_INVALID');
    expect((await call(t.app, null, '/api/certificate/verify', { number: c.number })).json().data.status).toBe('revoked');
  });
});
