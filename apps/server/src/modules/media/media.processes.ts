import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { propOf } from '@hanlin/shared';
import { unrefStream } from '../../platform/streams.js';

/**
 * The processes media work starts (ffmpeg, LibreOffice) and their temporary folders, so none
 * outlives the server: each child runs in its own process group, killed when its job ends or
 * is aborted, when the server exits, and (after a kill -9 of the server) by a tiny reaper process
 * that notices the server's pipe closing. A folder records its owner (the server's pid) and the
 * pids of its children; the sweep at start removes folders whose owner is gone and kills any
 * child still running in them.
 */

/** Work folders live in the system's temporary folder under this prefix. */
export const WORK_DIR_PREFIX = 'hanlin-media-';
const OWNER_FILE = 'owner';
/** Folders without an owner file (made before owners were recorded) are removed after a day. */
const OWNERLESS_MAX_AGE_MS = 24 * 3600_000;

/** The first executable of these names on PATH, or null. */
export function findOnPath(names: readonly string[], env: NodeJS.ProcessEnv = process.env): string | null {
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of names) {
      const file = path.join(dir, name);
      try {
        fs.accessSync(file, fs.constants.X_OK);
        if (fs.statSync(file).isFile()) return file;
      } catch {
        /* not here */
      }
    }
  }
  return null;
}

export interface FfmpegChoice {
  path: string;
  /** `PATH`: the machine's own ffmpeg (maintained by its distribution); `bundled`: @ffmpeg-installer/ffmpeg's 2018 build. */
  source: 'PATH' | 'bundled';
  /** First line of `ffmpeg -version`, or null when it did not answer. */
  version: string | null;
}

function bundledFfmpeg(): string {
  const bin = propOf(createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg'), 'path');
  if (typeof bin !== 'string') throw new Error('@ffmpeg-installer/ffmpeg names no binary');
  return bin;
}

function versionOf(bin: string): string | null {
  try {
    return (
      execFileSync(bin, ['-hide_banner', '-version'], { timeout: 10_000, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
        .split('\n')[0]
        .trim() || null
    );
  } catch {
    return null;
  }
}

/** The ffmpeg on PATH when the machine has a working one, else the bundled build. */
export function chooseFfmpeg(env: NodeJS.ProcessEnv = process.env): FfmpegChoice {
  const onPath = findOnPath(['ffmpeg'], env);
  const version = onPath ? versionOf(onPath) : null;
  if (onPath && version) return { path: onPath, source: 'PATH', version };
  const bundled = bundledFfmpeg();
  return { path: bundled, source: 'bundled', version: versionOf(bundled) };
}

// ---------------------------------------------------------------- children and the reaper

const tracked = new Map<number, ChildProcess>();
const trackedDirs = new Set<string>();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return propOf(e, 'code') === 'EPERM';
  }
};

/** Kills a child's whole process group (it leads one: spawned detached), then the child itself. */
function killGroup(pid: number) {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

/**
 * Outlives a server killed without warning: it reads `p+ pid`, `p- pid`, `d+ dir`, `d- dir` lines on
 * its stdin and, when that pipe closes (the server is gone), kills the process groups and removes
 * the folders still listed. It ignores the signals a terminal or service manager sends the group.
 */
export const REAPER_SCRIPT = `
const fs = require('fs');
for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(s, () => {});
const pids = new Set(), dirs = new Set();
let buf = '';
process.stdin.on('data', (d) => {
  buf += d; const lines = buf.split('\\n'); buf = lines.pop();
  for (const l of lines) {
    const op = l.slice(0, 2), arg = l.slice(3);
    if (op === 'p+') pids.add(Number(arg)); else if (op === 'p-') pids.delete(Number(arg));
    else if (op === 'd+') dirs.add(arg); else if (op === 'd-') dirs.delete(arg);
  }
});
const reap = () => {
  for (const pid of pids) for (const t of [-pid, pid]) { try { process.kill(t, 'SIGKILL'); } catch {} }
  setTimeout(() => { for (const d of dirs) { try { fs.rmSync(d, { recursive: true, force: true }); } catch {} } process.exit(0); }, pids.size ? 300 : 0);
};
process.stdin.on('end', reap);
process.stdin.on('error', reap);
`;

let reaper: ChildProcess | null | undefined;
function tell(line: string) {
  if (reaper === undefined) {
    try {
      const child = spawn(process.execPath, ['-e', REAPER_SCRIPT, 'hanlin-media-reaper'], { stdio: ['pipe', 'ignore', 'ignore'], env: { PATH: process.env.PATH } });
      reaper = child;
      child.on('error', () => (reaper = null));
      child.stdin.on('error', () => {});
      child.unref();
      unrefStream(child.stdin);
    } catch {
      reaper = null;
    }
  }
  if (reaper?.stdin?.writable) reaper.stdin.write(`${line}\n`);
}

// A server ending normally (or by an uncaught error) takes its children with it.
process.on('exit', () => {
  for (const pid of tracked.keys()) killGroup(pid);
  for (const dir of trackedDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The children media work is running now (pids), for tests and diagnostics. */
export const runningChildren = () => [...tracked.keys()];

export interface RunOptions {
  /** The work folder the child belongs to: its pid is recorded there for the sweep. */
  dir: string;
  signal?: AbortSignal;
  /** Killed after this long; the result then says `timedOut`. */
  timeoutMs?: number;
  onStdout?: (line: string) => void;
}

export interface RunResult {
  code: number | null;
  stderr: string;
  timedOut: boolean;
}

/** Runs a child in its own process group, tracked until it ends (killed on abort, time limit, exit). */
export function runTracked(bin: string, args: string[], opts: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(opts.signal.reason ?? new Error('aborted'));
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const pid = child.pid;
    const pidFile = pid ? path.join(opts.dir, `child-${pid}.pid`) : null;
    if (pid && pidFile) {
      tracked.set(pid, child);
      tell(`p+ ${pid}`);
      try {
        fs.writeFileSync(pidFile, String(pid));
      } catch {
        /* the folder went: the child is killed with its job */
      }
    }
    let stderr = '';
    let rest = '';
    let timedOut = false;
    const kill = () => pid && killGroup(pid);
    opts.signal?.addEventListener('abort', kill, { once: true });
    const timer = opts.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          kill();
        }, opts.timeoutMs)
      : undefined;
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      const lines = (rest + d).split('\n');
      rest = lines.pop() ?? '';
      for (const l of lines) opts.onStdout?.(l);
    });
    // Only the head (the input's description) and the tail (the error) matter.
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr = stderr.length > 64_000 ? stderr.slice(0, 8_000) + stderr.slice(-32_000) + d : stderr + d;
    });
    const untrack = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', kill);
      if (!pid) return;
      tracked.delete(pid);
      tell(`p- ${pid}`);
      if (pidFile) fs.rmSync(pidFile, { force: true });
    };
    child.on('error', (e) => {
      untrack();
      reject(e);
    });
    child.on('close', (code) => {
      untrack();
      resolve({ code, stderr, timedOut });
    });
  });
}

