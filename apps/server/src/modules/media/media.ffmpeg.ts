import fs from 'node:fs';
import path from 'node:path';
import { findOnPath, runTracked } from './media.processes.js';

/** `Duration: 00:01:02.50` in ffmpeg's log → milliseconds. */
export function parseDurationMs(log: string): number | null {
  const m = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(log);
  if (!m) return null;
  return Math.round((Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])) * 1000);
}

/** What `ffmpeg -i` says of an input: its duration, how many streams, the largest video frame. */
export interface MediaProbe {
  durationMs: number | null;
  streams: number;
  videoStreams: number;
  width: number;
  height: number;
}

export function parseProbe(log: string): MediaProbe {
  const streams = log.match(/^\s*Stream #\d+:\d+/gm)?.length ?? 0;
  let width = 0;
  let height = 0;
  let videoStreams = 0;
  for (const line of log.split('\n')) {
    if (!/^\s*Stream #\d+:\d+.*: Video: /.test(line)) continue;
    videoStreams++;
    const m = /[ ,](\d{1,6})x(\d{1,6})[ ,[]/.exec(line.slice(line.indexOf(': Video: ')));
    if (m) {
      width = Math.max(width, Number(m[1]));
      height = Math.max(height, Number(m[2]));
    }
  }
  return { durationMs: parseDurationMs(log), streams, videoStreams, width, height };
}

/** What a video may be to be sliced: beyond these an input is refused before ffmpeg spends hours on it. */
export const VIDEO_LIMITS = {
  /** Either side of the frame (8K is 7680). */
  maxSide: 7680,
  /** 12 hours. */
  maxDurationMs: 12 * 3600_000,
  /** Video, audio, subtitle and data streams together. */
  maxStreams: 32,
};

/** Why a probed video is refused (`dimensions`, `duration`, `streams`), or null when it may be sliced. */
export function videoLimitExceeded(p: MediaProbe, limits = VIDEO_LIMITS): 'dimensions' | 'duration' | 'streams' | null {
  if (p.width > limits.maxSide || p.height > limits.maxSide) return 'dimensions';
  if ((p.durationMs ?? 0) > limits.maxDurationMs) return 'duration';
  if (p.streams > limits.maxStreams) return 'streams';
  return null;
}

/**
 * How long slicing a video may run: 10 minutes plus four times its length (a 2-core machine slices
 * to 720p faster than real time), or the `TRANSCODE_TIME_LIMIT` setting when it is given.
 */
export function transcodeTimeLimitMs(durationMs: number | null, settingSeconds?: number): number {
  if (settingSeconds) return settingSeconds * 1000;
  return 10 * 60_000 + 4 * (durationMs ?? 0);
}

/** Describes a media file (ffmpeg prints the input's description, then fails for want of an output). */
export async function probeMedia(ffmpeg: string, input: string, dir: string, signal?: AbortSignal): Promise<MediaProbe> {
  const { stderr } = await runTracked(ffmpeg, ['-hide_banner', '-i', input], { dir, signal, timeoutMs: 60_000 });
  return parseProbe(stderr);
}

/** Slicing ran past its time limit and was killed. */
export class TranscodeTimeout extends Error {}

/**
 * Slices a video into HLS (H.264 up to 720p + AAC, 6-second segments) in `outDir`: index.m3u8 and
 * seg_NNNN.ts. Reports progress 0–100 from ffmpeg's `-progress` output. Throws when ffmpeg fails.
 */
export async function transcodeToHls(
  ffmpeg: string,
  input: string,
  outDir: string,
  opts: { dir: string; durationMs: number | null; timeoutMs: number; signal?: AbortSignal; onProgress?: (p: number) => void },
) {
  fs.mkdirSync(outDir, { recursive: true });
  const args = [
    '-hide_banner',
    '-nostats',
    '-y',
    '-i',
    input,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-vf',
    "scale=w=-2:h='trunc(min(720,ih)/2)*2'",
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    // Two cores shared with the web server.
    '-threads',
    '2',
    '-f',
    'hls',
    '-hls_time',
    '6',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(outDir, 'seg_%04d.ts'),
    '-progress',
    'pipe:1',
    path.join(outDir, 'index.m3u8'),
  ];
  const { code, stderr, timedOut } = await runTracked(ffmpeg, args, {
    dir: opts.dir,
    signal: opts.signal,
    timeoutMs: opts.timeoutMs,
    onStdout: (line) => {
      const m = /^out_time_(?:us|ms)=(\d+)/.exec(line);
      if (m && opts.durationMs) opts.onProgress?.(Math.min(99, (Number(m[1]) / 1000 / opts.durationMs) * 100));
    },
  });
  if (timedOut) throw new TranscodeTimeout(`ffmpeg ran longer than ${Math.round(opts.timeoutMs / 1000)} s and was stopped`);
  if (code !== 0 || !fs.existsSync(path.join(outDir, 'index.m3u8'))) throw new Error(`ffmpeg exited with ${code}: ${stderr.trim().split('\n').slice(-2).join(' ')}`);
}

/** The LibreOffice binary on PATH (`libreoffice` or `soffice`), or null: Office files then stay downloads. */
export const findLibreOffice = (env: NodeJS.ProcessEnv = process.env): string | null => findOnPath(['libreoffice', 'soffice'], env);

/** `libreoffice --headless --convert-to pdf`; the PDF path, or throws. */
export async function convertToPdf(bin: string, input: string, outDir: string, signal?: AbortSignal): Promise<string> {
  // A private profile: two conversions at once with the shared profile block each other.
  const profile = `file://${path.join(outDir, 'profile')}`;
  const { code, stderr } = await runTracked(bin, [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', outDir, input], {
    dir: outDir,
    signal,
    timeoutMs: 5 * 60_000,
  });
  const pdf = path.join(outDir, `${path.basename(input, path.extname(input))}.pdf`);
  if (code !== 0 || !fs.existsSync(pdf)) throw new Error(`libreoffice exited with ${code}: ${stderr.trim().slice(-300)}`);
  return pdf;
}
