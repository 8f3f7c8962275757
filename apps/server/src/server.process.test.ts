import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encryptWithPublicKey } from './platform/auth/rsa.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-proc-'));
fs.chmodSync(dir, 0o755);
const port = 18000 + (process.pid % 1000);
const pgPort = 57000 + (process.pid % 1000);
const base = `http://127.0.0.1:${port}`;

function start(): { child: ChildProcess; output: () => string } {
  let out = '';
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: String(port), EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.ADMIN_PASSWORD;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, output: () => out };
}

async function waitHealthy(output: () => string) {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start:\n${output()}`);
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGINT');
  });
}

const portOpen = (p: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(p, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

async function loginAdmin(password: string) {
  const pk = (await (await fetch(`${base}/api/auth/public-key`)).json()).data.publicKey;
  const res = await fetch(`${base}/api/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: encryptWithPublicKey(pk, password), grant_type: 'password', scope: 'server' }),
  });
  return res.json();
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('npm start on the embedded database', () => {
  it('prints the admin password once, keeps data across restarts and stops cleanly on Ctrl-C', { timeout: 180_000 }, async () => {
    const first = start();
    await waitHealthy(first.output);
    const password = /Password \(shown once[^)]*\): (\S+)/.exec(first.output())?.[1];
    expect(password, first.output()).toBeTruthy();
    const login = await loginAdmin(password!);
    expect(login.code).toBe(200);
    // The generated password must be changed at first login.
    expect(login.data.user.firstLogin).toBe(true);
    expect(fs.existsSync(path.join(dir, 'pg', 'PG_VERSION'))).toBe(true);

    expect(await stop(first.child)).toBe(0);
    expect(await portOpen(pgPort)).toBe(false);

    const second = start();
    await waitHealthy(second.output);
    expect(second.output()).not.toContain('shown once');
    // Same database: the password from the first start still works.
    expect((await loginAdmin(password!)).code).toBe(200);
    expect(await stop(second.child)).toBe(0);
    expect(await portOpen(pgPort)).toBe(false);
  });
});
