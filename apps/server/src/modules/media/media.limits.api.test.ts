import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MediaState } from '@hanlin/shared';
import { useTestApp, login, call, uploaded, type Session } from '../../test/harness.js';
import { makeTestMedia } from '../../test/media.js';
import { WORK_DIR_PREFIX } from './media.processes.js';
import { withSessionLockFor } from '../../platform/locks.js';
import { alive, until as poll } from '../../test/server-process.js';

// Left by a server killed with kill -9 before this one starts: its work folder and the ffmpeg still running in it.
const stale = fs.mkdtempSync(path.join(os.tmpdir(), WORK_DIR_PREFIX));
fs.writeFileSync(path.join(stale, 'owner'), String(spawnSync(process.execPath, ['-e', '0']).pid));
const orphan = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 300000)', path.join(stale, 'input.mp4')], { detached: true, stdio: 'ignore' });
orphan.unref();
fs.writeFileSync(path.join(stale, `child-${orphan.pid}.pid`), String(orphan.pid));

// 50 ms per slicing: no machine slices a 20-second video that fast (an idle 2-core one does it in under half a second).
const t = useTestApp({ TRANSCODE_TIME_LIMIT: '0.05' });
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app);
});

const stateOf = async (id: string): Promise<MediaState | undefined> =>
  (await t.app.inject({ method: 'GET', url: `/api/media/state?ids=${id}`, headers: admin.headers() })).json().data[0];
async function until(id: string, done: (m: MediaState) => boolean): Promise<MediaState> {
  for (;;) {
    const ran = t.app.jobs.ran();
    const m = await stateOf(id);
    if (m && done(m)) return m;
    await ran;
  }
}
const jobOf = async (id: string) =>
  (
    await t.db.execute<{ state: string; attempts: number; error: string }>(
      sql`select state, attempts, error from jobs where kind = 'media.transcode' and payload->>'fileId' = (select id::text from files where public_id = ${id})`,
    )
  ).rows;
const process_ = async (name: string, data: Buffer) => {
  const id = (await uploaded(t.app, admin, { filename: name, data, kind: 'video', purpose: 'courseware' })).id;
  expect((await call(t.app, admin, `/api/media/${id}/process`)).statusCode).toBe(200);
  return id;
};

describe('media work within limits', { timeout: 120_000 }, () => {
  it('sweeps at start the work folder a killed server left, ending the ffmpeg still running in it', async () => {
    await poll('the orphaned ffmpeg to end', async () => (alive(orphan.pid!) ? undefined : true), 5000, 50).catch(() => undefined);
    expect(alive(orphan.pid!)).toBe(false);
    expect(fs.existsSync(stale)).toBe(false);
  });

  it('refuses a video beyond the limits after probing it, with the reason on its media record and no retry', async () => {
    const id = await process_('wide.mp4', makeTestMedia({ kind: 'mp4', seconds: 1, size: '7700x16' }));
    const m = await until(id, (x) => x.state === 'failed');
    expect(m).toMatchObject({ error: 'VIDEO_LIMITS_EXCEEDED', playUrl: null });
    expect(await jobOf(id)).toEqual([{ state: 'failed', attempts: 1, error: expect.stringContaining('dimensions') }]);
  });

  it('stops a slicing that runs past its time limit: the record says so, and no ffmpeg or work folder is left', async () => {
    const before = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(WORK_DIR_PREFIX));
    const id = await process_('long.mp4', makeTestMedia({ kind: 'mp4', seconds: 20, size: '640x360' }));
    // Ready would mean the limit let it through: the test says so instead of waiting forever.
    const m = await until(id, (x) => x.state === 'failed' || x.state === 'ready');
    expect(m).toMatchObject({ state: 'failed', error: 'VIDEO_SLICE_TIMEOUT', playUrl: null });
    expect(await jobOf(id)).toEqual([{ state: 'failed', attempts: 1, error: expect.stringContaining('longer than') }]);
    const ours = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(WORK_DIR_PREFIX) && !before.includes(n));
    const owned = ours.filter((n) => fs.existsSync(path.join(os.tmpdir(), n, 'owner')) && fs.readFileSync(path.join(os.tmpdir(), n, 'owner'), 'utf8') === String(process.pid));
    expect(owned).toEqual([]);
  });

  it('never runs two jobs of one file at once: one finding the file’s lock held waits its turn', async () => {
    const data = makeTestMedia({ kind: 'mp4', seconds: 1, size: '7700x16' });
    const id = (await uploaded(t.app, admin, { filename: 'held.mp4', data, kind: 'video', purpose: 'courseware' })).id;
    const { rows } = await t.db.execute<{ id: number }>(sql`select id from files where public_id = ${id}`);
    // Another node is working on this file.
    await withSessionLockFor(t.db, 'mediaJob', [rows[0]!.id], async () => {
      const ran = t.app.jobs.ran();
      await call(t.app, admin, `/api/media/${id}/process`);
      await ran;
      expect(await jobOf(id)).toEqual([{ state: 'queued', attempts: 1, error: expect.stringContaining('another job') }]);
      expect((await stateOf(id))?.state).toBe('pending');
    });
  });
});
