import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The server process on the embedded database after crashes: of itself, of the database.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-crash-'));
fs.chmodSync(dir, 0o755);
const pgDir = path.join(dir, 'pg');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
const port = await freePort();
const pgPort = await freePort();
const base = `http://127.0.0.1:${port}`;

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}
const started: Started[] = [];

function start(): Started {
  let out = '';
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'fatal', ADMIN_PASSWORD: 'Admin-1234' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const s = { child, output: () => out, exited };
  started.push(s);
  return s;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000, every = 100): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    await sleep(every);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const healthy = async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined);

async function waitHealthy(s: Started) {
  await Promise.race([
    until('health', healthy, 120_000),
    s.exited.then((code) => {
      throw new Error(`server exited (${code}):\n${s.output()}`);
    }),
  ]);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const postmasterPid = () => Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

/** Processes whose command line mentions `word` (Linux /proc). */
function processesWith(word: string): number[] {
  const pids: number[] = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(word)) pids.push(Number(d));
    } catch {
      /* gone */
    }
  }
  return pids;
}

afterAll(async () => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGINT');
  await Promise.all(started.map((s) => s.exited));
  try {
    const pid = postmasterPid();
    if (alive(pid)) process.kill(pid, 'SIGQUIT');
  } catch {
    /* stopped */
  }
  await sleep(500);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform !== 'linux')('the server after crashes (embedded database)', { timeout: 240_000 }, () => {
  it('refuses a second start on the same data directory with a sentence, and the first keeps serving', async () => {
    const first = start();
    await waitHealthy(first);
    const second = start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/already running/);
    expect(second.output()).not.toMatch(/^undefined$/m);
    expect(await healthy()).toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;
  });

  it('starts again after kill -9; the database does not outlive the server', async () => {
    // (the server of the previous test was killed with SIGKILL)
    await until('the database to stop with its server', async () => (fs.existsSync(path.join(pgDir, 'postmaster.pid')) && alive(postmasterPid()) ? undefined : true), 30_000);
    const again = start();
    await waitHealthy(again);
    expect(again.output()).not.toMatch(/^undefined$/m);
  });

  it('starts again after kill -9 of the server and its watchdog (an orphaned database)', async () => {
    const running = started.at(-1)!;
    const watchdogs = processesWith('hanlin-pg-watchdog').filter((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(pgDir));
    expect(watchdogs.length).toBe(1);
    const postmaster = postmasterPid();
    running.child.kill('SIGKILL');
    for (const pid of watchdogs) process.kill(pid, 'SIGKILL');
    await running.exited;
    expect(alive(postmaster)).toBe(true);

    const again = start();
    await waitHealthy(again);
    expect(alive(postmaster)).toBe(false);
    expect(again.output()).not.toMatch(/^undefined$/m);
  });

  it('answers 503 while the database is down and recovers by itself when it is back', async () => {
    const running = started.at(-1)!;
    expect((await fetch(`${base}/api/auth/departments`)).status).toBe(200);
    process.kill(postmasterPid(), 'SIGKILL');
    const statuses: number[] = [];
    // A backend of the killed postmaster may still answer a moment: wait for the outage first,
    // then for the server to come back by itself.
    let down = false;
    await until(
      'the answers to fail and come back',
      async () => {
        const res = await fetch(`${base}/api/auth/departments`);
        statuses.push(res.status);
        if (res.status !== 200) down = true;
        return down && res.status === 200 ? true : undefined;
      },
      60_000,
      250, // the route allows 60 calls a minute
    );
    expect(statuses).toContain(503);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    await until('health', healthy, 10_000);
    expect(running.child.exitCode).toBe(null);
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(0);
  });
});
