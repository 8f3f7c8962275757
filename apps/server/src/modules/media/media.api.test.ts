import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MediaState } from '@hanlin/shared';
import { useTestApp, login, call, uploaded, MINIMAL_PDF, type Session } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { makeTestMedia } from '../../test/media.js';

const t = useTestApp();
let admin: Session;
let video: Buffer;
let audio: Buffer;

beforeAll(() => {
  // Real tiny media: a 2-second video with sound, a 1-second MP3.
  video = makeTestMedia({ kind: 'mp4', seconds: 2, size: '320x240', audio: true });
  audio = makeTestMedia({ kind: 'mp3', seconds: 1 });
});
beforeAll(async () => {
  admin = await login(t.app);
});

const uploadedId = async (s: Session, filename: string, data: Buffer, kind: string) => (await uploaded(t.app, s, { filename, data, kind, purpose: 'courseware' })).id;
const stateOf = async (s: Session, id: string): Promise<MediaState | undefined> =>
  (await t.app.inject({ method: 'GET', url: `/api/media/state?ids=${id}`, headers: s.headers() })).json().data[0];
/** The state the courseware list would show, read again each time a background job ends, until `done` holds. */
async function until(s: Session, id: string, done: (m: MediaState) => boolean): Promise<MediaState> {
  for (;;) {
    const ran = t.app.jobs.ran(); // listen first: a job that ends while we read is not missed
    const m = await stateOf(s, id);
    if (m && done(m)) return m;
    await ran;
  }
}
const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('media processing', () => {
  it('slices a video into HLS in a background job, with duration, served by a signed folder link', async () => {
    const id = await uploadedId(admin, '第一课.mp4', video, 'video');
    expect(await stateOf(admin, id)).toMatchObject({ state: 'none', kind: 'video', playUrl: null });
    const asked = await call(t.app, admin, `/api/media/${id}/process`);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(['pending', 'processing', 'ready']).toContain(asked.json().data.state);

    const m = await until(admin, id, (x) => x.state === 'ready');
    expect(m.progress).toBe(100);
    expect(m.durationMs).toBeGreaterThan(1800);
    expect(m.durationMs).toBeLessThan(2300);
    expect(m.playUrl).toMatch(new RegExp(`^/api/media/play/${id}/\\d+\\.[0-9a-f]{64}/index\\.m3u8$`));

    // hls.js loads the playlist and its segments by relative URL, without session headers.
    const playlist = await get(m.playUrl!);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(playlist.body).toContain('#EXT-X-ENDLIST');
    const segment = playlist.body.split('\n').find((l) => l.endsWith('.ts'))!;
    const seg = await get(m.playUrl!.replace('index.m3u8', segment));
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    expect(seg.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte

    // Another file's folder, a forged token or a path outside the folder are refused.
    const token = m.playUrl!.split('/')[5]!;
    const forged = token.replace(/\.(.)/, (_, c: string) => `.${c === 'a' ? 'b' : 'a'}`);
    expect((await get(m.playUrl!.replace(token, forged))).statusCode).toBe(403);
    const other = await uploadedId(admin, 'b.mp4', video, 'video');
    expect((await get(m.playUrl!.replace(id, other))).statusCode).toBe(403);
    expect((await get(m.playUrl!.replace('index.m3u8', '..%2F..%2Fsecret'))).statusCode).toBe(404);

    // Asking again changes nothing; the job row says done.
    expect((await call(t.app, admin, `/api/media/${id}/process`)).json().data.state).toBe('ready');
    const { rows } = await t.db.execute<{ state: string; progress: number }>(
      sql`select state, progress from jobs where kind = 'media.transcode' and payload->>'fileId' = (select id::text from files where public_id = ${id})`,
    );
    expect(rows).toEqual([{ state: 'done', progress: 100 }]);
  });

  it('marks a broken video "video slicing failure" without retrying it', async () => {
    // Passes the type check (an MP4 header) but holds no playable stream.
    const broken = Buffer.concat([video.subarray(0, 32), crypto.randomBytes(20_000)]);
    const id = await uploadedId(admin, 'broken.mp4', broken, 'video');
    await call(t.app, admin, `/api/media/${id}/process`);
    const m = await until(admin, id, (x) => x.state === 'failed');
    expect(m).toMatchObject({ error: 'VIDEO_SLICE_FAILED', playUrl: null });
    const { rows } = await t.db.execute<{ state: string; attempts: number }>(
      sql`select state, attempts from jobs where kind = 'media.transcode' and payload->>'fileId' = (select id::text from files where public_id = ${id})`,
    );
    expect(rows).toEqual([{ state: 'failed', attempts: 1 }]);
  });

  it('probes audio duration and plays the file itself; PDF is ready at once; Office without LibreOffice stays a download', async () => {
    const a = await uploadedId(admin, '音频.mp3', audio, 'audio');
    await call(t.app, admin, `/api/media/${a}/process`);
    const m = await until(admin, a, (x) => x.state === 'ready');
    expect(m.kind).toBe('audio');
    expect(m.durationMs).toBeGreaterThan(900);
    expect(m.durationMs).toBeLessThan(1300);
    const played = await get(m.playUrl!);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/mpeg');
    expect(played.rawPayload.equals(audio)).toBe(true);
    expect(played.headers['accept-ranges']).toBe('bytes');
    // A player seeking asks for byte ranges: the part asked for, 206, and where it lies.
    const part = await t.app.inject({ method: 'GET', url: m.playUrl!, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${audio.length}`);
    expect(part.rawPayload.equals(audio.subarray(100, 200))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: m.playUrl!, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(audio.subarray(audio.length - 10))).toBe(true);
    const open = await t.app.inject({ method: 'GET', url: m.playUrl!, headers: { range: `bytes=${audio.length - 5}-` } });
    expect(open.headers['content-length']).toBe('5');
    const beyond = await t.app.inject({ method: 'GET', url: m.playUrl!, headers: { range: `bytes=${audio.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${audio.length}`);

    const p = await uploadedId(admin, '手册.pdf', MINIMAL_PDF, 'document');
    const pm = (await call(t.app, admin, `/api/media/${p}/process`)).json().data as MediaState;
    expect(pm).toMatchObject({ kind: 'pdf', state: 'ready' });
    const pdf = await get(pm.playUrl!);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('手册.pdf')}`);

    const docx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), crypto.randomBytes(100)]);
    const d = await uploadedId(admin, 'slides.pptx', docx, 'courseware');
    const dm = (await call(t.app, admin, `/api/media/${d}/process`)).json().data as MediaState;
    if (!process.env.PATH?.split(':').some((p) => fs.existsSync(path.join(p, 'libreoffice')) || fs.existsSync(path.join(p, 'soffice')))) {
      expect(dm).toMatchObject({ kind: 'office', state: 'download', playUrl: null, downloadUrl: `/api/upload/file/${d}` });
    }
  });

  it('shows and processes only files the caller may read', async () => {
    const id = await uploadedId(admin, 'private.mp4', video, 'video');
    const u = await buildUser(t.db, { permissions: ['kc-pc'] });
    const other = await login(t.app, u.username, u.password);
    expect(await stateOf(other, id)).toBeUndefined();
    expect((await call(t.app, other, `/api/media/${id}/process`)).json().msg).toBe('NOT_FOUND_ERROR');
    expect((await t.app.inject({ method: 'GET', url: `/api/media/state?ids=${id}` })).statusCode).toBe(401);
    // A play link of a file not processed yet leads nowhere.
    expect((await get(`/api/media/play/${id}/1.${'0'.repeat(64)}/index.m3u8`)).statusCode).toBe(403);
  });
});
