import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ADMIN_PASSWORD, ARTIFACTS_DIR, REPO_ROOT } from './paths';

/** A port nobody listens on right now (the kernel picks it), never PostgreSQL's 5432. */
async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.unref();
      srv.on('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    if (port !== 5432) return port;
  }
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

function tail(file: string, lines = 40): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

async function waitUntilHealthy(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${tail(logFile)}`);
    }
    if (Date.now() - started > 150_000) throw new Error(`the server was not healthy after 150 s:\n${tail(logFile)}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok && ((await res.json()) as { code?: number }).code === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

/**
 * Starts the real server (`tsx apps/server/src/server.ts`) on a fresh data directory with
 * the embedded PostgreSQL, serving the built web app, and stops it with SIGINT at the end:
 * the run fails unless it shuts down gracefully (exit code 0).
 */
export default async function setup(project: TestProject) {
  const index = path.join(REPO_ROOT, 'apps/web/dist/index.html');
  if (!fs.existsSync(index)) throw new Error(`${index} is missing: run \`npm run build -w @hanlin/web\` before the browser tier`);

  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-e2e-'));
  fs.chmodSync(dataDir, 0o755); // the embedded PostgreSQL may run as another system user
  const port = await freePort();
  let pgPort = await freePort();
  while (pgPort === port) pgPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // A snapshot of the build: a rebuild during the run (emptyOutDir) would otherwise remove the
  // chunks the served index.html points at.
  const webDist = path.join(dataDir, 'web');
  fs.cpSync(path.dirname(index), webDist, { recursive: true });
  for (const [, ref] of fs.readFileSync(path.join(webDist, 'index.html'), 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) {
    if (!fs.existsSync(path.join(webDist, ref!))) throw new Error(`apps/web/dist changed while it was copied (${ref} missing): build again`);
  }

  const env: NodeJS.ProcessEnv = { ...process.env };
  // The tier always runs on its own embedded database, whatever the shell exported.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  Object.assign(env, {
    DATA_DIR: dataDir,
    PORT: String(port),
    // The content origin (SCORM packages) on a port the kernel picks: PORT+1 may be taken.
    CONTENT_PORT: '0',
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(pgPort),
    ADMIN_PASSWORD,
    WEB_DIST: webDist,
    // Every test signs in a few times from 127.0.0.1; the production limit (20 a minute) would trip.
    LOGIN_RATE_PER_MINUTE: '1000',
    LOG_LEVEL: 'warn',
    // A deprecation the server meets logs where it came from in server.log; pg's query on a busy client names the statements.
    NODE_OPTIONS: [process.env.NODE_OPTIONS, '--trace-deprecation', `--import=${pathToFileURL(path.join(REPO_ROOT, 'e2e/support/pg-overlap.mjs')).href}`]
      .filter(Boolean)
      .join(' '),
  });

  const logFile = path.join(ARTIFACTS_DIR, 'server.log');
  const log = fs.createWriteStream(logFile);
  // `npx tsx …` would start the same binary, but npm exec does not pass SIGINT on to its child,
  // so the graceful shutdown could not be tested through it. Own process group: the last-resort
  // SIGKILL reaches tsx, the server and its PostgreSQL together.
  const tsx = ['node_modules/.bin/tsx', 'apps/server/node_modules/.bin/tsx'].map((p) => path.join(REPO_ROOT, p)).find((p) => fs.existsSync(p));
  if (!tsx) throw new Error('tsx is not installed (npm ci)');
  const child = spawn(tsx, ['apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const killTree = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
  };
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  const exit = exited(child);
  // If the runner itself dies, do not leave a server (and its PostgreSQL) behind.
  process.once('exit', killTree);

  try {
    await waitUntilHealthy(baseUrl, child, logFile);
  } catch (e) {
    killTree();
    await exit;
    child.stdout!.destroy();
    child.stderr!.destroy();
    log.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }

  project.provide('baseUrl', baseUrl);
  // Fixtures no API writes yet (learning data of another team's module) go in through SQL.
  project.provide('databaseUrl', `postgres://hanlin:hanlin@127.0.0.1:${pgPort}/hanlin`);

  return async () => {
    try {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT');
        const timer = setTimeout(killTree, 40_000);
        const { code, signal } = await exit;
        clearTimeout(timer);
        if (code !== 0) throw new Error(`the server did not shut down gracefully on SIGINT (code ${code}, signal ${signal}):\n${tail(logFile)}`);
      } else {
        throw new Error(`the server died during the run (code ${child.exitCode}, signal ${child.signalCode}):\n${tail(logFile)}`);
      }
    } catch (e) {
      // Vitest only logs errors thrown here ("error during close"); the run must fail on them.
      process.exitCode = 1;
      throw e;
    } finally {
      process.off('exit', killTree);
      child.stdout!.destroy();
      child.stderr!.destroy();
      log.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}
