import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/config.js';
import { connectDatabase, runMigrations } from '../apps/server/src/platform/db/client.js';
import { startEmbeddedPostgres } from '../apps/server/src/platform/db/embedded.js';
import { createMemoryKv, createRedisKv } from '../apps/server/src/platform/kv.js';
import { createLocalStorage } from '../apps/server/src/platform/storage.js';
import { seed } from '../apps/server/src/bootstrap/seed.js';
import { encryptWithPublicKey } from '../apps/server/src/platform/auth/rsa.js';
import { tokenHash } from '../apps/server/src/platform/auth/principal.js';
import { signInput } from '../packages/shared/src/index.js';

export const ADMIN_PASSWORD = 'Bench-1234';

/** A real server on a random port over a throw-away database (embedded unless DATABASE_URL). */
export async function startBenchServer() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-bench-'));
  fs.chmodSync(dir, 0o755);
  let url = process.env.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (url) {
    const name = `hanlin_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    url = u.toString();
    dropDb = async () => {
      if (!process.env.KEEP_DB) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    const e = await startEmbeddedPostgres(path.join(dir, 'pg'), 56000 + (process.pid % 1000), () => {});
    url = e.url;
    stopEmbedded = e.stop;
  }
  const database = connectDatabase(url, Number(process.env.POOL ?? 10));
  await runMigrations(database.db);
  await seed(database.db, ADMIN_PASSWORD);
  const config = loadConfig({ ...process.env, DATA_DIR: dir, LOGIN_RATE_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' } as NodeJS.ProcessEnv);
  const kv = config.redisUrl ? createRedisKv(config.redisUrl, `hanlin:bench${process.pid}:`) : createMemoryKv();
  const app = await buildApp({ config, db: database.db, plannedDb: database.plannedDb, kv, storage: createLocalStorage(path.join(dir, 'files')), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    base,
    db: database.db,
    pool: database.pool,
    async close() {
      await app.close();
      await kv.close();
      await database.close();
      await dropDb?.();
      await stopEmbedded?.();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `count` users named `${prefix}1`… of one new role holding the portal code, each signed in by a session
 * written directly (a login per user would measure password hashing, not the load): their ids, tokens and sign numbers.
 */
export async function seedSignedInUsers(
  db: Awaited<ReturnType<typeof startBenchServer>>['db'],
  people: { prefix: string; realname: string; kind: string; role: string; count: number },
) {
  const { prefix, realname, kind, role, count } = people;
  await db.execute(sql`
    with r as (insert into roles (name, permissions) values (${role}, array['kc-pc']) returning id),
         u as (insert into users (username, realname, kind, org_id, password_hash, first_login)
               select ${prefix} || g, ${realname} || g, ${kind}, 1, 'x', false from generate_series(1, ${count}) g returning id)
    insert into user_roles (user_id, role_id) select u.id, r.id from u, r`);
  const { rows: users } = await db.execute<{ id: number }>(sql`select id from users where username like ${`${prefix}%`} order by id`);
  const sessions = users.map((u) => ({ userId: u.id, token: crypto.randomBytes(24).toString('hex'), signNumber: crypto.randomBytes(8).toString('hex') }));
  for (let i = 0; i < sessions.length; i += 500) {
    const chunk = sessions.slice(i, i + 500);
    await db.execute(sql`insert into user_sessions (token_hash, user_id, sign_number)
      select * from unnest(${sql.param(chunk.map((s) => tokenHash(s.token)))}::text[], ${sql.param(chunk.map((s) => s.userId))}::int[], ${sql.param(chunk.map((s) => s.signNumber))}::text[])`);
  }
  return sessions;
}

export async function encryptedPassword(base: string, password: string) {
  const res = await fetch(`${base}/api/auth/public-key`);
  const { data } = (await res.json()) as { data: { publicKey: string } };
  return encryptWithPublicKey(data.publicKey, password);
}

export async function loginHeaders(base: string, username: string, password: string) {
  const res = await fetch(`${base}/api/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: await encryptedPassword(base, password), grant_type: 'password', scope: 'server' }),
  });
  const body = (await res.json()) as { data: { access_token: string; signNumber: string; user: { id: number } } };
  const ts = Date.now();
  const sign = crypto
    .createHash('sha256')
    .update(signInput(body.data.user.id, ts, body.data.signNumber, 'hanlin'))
    .digest('hex');
  return { authorization: `Bearer ${body.data.access_token}`, 'x-timestamp': String(ts), 'x-sign': sign, 'content-type': 'application/json' };
}

export function printResult(
  title: string,
  r: { requests: { average: number; total: number }; latency: { p50: number; p99: number; average: number }; non2xx: number; errors: number; duration: number },
) {
  console.log(`\n${title}`);
  console.log(`  requests/s: ${r.requests.average.toFixed(1)}  (total ${r.requests.total} in ${r.duration.toFixed(1)} s)`);
  console.log(`  latency ms: p50 ${r.latency.p50}  p99 ${r.latency.p99}  avg ${r.latency.average.toFixed(2)}`);
  console.log(`  non-2xx: ${r.non2xx}  errors: ${r.errors}`);
}

/** CPU seconds used so far by this process (all threads) and by every `postgres` process on the machine. */
export function cpuSnapshot() {
  const u = process.cpuUsage();
  let pg = 0;
  const tick = 100; // USER_HZ on Linux
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      pg += (Number(f[11]) + Number(f[12])) / tick;
    } catch {
      /* process ended meanwhile */
    }
  }
  return { node: (u.user + u.system) / 1e6, postgres: pg };
}

export function printCpu(before: ReturnType<typeof cpuSnapshot>, after: ReturnType<typeof cpuSnapshot>, requests: number) {
  const per = (s: number) => ((s / Math.max(requests, 1)) * 1000).toFixed(2);
  console.log(`  CPU per request ms: node (server + load generator) ${per(after.node - before.node)}  postgres ${per(after.postgres - before.postgres)}`);
}
