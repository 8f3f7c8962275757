import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { UPLOAD_CHUNK_BYTES } from '@hanlin/shared';
import { useTestApp, login, call, type Session } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { makeJobsDue, queuedJobs } from '../../test/jobs.js';

const t = useTestApp();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});

const MP4_HEAD = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0]);
const fakeVideo = (size: number) => Buffer.concat([MP4_HEAD, crypto.randomBytes(size - MP4_HEAD.length)]);
const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const fileCount = async () => (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from files`)).rows[0]!.n;
const chunkObjects = () => {
  const root = path.join(t.config.dataDir, 'files', 'chunks');
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length : 0;
};

function init(s: Session, body: { name: string; size: number; sha256: string; kind?: string; purpose?: string }) {
  return call(t.app, s, '/api/upload/chunked', { kind: 'video', purpose: 'courseware', ...body });
}
function sendChunk(s: Session, id: string, index: number, data: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: `/api/upload/chunked/${id}/chunks/${index}`,
    payload: data,
    headers: { ...s.headers(), 'content-type': 'application/octet-stream' },
  });
}
const chunkOf = (data: Buffer, i: number) => data.subarray(i * UPLOAD_CHUNK_BYTES, (i + 1) * UPLOAD_CHUNK_BYTES);
const check = (s: Session, id: string) => t.app.inject({ method: 'GET', url: `/api/upload/chunked/${id}`, headers: s.headers() });
const complete = (s: Session, id: string) => call(t.app, s, `/api/upload/chunked/${id}/complete`);

describe('chunked resumable upload', () => {
  it('resumes an interrupted upload: the server says which chunks it has, the rest is sent, merged and verified', async () => {
    const data = fakeVideo(2 * UPLOAD_CHUNK_BYTES + 12345);
    const body = { name: '安全培训 第1课.mp4', size: data.length, sha256: sha256(data) };
    const started = await init(admin, body);
    expect(started.statusCode, started.body).toBe(200);
    const s = started.json().data;
    expect(s).toMatchObject({ chunkSize: UPLOAD_CHUNK_BYTES, totalChunks: 3, received: [] });
    expect((await sendChunk(admin, s.uploadId, 0, chunkOf(data, 0))).statusCode).toBe(200);
    expect((await sendChunk(admin, s.uploadId, 2, chunkOf(data, 2))).statusCode).toBe(200);

    // The browser was closed; the same file started again resumes the same upload.
    const resumed = (await init(admin, body)).json().data;
    expect(resumed).toMatchObject({ uploadId: s.uploadId, received: [0, 2] });
    expect((await check(admin, s.uploadId)).json().data.received).toEqual([0, 2]);
    expect((await complete(admin, s.uploadId)).json().msg).toBe('UPLOAD_INCOMPLETE');

    // A chunk sent twice is harmless.
    await sendChunk(admin, s.uploadId, 1, chunkOf(data, 1));
    expect((await sendChunk(admin, s.uploadId, 1, chunkOf(data, 1))).json().data.received).toEqual([0, 1, 2]);
    const done = await complete(admin, s.uploadId);
    expect(done.statusCode, done.body).toBe(200);
    const f = done.json().data;
    expect(f).toMatchObject({ name: body.name, size: data.length, mime: 'video/mp4' });

    const got = await t.app.inject({ method: 'GET', url: f.url, headers: admin.headers() });
    expect(got.rawPayload.equals(data)).toBe(true);
    expect(got.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(body.name)}`);
    // Chunks and session are gone once merged.
    expect(chunkObjects()).toBe(0);
    expect((await check(admin, s.uploadId)).json().msg).toBe('NOT_FOUND_ERROR');
  });

  it('refuses a merge whose checksum does not match, keeping nothing', async () => {
    const data = fakeVideo(UPLOAD_CHUNK_BYTES + 10);
    const before = await fileCount();
    const s = (await init(admin, { name: 'v.mp4', size: data.length, sha256: sha256(Buffer.from('something else')) })).json().data;
    await sendChunk(admin, s.uploadId, 0, chunkOf(data, 0));
    await sendChunk(admin, s.uploadId, 1, chunkOf(data, 1));
    const res = await complete(admin, s.uploadId);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('UPLOAD_CHECKSUM_MISMATCH');
    expect(await fileCount()).toBe(before);
    expect(chunkObjects()).toBe(0);
  });

  it('checks the type by content on the first chunk, the suffix and the size at init', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(1000)]);
    const s = (await init(admin, { name: 'renamed.mp4', size: png.length, sha256: sha256(png) })).json().data;
    const res = await sendChunk(admin, s.uploadId, 0, png);
    expect(res.json().msg).toBe('FILE_TYPE_ERROR');
    expect((await check(admin, s.uploadId)).json().msg).toBe('NOT_FOUND_ERROR');
    expect(chunkObjects()).toBe(0);

    expect((await init(admin, { name: 'setup.exe', size: 100, sha256: sha256(png) })).json().msg).toBe('FILE_TYPE_ERROR');
    expect((await init(admin, { name: 'big.mp4', size: 500 * 1024 * 1024 + 1, sha256: sha256(png) })).json().msg).toBe('FILE_TOO_LARGE');
    expect((await init(admin, { name: 'ok.mp4', size: 500 * 1024 * 1024, sha256: sha256(png) })).statusCode).toBe(200);
    expect((await init(admin, { name: 'a.png', size: 5 * 1024 * 1024 + 1, sha256: sha256(png), kind: 'cover' })).json().msg).toBe('FILE_TOO_LARGE');
    expect((await init(admin, { name: 'a.mp4', size: 10, sha256: 'xyz' })).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'sha256' });

    // A chunk of the wrong length is refused.
    const data = fakeVideo(UPLOAD_CHUNK_BYTES + 10);
    const v = (await init(admin, { name: 'w.mp4', size: data.length, sha256: sha256(data) })).json().data;
    expect((await sendChunk(admin, v.uploadId, 1, Buffer.alloc(11))).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'chunk' });
    expect((await sendChunk(admin, v.uploadId, 2, Buffer.alloc(10))).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'index' });
    // Above the chunk size the body is refused before it is read whole; a chunk sent as JSON is no chunk.
    const tooBig = await sendChunk(admin, v.uploadId, 0, Buffer.alloc(UPLOAD_CHUNK_BYTES + 1));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().msg).toBe('REQUEST_TOO_LARGE');
    const asJson = await t.app.inject({ method: 'POST', url: `/api/upload/chunked/${v.uploadId}/chunks/0`, payload: { data: 'AAAA' }, headers: admin.headers() });
    expect(asJson.json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'chunk' });
    expect((await check(admin, v.uploadId)).json().data.received).toEqual([]);
  });

  it('keeps one person’s upload session from everyone else', async () => {
    const u = await buildUser(t.db, { permissions: ['kc-pc'] });
    const other = await login(t.app, u.username, u.password);
    const data = fakeVideo(1000);
    const s = (await init(admin, { name: 'mine.mp4', size: data.length, sha256: sha256(data) })).json().data;
    expect((await check(other, s.uploadId)).json().msg).toBe('NOT_FOUND_ERROR');
    expect((await sendChunk(other, s.uploadId, 0, data)).json().msg).toBe('NOT_FOUND_ERROR');
    expect((await complete(other, s.uploadId)).json().msg).toBe('NOT_FOUND_ERROR');
    expect((await t.app.inject({ method: 'GET', url: `/api/upload/chunked/${s.uploadId}` })).statusCode).toBe(401);
    // The same file by another person is another session.
    const theirs = (await init(other, { name: 'mine.mp4', size: data.length, sha256: sha256(data) })).json().data;
    expect(theirs.uploadId).not.toBe(s.uploadId);
  });

  it('removes abandoned sessions and their chunks in a background job', async () => {
    const data = fakeVideo(UPLOAD_CHUNK_BYTES + 10);
    const s = (await init(admin, { name: 'left.mp4', size: data.length, sha256: sha256(data) })).json().data;
    await sendChunk(admin, s.uploadId, 0, chunkOf(data, 0));
    const fresh = (await init(admin, { name: 'fresh.mp4', size: 1000, sha256: sha256(Buffer.from('fresh')) })).json().data;
    expect(chunkObjects()).toBe(1);
    await t.db.execute(sql`update upload_sessions set updated_at = now() - interval '25 hours' where id = ${s.uploadId}`);
    // Due now instead of at the next full hour.
    await makeJobsDue(t.db, 'uploads.cleanup-chunks');
    const nextScheduled = async () => (await queuedJobs(t.db, 'uploads.cleanup-chunks')).filter((j) => j.runAfter.getTime() > Date.now()).length;
    // Done when the session is gone and the next cleanup is scheduled.
    for (;;) {
      const ran = t.app.jobs.ran('uploads.cleanup-chunks'); // listen first, then look
      if ((await check(admin, s.uploadId)).json().msg === 'NOT_FOUND_ERROR' && (await nextScheduled()) > 0) break;
      await ran;
    }
    expect(chunkObjects()).toBe(0);
    expect((await check(admin, fresh.uploadId)).statusCode).toBe(200);
  });
});

