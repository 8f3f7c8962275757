import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { poolOf } from './pool.js';
import { sql } from 'drizzle-orm';
import { LOCK_KEYS } from '../locks.js';

import type { Db } from './types.js';
export type { Db, DbOrTx, Tx } from './types.js';

export interface Database {
  db: Db;
  /**
   * Connections that keep one generic plan per named statement (plan_cache_mode
   * force_generic_plan). Only for statements prepared once whose best plan does not depend on
   * their values: it saves PostgreSQL planning them on every run (about 40% of a paged list).
   */
  plannedDb: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

// bigint counts come back as strings by default; they fit in a JS number here.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * A pool that survives the database going away: an idle connection that breaks is dropped, a
 * connection that breaks while checked out gets a listener (without one its 'error' event would
 * end the process) and is discarded when released, and a connection attempt gives up after a
 * while, so requests fail with 503 (see platform/http.ts) until the database is back.
 */
function resilientPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ idleTimeoutMillis: 30000, connectionTimeoutMillis: 10000, ...config });
  pool.on('error', () => {
    /* an idle connection broke; the pool has already removed it */
  });
  pool.on('connect', (client) => {
    client.on('error', () => {
      /* the statement running on it reports the failure; the pool discards it on release */
    });
  });
  return pool;
}

export function connectDatabase(url: string, max = 10): Database {
  const pool = resilientPool({ connectionString: url, max });
  const db = drizzle({ client: pool, casing: 'snake_case' });
  const plannedPool = resilientPool({
    connectionString: url,
    max: Math.max(2, Math.ceil(max / 2)),
    options: '-c plan_cache_mode=force_generic_plan',
  });
  const plannedDb = drizzle({ client: plannedPool, casing: 'snake_case' });
  return { db, plannedDb, pool, close: async () => void (await Promise.all([pool.end(), plannedPool.end()])) };
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../db/migrations');

/** Key of the session-level advisory lock that serializes migrations across nodes. */
export const MIGRATION_LOCK_KEY = LOCK_KEYS.migrations;

/**
 * Applies the pending migrations. Nodes started at the same moment would otherwise run the same
 * DDL twice (duplicate type, extension or table), so the whole run holds an advisory lock on one
 * dedicated connection; a node that waited finds everything applied and does nothing. `then` runs
 * under the same lock: schemas that libraries install themselves (pg-boss's, platform/jobs.ts).
 */
export async function runMigrations(db: Db, then?: (onConnection: Db) => Promise<void>): Promise<void> {
  const pool = poolOf(db);
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const onConnection = drizzle({ client, casing: 'snake_case' });
    // Trigram indexes back the keyword searches of lists; pg_trgm is a trusted extension (PG ≥ 13).
    await onConnection.execute(sql`create extension if not exists pg_trgm`);
    await migrate(onConnection, { migrationsFolder: MIGRATIONS_DIR });
    await then?.(onConnection);
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    client.release();
  } catch (e) {
    // Closing the session releases the lock.
    client.release(e instanceof Error ? e : new Error(String(e)));
    throw e;
  }
}
