import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findLibreOffice, parseDurationMs, parseProbe, TranscodeTimeout, transcodeTimeLimitMs, transcodeToHls, videoLimitExceeded } from './media.ffmpeg.js';
import { chooseFfmpeg, makeWorkDir, REAPER_SCRIPT, runningChildren, sweepWorkDirs, WORK_DIR_PREFIX } from './media.processes.js';
import { mediaKindOf } from './media.service.js';
import { makeTestMedia } from '../../test/media.js';
import { alive, until } from '../../test/server-process.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-ffmpeg-test-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Waits up to 5 s for the process to end. */
async function gone(pid: number) {
  await until(`process ${pid} to end`, async () => (alive(pid) ? undefined : true), 5000, 50).catch(() => undefined);
  return !alive(pid);
}
/** A process whose command line names `dir` (as ffmpeg's names its input), in its own group. */
function sleeperIn(dir: string) {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 300000)', dir], { detached: true, stdio: 'ignore' });
  child.unref();
  return child.pid!;
}
/** A pid no process holds now. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

const PROBED = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'input.mp4':
  Duration: 00:00:02.02, start: 0.000000, bitrate: 260 kb/s
  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(progressive), 320x240 [SAR 1:1 DAR 4:3], 99 kb/s, 25 fps, 25 tbr
  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 69 kb/s`;

describe('media helpers', () => {
  it('reads the duration from ffmpeg output', () => {
    expect(parseDurationMs('  Duration: 00:00:02.02, start: 0.000000, bitrate: 260 kb/s')).toBe(2020);
    expect(parseDurationMs('Duration: 01:02:03.5, start')).toBe(3723500);
    expect(parseDurationMs('input.mp4: Invalid data found when processing input')).toBeNull();
  });

  it('finds LibreOffice only on PATH', () => {
    expect(findLibreOffice({ PATH: '/nonexistent' })).toBeNull();
  });

  it('tells how a file is played', () => {
    expect(mediaKindOf({ mime: 'video/quicktime', originalName: 'a.mov' })).toBe('video');
    expect(mediaKindOf({ mime: 'audio/mpeg', originalName: 'a.mp3' })).toBe('audio');
    expect(mediaKindOf({ mime: 'application/pdf', originalName: 'a.pdf' })).toBe('pdf');
    expect(mediaKindOf({ mime: 'application/msword', originalName: '课件.DOC' })).toBe('office');
    expect(mediaKindOf({ mime: 'application/zip', originalName: 'a.zip' })).toBe('other');
  });
});

describe('refusing absurd inputs before slicing', () => {
  it('reads streams and frame size from the probe and refuses sides, lengths and stream counts beyond the limits', () => {
    const p = parseProbe(PROBED);
    expect(p).toEqual({ durationMs: 2020, streams: 2, videoStreams: 1, width: 320, height: 240 });
    expect(videoLimitExceeded(p)).toBeNull();
    expect(videoLimitExceeded(parseProbe(PROBED.replace('320x240', '16000x16')))).toBe('dimensions');
    expect(videoLimitExceeded(parseProbe(PROBED.replace('00:00:02.02', '30:00:00.00')))).toBe('duration');
    const many = `${PROBED}\n${Array.from({ length: 40 }, (_, i) => `  Stream #0:${i + 2}: Subtitle: mov_text`).join('\n')}`;
    expect(videoLimitExceeded(parseProbe(many))).toBe('streams');
    expect(parseProbe('input.mp4: Invalid data found when processing input')).toMatchObject({ durationMs: null, videoStreams: 0 });
  });

  it('gives a slicing 10 minutes plus four times the video’s length, or the setting', () => {
    expect(transcodeTimeLimitMs(60_000)).toBe(10 * 60_000 + 240_000);
    expect(transcodeTimeLimitMs(null)).toBe(10 * 60_000);
    expect(transcodeTimeLimitMs(60_000, 5)).toBe(5000);
  });
});

describe('which ffmpeg runs', () => {
  const fake = (name: string, script: string) => {
    const dir = fs.mkdtempSync(path.join(scratch, name));
    fs.writeFileSync(path.join(dir, 'ffmpeg'), `#!/bin/sh\n${script}\n`, { mode: 0o755 });
    return dir;
  };

  it('prefers the machine’s ffmpeg on PATH, else the bundled build; one that does not run is passed over', () => {
    const bundled = chooseFfmpeg({ PATH: '/nonexistent' });
    expect(bundled.source).toBe('bundled');
    expect(bundled.path).toContain('@ffmpeg-installer');
    expect(bundled.version).toMatch(/^ffmpeg version/);

    const debian = fake('debian-', 'echo "ffmpeg version 5.1.6-0+deb12u1 Copyright (c) 2000-2024 the FFmpeg developers"');
    expect(chooseFfmpeg({ PATH: `/nonexistent:${debian}` })).toEqual({ path: path.join(debian, 'ffmpeg'), source: 'PATH', version: expect.stringContaining('5.1.6') });

    const broken = fake('broken-', 'exit 1');
    expect(chooseFfmpeg({ PATH: broken }).source).toBe('bundled');
  });
});

describe('the processes of media work', { timeout: 120_000 }, () => {
  it('kills a slicing that runs past its time limit, leaving no process behind', async () => {
    const { dir, done } = await makeWorkDir(scratch);
    const input = path.join(dir, 'input.mp4');
    fs.writeFileSync(input, makeTestMedia({ kind: 'mp4', seconds: 20, size: '640x360' }));
    const bundled = chooseFfmpeg({ PATH: '' }).path;
    const started = Date.now();
    const sliced = transcodeToHls(bundled, input, path.join(dir, 'hls'), { dir, durationMs: 20_000, timeoutMs: 300 });
    await expect(sliced).rejects.toBeInstanceOf(TranscodeTimeout);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(runningChildren()).toEqual([]);
    // Its pid file went with it.
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.pid'))).toEqual([]);
    await done();
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('sweeps at start the work folders of servers that are gone, ending what still runs in them; others stay', async () => {
    const root = fs.mkdtempSync(path.join(scratch, 'sweep-'));
    const stale = path.join(root, `${WORK_DIR_PREFIX}stale`);
    fs.mkdirSync(stale);
    fs.writeFileSync(path.join(stale, 'owner'), String(deadPid()));
    const orphan = sleeperIn(stale);
    fs.writeFileSync(path.join(stale, `child-${orphan}.pid`), String(orphan));
    // A pid file naming a process that is not ours (another command line): left alone.
    const stranger = sleeperIn(scratch);
    fs.writeFileSync(path.join(stale, `child-${stranger}.pid`), String(stranger));
    // A running server's folder (its owner alive) and a fresh folder without an owner stay.
    const running = path.join(root, `${WORK_DIR_PREFIX}running`);
    fs.mkdirSync(running);
    fs.writeFileSync(path.join(running, 'owner'), String(process.ppid));
    const fresh = path.join(root, `${WORK_DIR_PREFIX}fresh`);
    fs.mkdirSync(fresh);

    expect(sweepWorkDirs(root)).toEqual({ folders: 1, processes: 1 });
    expect(fs.existsSync(stale)).toBe(false);
    expect(await gone(orphan)).toBe(true);
    expect(alive(stranger)).toBe(true);
    process.kill(stranger, 'SIGKILL');
    expect(fs.existsSync(running)).toBe(true);
    expect(fs.existsSync(fresh)).toBe(true);
    // A day later the ownerless folder is stale too.
    expect(sweepWorkDirs(root, Date.now() + 25 * 3600_000)).toEqual({ folders: 1, processes: 0 });
    expect(fs.existsSync(fresh)).toBe(false);
  });

  it('ends the children and removes the folders of a server killed without warning (its reaper sees the pipe close)', async () => {
    const dir = fs.mkdtempSync(path.join(scratch, WORK_DIR_PREFIX));
    const child = sleeperIn(dir);
    const reaper = spawn(process.execPath, ['-e', REAPER_SCRIPT], { stdio: ['pipe', 'ignore', 'ignore'] });
    // The server's end of the pipe closes as it would on kill -9: the lines written before it arrive first.
    reaper.stdin.end(`d+ ${dir}\np+ ${child}\n`);
    expect(await gone(child)).toBe(true);
    expect(await gone(reaper.pid!)).toBe(true);
    expect(fs.existsSync(dir)).toBe(false);
  });
});
