import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { uploadFile } from '../../test/excel.js';
import { useTestApp, login, call, dataOf, newUserSession, type Session } from '../../test/harness.js';
import { buildUser, rootOrg } from '../../test/factories.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});
const PNG = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(100)]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const upload = (s: Session | null, file: { filename: string; data: Buffer }, query = '') => uploadFile(t.app, s, `/api/upload/file${query}`, file.filename, file.data);
const uploaded = async (s: Session, file: { filename: string; data: Buffer }, query: string) =>
  dataOf<{ id: string; url: string; publicUrl?: string }>(await upload(s, file, query));
const download = (s: Session | null, url: string) => t.app.inject({ method: 'GET', url, headers: s ? s.headers() : {} });
/** Refused without saying whether the file exists. */
function expectRefused(res: Awaited<ReturnType<typeof download>>) {
  expect([403, 404], res.body).toContain(res.statusCode);
  expect(['NO_DATA_PERMISSION_ERROR', 'NOT_FOUND_ERROR']).toContain(res.json().msg);
}
const student = () => newUserSession(t, { permissions: ['kc-pc'] });
/** A notice draft with `cover`, inserted by `s`: the raw answer. */
const insertNotice = (s: Session, cover: string, extra: Record<string, unknown> = {}) =>
  call(t.app, s, '/api/notice/insert', {
    title: `Cover ${crypto.randomBytes(3).toString('hex')}`,
    type: 'announcement',
    content: '<p>x</p>',
    displayTime: new Date(Date.now() + 60_000).toISOString(),
    cover,
    ...extra,
  });

