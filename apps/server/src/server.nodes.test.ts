import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig } from './platform/config.js';
import { connectDatabase, runMigrations, type Database } from './platform/db/client.js';
import { createMemoryKv } from './platform/kv.js';
import { installJobsSchema } from './platform/jobs.js';
import { createLocalStorage } from './platform/storage.js';
import { seed } from './bootstrap/seed.js';
import { encryptWithPublicKey } from './platform/auth/rsa.js';
import { withDatabase } from './test/global-setup.js';
import { newDatabaseName, onDatabaseServer } from './test/harness.js';

// Two nodes behind a load balancer, started at the same moment on a database nobody migrated yet.
const baseUrl = inject('dbBaseUrl');
const name = newDatabaseName();
const opened: { app: FastifyInstance; database: Database }[] = [];

async function startNode(url: string) {
  const database = connectDatabase(url, 3);
  await runMigrations(database.db, installJobsSchema);
  await seed(database.db, 'Admin-1234');
  const config = loadConfig({ ...process.env, DATA_DIR: path.join(os.tmpdir(), name), LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv);
  const app = await buildApp({
    config,
    db: database.db,
    plannedDb: database.plannedDb,
    kv: createMemoryKv(),
    storage: createLocalStorage(path.join(config.dataDir, 'files')),
    logger: false,
  });
  await app.ready();
  opened.push({ app, database });
  return app;
}

afterAll(async () => {
  for (const { app, database } of opened) {
    await app.close();
    await database.close();
  }
  await onDatabaseServer(`drop database if exists ${name} with (force)`);
});

describe('two nodes started together on a fresh database', () => {
  it('both start (migrations and seed do not collide) and share one login key pair', { timeout: 120_000 }, async () => {
    await onDatabaseServer(`create database ${name}`);
    const url = withDatabase(baseUrl, name);

    const [a, b] = await Promise.all([startNode(url), startNode(url)]);
    // The first visitors arrive on both nodes at once.
    const keys = await Promise.all([a, b, a, b].map(async (n) => (await n.inject({ method: 'GET', url: '/api/auth/public-key' })).json().data.publicKey));
    expect(new Set(keys).size).toBe(1);

    // The browser fetched the key from node A; the load balancer sends the login to node B.
    const pk = (await a.inject({ method: 'GET', url: '/api/auth/public-key' })).json().data.publicKey;
    const res = await b.inject({
      method: 'POST',
      url: '/api/auth/oauth/token',
      payload: { username: 'admin', password: encryptWithPublicKey(pk, 'Admin-1234'), grant_type: 'password', scope: 'server' },
    });
    expect(res.json().code, res.body).toBe(200);

    // A node started later reads the same pair rather than writing its own.
    const c = await startNode(url);
    expect((await c.inject({ method: 'GET', url: '/api/auth/public-key' })).json().data.publicKey).toBe(pk);
  });
});

describe('a job across a restart', () => {
  it('a job sent for later by a node that stops runs on the node started after it', { timeout: 120_000 }, async () => {
    const url = withDatabase(baseUrl, name);
    const first = await startNode(url);
    first.jobs.handle('test.restart', async () => {
      throw new Error('the first node is gone before the job is due');
    });
    const when = new Date(Date.now() + 2000);
    const { id } = await first.jobs.sendAt('test.restart', { note: 'reminder' }, when);
    await first.close();

    const ran: { payload: unknown; at: number }[] = [];
    const second = await startNode(url);
    second.jobs.handle('test.restart', async (run) => void ran.push({ payload: run.payload, at: Date.now() }));
    const row = await second.jobs.settled(id);
    expect(row).toMatchObject({ state: 'done', attempts: 1 });
    expect(ran).toEqual([{ payload: { note: 'reminder' }, at: expect.any(Number) }]);
    expect(ran[0]!.at).toBeGreaterThanOrEqual(when.getTime() - 50);
  });
});
