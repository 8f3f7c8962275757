import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverProcesses, sleep, until, alive } from './test/server-process.js';

// The server process on the embedded database after crashes: of itself, of the database.
const servers = await serverProcesses('crash', { ADMIN_PASSWORD: 'Admin-1234' });
const { base, started, start, healthy, waitHealthy } = servers;
const pgDir = path.join(servers.dir, 'pg');

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

/** Child processes of `pid` (its backends, for a postmaster), from /proc. */
function childrenOf(pid: number): number[] {
  const kids: number[] = [];
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its closing parenthesis.
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) kids.push(Number(d));
    } catch {
      /* gone */
    }
  }
  return kids;
}

afterAll(async () => {
  await servers.stopAll();
  try {
    const pid = postmasterPid();
    if (alive(pid)) process.kill(pid, 'SIGQUIT');
  } catch {
    /* stopped */
  }
  await sleep(500);
  fs.rmSync(servers.dir, { recursive: true, force: true });
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
    // The whole database dies at once (postmaster and backends, as in a crash of the machine's database): a backend
    // of a killed postmaster alone may go on answering over its open connection until the new one runs, and the
    // outage would never show.
    const postmaster = postmasterPid();
    const backends = childrenOf(postmaster);
    process.kill(postmaster, 'SIGKILL');
    for (const pid of backends) if (alive(pid)) process.kill(pid, 'SIGKILL');
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
    ).catch((e: Error) => {
      throw new Error(`${e.message}; answers: ${statuses.join(',')}\n${running.output().slice(-4000)}`);
    });
    expect(statuses).toContain(503);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    await until('health', healthy, 10_000);
    expect(running.child.exitCode).toBe(null);
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(0);
  });
});
