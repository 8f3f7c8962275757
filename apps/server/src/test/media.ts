import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const ffmpegPath = () => (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/**
 * Real tiny media made by the ffmpeg the app uses: an H.264 test-pattern video of `seconds`
 * (with a 440 Hz AAC track when `audio`), or an MP3 tone (`kind: 'mp3'`).
 */
export function makeTestMedia(opts: { kind: 'mp4'; seconds: number; size: string; audio?: boolean } | { kind: 'mp3'; seconds: number }): Buffer {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-media-')), `m.${opts.kind}`);
  const tone = ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${opts.seconds}`];
  const args =
    opts.kind === 'mp3'
      ? [...tone, '-c:a', 'libmp3lame']
      : [
          ...['-f', 'lavfi', '-i', `testsrc=duration=${opts.seconds}:size=${opts.size}:rate=25`],
          ...(opts.audio ? tone : []),
          ...['-c:v', 'libx264', '-preset', 'ultrafast'],
          ...(opts.audio ? ['-c:a', 'aac', '-shortest'] : []),
        ];
  execFileSync(ffmpegPath(), ['-v', 'error', '-y', ...args, file]);
  return fs.readFileSync(file);
}
