import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { encryptWithPublicKey } from '../platform/auth/rsa.js';
import { signHeaders } from './signing.js';

// Servers started as `npm start` starts one, each in its own process: what no in-process test can see
// (a second start, kill -9, the embedded database outliving its server). Such a test polls over HTTP.
const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** A TCP port free on the loopback interface now. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks `probe` every `every` ms until it answers something (a throw counts as not yet); fails after `ms`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000, every = 100): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    await sleep(every);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * The servers of one test file: each `start()` runs `apps/server/src/server.ts` in a new process on the
 * embedded database of the same fresh data directory and ports. `env` adds to (or, undefined, removes from)
 * the environment; DATABASE_URL is always removed.
 */
export async function serverProcesses(name: string, env: Record<string, string | undefined> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `hanlin-${name}-`));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const pgPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started: ServerProcess[] = [];

  function start(): ServerProcess {
    let out = '';
    const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: String(port), CONTENT_PORT: '0', EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'fatal', ...env };
    delete childEnv.DATABASE_URL;
    for (const [key, value] of Object.entries(env)) if (value === undefined) delete childEnv[key];
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const s = { child, output: () => out, exited };
    started.push(s);
    return s;
  }

  const healthy = async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined);

  /** Waits until the server answers its health check; fails with its output if it exits first. */
  async function waitHealthy(s: ServerProcess) {
    await Promise.race([
      until('health', healthy, 120_000),
      s.exited.then((code) => {
        throw new Error(`server exited (${code}):\n${s.output()}`);
      }),
    ]);
  }

  /** Ctrl-C to every server still running, and their exits (for afterAll). */
  async function stopAll() {
    for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGINT');
    await Promise.all(started.map((s) => s.exited));
  }

  return { dir, port, pgPort, base, started, start, healthy, waitHealthy, stopAll };
}

/** The admin's login posted to a server process as the web client posts it (password RSA-encrypted): the JSON answer. */
export async function postAdminLogin(base: string, password: string) {
  const key = ((await (await fetch(`${base}/api/auth/public-key`)).json()) as { data: { publicKey: string } }).data.publicKey;
  const res = await fetch(`${base}/api/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: encryptWithPublicKey(key, password), grant_type: 'password', scope: 'server' }),
  });
  return res.json() as Promise<{ code: number; msg: string; data: { access_token: string; signNumber: string; user: { id: number; firstLogin: boolean } } }>;
}

/** The admin signed in on a server process: `ok(url, body)` posts a signed call that must succeed and answers its data. */
export async function adminSession(base: string, password: string) {
  const { data } = await postAdminLogin(base, password);
  return {
    async ok<T>(url: string, body: object): Promise<T> {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signHeaders(data.user.id, data.signNumber, data.access_token) },
        body: JSON.stringify(body),
      });
      const answer = (await res.json()) as { msg: string; data: T };
      expect(res.status, `${url}: ${answer.msg}`).toBe(200);
      return answer.data;
    },
  };
}

/** Whether a process with this pid still runs (signal 0 checks without touching it). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
