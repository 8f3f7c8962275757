import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, runMigrations } from '../platform/db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../platform/db/embedded.js';
import { seed } from '../bootstrap/seed.js';
import { installJobsSchema } from '../platform/jobs.js';
import { TEST_ADMIN_PASSWORD } from './constants.js';

/**
 * One PostgreSQL for the whole run (embedded unless DATABASE_URL), one migrated and seeded
 * template database; every test file then clones the template in a few milliseconds.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let dir: string | undefined;
  let baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-test-'));
    fs.chmodSync(dir, 0o755); // the embedded server may run as another system user
    const port = 55000 + (process.pid % 2000);
    // A throw-away cluster: nothing needs to survive a power cut, so writes skip the disk flush (fsync,
    // full-page images). A killed postgres process still loses nothing: its writes are in the OS cache.
    embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), port, (m) => console.error(m), { fsync: 'off', full_page_writes: 'off' });
    baseUrl = embedded.url;
  }
  const template = `hanlin_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const tplUrl = withDatabase(baseUrl, template);
  const database = connectDatabase(tplUrl, 2);
  await runMigrations(database.db, installJobsSchema);
  await seed(database.db, TEST_ADMIN_PASSWORD);
  await database.close();

  project.provide('dbBaseUrl', baseUrl);
  project.provide('dbTemplate', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`hanlin_t_${process.pid}_%`]);
    for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.end();
    if (embedded) await embedded.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, db: string) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbBaseUrl: string;
    dbTemplate: string;
  }
}