function multipart(files: { filename: string; data: Buffer }[]) {
  const boundary = `----hanlin${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
const batch = (files: { filename: string; data: Buffer }[], query = '?purpose=attachment') => {
  const m = multipart(files);
  return t.app.inject({ method: 'POST', url: `/api/upload/files${query}`, payload: m.payload, headers: { ...admin.headers(), 'content-type': m.contentType } });
};
const pdf = () => Buffer.concat([Buffer.from('%PDF-1.4\n'), crypto.randomBytes(300)]);

describe('batch upload', () => {
  it('stores up to 10 files at once and refuses an 11th or a bad one, storing none', async () => {
    const before = await fileCount();
    const ten = Array.from({ length: 10 }, (_, i) => ({ filename: `资料${i}.pdf`, data: pdf() }));
    const ok = await batch(ten);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.map((f: { name: string }) => f.name)).toEqual(ten.map((f) => f.filename));
    expect(await fileCount()).toBe(before + 10);

    const eleven = await batch([...ten, { filename: 'x.pdf', data: pdf() }]);
    expect(eleven.json().msg).toBe('UPLOAD_TOO_MANY_FILES');
    const oneBad = await batch([
      { filename: 'a.pdf', data: pdf() },
      { filename: 'b.pdf', data: Buffer.from('MZ not a pdf') },
    ]);
    expect(oneBad.json().msg).toBe('FILE_TYPE_ERROR');
    expect(await fileCount()).toBe(before + 10);
    expect((await batch([{ filename: 'a.pdf', data: pdf() }], '')).json()).toMatchObject({ msg: 'PARAMETER_INVALID', field: 'purpose' });
  });
});
