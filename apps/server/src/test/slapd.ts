import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'ldapts';

/** Test support: a throw-away OpenLDAP server (Debian's slapd) on a loopback port. */
export const SLAPD = '/usr/sbin/slapd';
export const SUFFIX = 'dc=hanlin,dc=test';
export const ROOT_DN = `cn=admin,${SUFFIX}`;
export const ROOT_PASSWORD = 'Ldap-Secret-1';

export interface Slapd {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForBind(url: string, proc: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`slapd exited with ${proc.exitCode}`);
    const c = new Client({ url, connectTimeout: 500 });
    try {
      await c.bind(ROOT_DN, ROOT_PASSWORD);
      return;
    } catch (e) {
      last = e;
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await c.unbind().catch(() => undefined);
    }
  }
  throw new Error(`slapd did not answer: ${String(last)}`);
}

/** Starts slapd with a fresh mdb database for `SUFFIX`; `stop` kills it and removes its files. */
export async function startSlapd(): Promise<Slapd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-slapd-'));
  fs.mkdirSync(path.join(dir, 'db'));
  const conf = path.join(dir, 'slapd.conf');
  fs.writeFileSync(
    conf,
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      `pidfile ${path.join(dir, 'slapd.pid')}`,
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      'database mdb',
      'maxsize 33554432',
      `suffix "${SUFFIX}"`,
      `rootdn "${ROOT_DN}"`,
      `rootpw ${ROOT_PASSWORD}`,
      `directory ${path.join(dir, 'db')}`,
      '',
    ].join('\n'),
  );
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const url = `ldap://127.0.0.1:${port}`;
    const proc = spawn(SLAPD, ['-h', `${url}/`, '-f', conf, '-d', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    proc.stderr!.on('data', (b: Buffer) => (stderr = (stderr + b.toString()).slice(-4000)));
    try {
      await waitForBind(url, proc, 15_000);
      return {
        url,
        async stop() {
          if (proc.exitCode === null) {
            const exited = new Promise((r) => proc.once('exit', r));
            proc.kill('SIGTERM');
            await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
            if (proc.exitCode === null) proc.kill('SIGKILL');
          }
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    } catch (e) {
      lastError = new Error(`${String(e)}\n${stderr}`);
      proc.kill('SIGKILL');
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  throw lastError;
}

/** Adds entries as the root DN, parents first. */
export async function addEntries(url: string, entries: [dn: string, attrs: Record<string, string | string[]>][]) {
  const c = new Client({ url });
  try {
    await c.bind(ROOT_DN, ROOT_PASSWORD);
    for (const [dn, attrs] of entries) await c.add(dn, attrs);
  } finally {
    await c.unbind().catch(() => undefined);
  }
}

/** Runs `fn` with a client bound as the root DN (modify, rename, delete in tests). */
export async function asRoot<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ url });
  try {
    await c.bind(ROOT_DN, ROOT_PASSWORD);
    return await fn(c);
  } finally {
    await c.unbind().catch(() => undefined);
  }
}
