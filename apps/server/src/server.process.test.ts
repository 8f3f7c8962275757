import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postAdminLogin, serverProcesses, type ServerProcess } from './test/server-process.js';

// No ADMIN_PASSWORD: the first start generates one and prints it once.
const servers = await serverProcesses('proc', { LOG_LEVEL: 'warn', ADMIN_PASSWORD: undefined });
const { pgPort, start, waitHealthy } = servers;
const loginAdmin = (password: string) => postAdminLogin(servers.base, password);
/** Ctrl-C, and the exit code. */
async function stop(s: ServerProcess) {
  s.child.kill('SIGINT');
  return s.exited;
}

const portOpen = (p: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(p, '127.0.0.1');
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

afterAll(async () => {
  await servers.stopAll();
  fs.rmSync(servers.dir, { recursive: true, force: true });
});

describe('npm start on the embedded database', () => {
  it('prints the admin password once, keeps data across restarts and stops cleanly on Ctrl-C', { timeout: 180_000 }, async () => {
    const first = start();
    await waitHealthy(first);
    const password = /Password \(shown once[^)]*\): (\S+)/.exec(first.output())?.[1];
    expect(password, first.output()).toBeTruthy();
    const login = await loginAdmin(password!);
    expect(login.code).toBe(200);
    // The generated password must be changed at first login.
    expect(login.data.user.firstLogin).toBe(true);
    expect(fs.existsSync(path.join(servers.dir, 'pg', 'PG_VERSION'))).toBe(true);

    expect(await stop(first)).toBe(0);
    expect(await portOpen(pgPort)).toBe(false);

    const second = start();
    await waitHealthy(second);
    expect(second.output()).not.toContain('shown once');
    // Same database: the password from the first start still works.
    expect((await loginAdmin(password!)).code).toBe(200);
    expect(await stop(second)).toBe(0);
    expect(await portOpen(pgPort)).toBe(false);
  });
});
