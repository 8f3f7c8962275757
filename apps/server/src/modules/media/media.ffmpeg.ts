import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The ffmpeg binary shipped inside the npm package @ffmpeg-installer/ffmpeg (no system install needed). */
export function ffmpegPath(): string {
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** `Duration: 00:01:02.50` in ffmpeg's log → milliseconds. */
export function parseDurationMs(log: string): number | null {
  const m = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(log);
  if (!m) return null;
  return Math.round((Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])) * 1000);
}

interface RunResult {
  code: number | null;
  stderr: string;
}

function run(bin: string, args: string[], opts: { signal?: AbortSignal; onStdout?: (line: string) => void; timeoutMs?: number } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let rest = '';
    const kill = () => child.kill('SIGKILL');
    opts.signal?.addEventListener('abort', kill, { once: true });
    const timer = opts.timeoutMs ? setTimeout(kill, opts.timeoutMs) : undefined;
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      const lines = (rest + d).split('\n');
      rest = lines.pop()!;
      for (const l of lines) opts.onStdout?.(l);
    });
    // Only the tail matters (the error is at the end); the head holds the duration.
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr = stderr.length > 64_000 ? stderr.slice(0, 8_000) + stderr.slice(-32_000) + d : stderr + d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', kill);
      resolve({ code, stderr });
    });
  });
}

/** Duration of a media file in ms, or null when ffmpeg cannot read it as media. */
export async function probeDurationMs(input: string, signal?: AbortSignal): Promise<number | null> {
  // Without an output ffmpeg exits with an error after printing the input's description.
  const { stderr } = await run(ffmpegPath(), ['-hide_banner', '-i', input], { signal, timeoutMs: 60_000 });
  return parseDurationMs(stderr);
}

/**
 * Slices a video into HLS (H.264 up to 720p + AAC, 6-second segments) in `outDir`: index.m3u8 and
 * seg_NNNN.ts. Reports progress 0–100 from ffmpeg's `-progress` output. Throws when ffmpeg fails.
 */
export async function transcodeToHls(input: string, outDir: string, opts: { durationMs: number | null; signal?: AbortSignal; onProgress?: (p: number) => void }) {
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
  const { code, stderr } = await run(ffmpegPath(), args, {
    signal: opts.signal,
    onStdout: (line) => {
      const m = /^out_time_(?:us|ms)=(\d+)/.exec(line);
      if (m && opts.durationMs) opts.onProgress?.(Math.min(99, (Number(m[1]) / 1000 / opts.durationMs) * 100));
    },
  });
  if (code !== 0 || !fs.existsSync(path.join(outDir, 'index.m3u8'))) throw new Error(`ffmpeg exited with ${code}: ${stderr.trim().split('\n').slice(-2).join(' ')}`);
}

/** The LibreOffice binary on PATH (`libreoffice` or `soffice`), or null: Office files then stay downloads. */
export function findLibreOffice(env: NodeJS.ProcessEnv = process.env): string | null {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    for (const name of ['libreoffice', 'soffice']) {
      const file = path.join(dir, name);
      try {
        fs.accessSync(file, fs.constants.X_OK);
        return file;
      } catch {
        /* not here */
      }
    }
  }
  return null;
}

/** `libreoffice --headless --convert-to pdf`; the PDF path, or throws. */
export async function convertToPdf(bin: string, input: string, outDir: string, signal?: AbortSignal): Promise<string> {
  // A private profile: two conversions at once with the shared profile block each other.
  const profile = `file://${path.join(outDir, 'profile')}`;
  const { code, stderr } = await run(bin, [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', outDir, input], {
    signal,
    timeoutMs: 5 * 60_000,
  });
  const pdf = path.join(outDir, `${path.basename(input, path.extname(input))}.pdf`);
  if (code !== 0 || !fs.existsSync(pdf)) throw new Error(`libreoffice exited with ${code}: ${stderr.trim().slice(-300)}`);
  return pdf;
}