describe('who may read an uploaded file', () => {
  it('addresses files by an unguessable id, never by the serial number', async () => {
    const a = await student();
    const f = await uploaded(a, { filename: 'cv.pdf', data: Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(500)]) }, '?purpose=feedback');
    expect(f.id).toMatch(UUID);
    expect(f.url).toBe(`/api/upload/file/${f.id}`);
    const { rows } = await t.db.execute<{ id: number }>(sql`select id from files where public_id = ${f.id}`);
    const serial = rows[0]!.id;
    // The owner reads it by its public id, not by the internal serial.
    expect((await download(a, f.url)).statusCode).toBe(200);
    const bySerial = await download(a, `/api/upload/file/${serial}`);
    expect(bySerial.statusCode).toBe(404);
    expect(bySerial.json().msg).toBe('NOT_FOUND_ERROR');
  });

  it('keeps a student’s feedback attachment from other students, not from feedback managers', async () => {
    const a = await student();
    const b = await student();
    const data = Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(2000)]);
    const f = await uploaded(a, { filename: 'private.pdf', data }, '?purpose=feedback');
    const mine = await download(a, f.url);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(data)).toBe(true);
    expectRefused(await download(b, f.url));
    // Holders of the feedback-management code read it.
    const mgr = await buildUser(t.db, { permissions: ['yjfk'] });
    expect((await download(await login(t.app, mgr.username, mgr.password), f.url)).statusCode).toBe(200);
    expect((await download(null, f.url)).statusCode).toBe(401);
  });

  it('lets every signed-in user read avatars', async () => {
    const a = await student();
    const b = await student();
    const png = PNG();
    const f = await uploaded(a, { filename: 'me.png', data: png }, '?purpose=avatar');
    const got = await download(b, f.url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(png)).toBe(true);
    expect(f.publicUrl).toMatch(new RegExp(`^/api/upload/public/${f.id}\\?exp=\\d+&sig=[0-9a-f]{64}$`));
    expect((await download(null, f.publicUrl!)).statusCode).toBe(200);
    expect((await download(null, f.url)).statusCode).toBe(401);
  });

  it('lets readers of a notice read its cover, nobody else', async () => {
    const s = await student();
    // Readers: the notice's audience (here the whole company, the student's organization included).
    const audience = [{ type: 'org', id: (await rootOrg(t.db)).id }];
    const png = PNG();
    const f = await uploaded(admin, { filename: 'cover.png', data: png }, '?purpose=notice');
    // Not yet linked to a notice: only its owner.
    expectRefused(await download(s, f.url));
    const { id } = dataOf<{ id: number }>(await insertNotice(admin, f.url, { audience }));
    // A draft is read by its managers only.
    expectRefused(await download(s, f.url));
    expect((await download(await newUserSession(t, { permissions: ['gggl'] }), f.url)).statusCode).toBe(200);
    await t.db.execute(sql`update notices set status = 'released', display_time = now() - interval '1 minute' where id = ${id}`);
    const got = await download(s, f.url);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.rawPayload.equals(png)).toBe(true);
  });

  it('links only the caller’s own files of the right purpose', async () => {
    const a = await student();
    const b = await student();
    const av = await uploaded(a, { filename: 'a.png', data: PNG() }, '?purpose=avatar');
    // Another user cannot take a's file as their avatar.
    const stolen = await call(t.app, b, '/api/user/avatar', { avatar: av.url });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().msg).toBe('NO_DATA_PERMISSION_ERROR');
    expect((await call(t.app, a, '/api/user/avatar', { avatar: av.url })).statusCode).toBe(200);
    // A feedback file is not an avatar.
    const fb = await uploaded(a, { filename: 'f.png', data: PNG() }, '?purpose=feedback');
    expect((await call(t.app, a, '/api/user/avatar', { avatar: fb.url })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'avatar' });

    // A notice manager cannot publish someone else's file as a cover (that would open it to every reader).
    const os = await newUserSession(t, { permissions: ['gggl', 'gggl:add'] });
    const adminsFile = await uploaded(admin, { filename: 'c.png', data: PNG() }, '?purpose=notice');
    const res = await insertNotice(os, adminsFile.url);
    expect(res.json().msg).toBe('NO_DATA_PERMISSION_ERROR');

    // Editing a notice keeps its cover without claiming it again; a new cover must be the editor's own.
    const own = await uploaded(admin, { filename: 'd.png', data: PNG() }, '?purpose=notice');
    const notice = (
      await call(t.app, admin, '/api/notice/insert', {
        title: `Kept ${crypto.randomBytes(3).toString('hex')}`,
        type: 'announcement',
        content: '<p>x</p>',
        displayTime: new Date(Date.now() + 60_000).toISOString(),
        cover: own.url,
      })
    ).json().data;
    const editor = await buildUser(t.db, { permissions: ['gggl', 'gggl:modify'] });
    const es = await login(t.app, editor.username, editor.password);
    const kept = await call(t.app, es, '/api/notice/update', { id: notice.id, title: `${notice.title}!`, cover: own.url });
    expect(kept.statusCode, kept.body).toBe(200);
    const swapped = await call(t.app, es, '/api/notice/update', { id: notice.id, cover: adminsFile.url });
    expect(swapped.json().msg).toBe('NO_DATA_PERMISSION_ERROR');
  });

  it('asks for a purpose from the shared list', async () => {
    const a = await student();
    expect((await upload(a, { filename: 'x.pdf', data: Buffer.from('x') })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'purpose' });
    expect((await upload(a, { filename: 'x.pdf', data: Buffer.from('x') }, '?purpose=secret')).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'purpose' });
    const b64 = await call(t.app, a, '/api/upload/base64', { name: 'a.png', data: PNG().toString('base64') });
    expect(b64.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'purpose' });
    const ok = await call(t.app, a, '/api/upload/base64', { name: 'a.png', data: PNG().toString('base64'), purpose: 'avatar' });
    expect(ok.statusCode, ok.body).toBe(200);
    const { rows } = await t.db.execute<{ purpose: string; uploaded_by: number }>(sql`select purpose, uploaded_by from files where public_id = ${ok.json().data.id}`);
    expect(rows[0]).toEqual({ purpose: 'avatar', uploaded_by: a.user.id });
  });
});