// ---------------------------------------------------------------- work folders

/** A fresh work folder owned by this process (removed by `done`, by the reaper, or by the next start's sweep). */
export async function makeWorkDir(root = os.tmpdir()): Promise<{ dir: string; done: () => Promise<void> }> {
  const dir = await fs.promises.mkdtemp(path.join(root, WORK_DIR_PREFIX));
  await fs.promises.writeFile(path.join(dir, OWNER_FILE), String(process.pid));
  trackedDirs.add(dir);
  tell(`d+ ${dir}`);
  return {
    dir,
    async done() {
      await fs.promises.rm(dir, { recursive: true, force: true });
      trackedDirs.delete(dir);
      tell(`d- ${dir}`);
    },
  };
}

function cmdlineOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/**
 * At start: removes the work folders of servers that are gone (killed, crashed) and kills the
 * children still running in them (a pid file names each; it is killed only while its command line
 * still names the folder, so a reused pid is left alone). Folders of running servers stay.
 */
export function sweepWorkDirs(root = os.tmpdir(), now = Date.now()): { folders: number; processes: number } {
  let folders = 0;
  let processes = 0;
  let names: string[];
  try {
    names = fs.readdirSync(root).filter((n) => n.startsWith(WORK_DIR_PREFIX));
  } catch {
    return { folders, processes };
  }
  for (const name of names) {
    const dir = path.join(root, name);
    try {
      if (!fs.statSync(dir).isDirectory()) continue;
      let owner: number | null = null;
      try {
        owner = Number(fs.readFileSync(path.join(dir, OWNER_FILE), 'utf8')) || null;
      } catch {
        if (now - fs.statSync(dir).mtimeMs < OWNERLESS_MAX_AGE_MS) continue;
      }
      if (owner !== null && (owner === process.pid || alive(owner))) continue;
      for (const f of fs.readdirSync(dir)) {
        const m = /^child-(\d+)\.pid$/.exec(f);
        if (!m) continue;
        const pid = Number(m[1]);
        if (alive(pid) && cmdlineOf(pid).includes(dir)) {
          killGroup(pid);
          processes++;
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
      folders++;
    } catch {
      /* another server swept it first, or it is not ours to remove */
    }
  }
  return { folders, processes };
}
