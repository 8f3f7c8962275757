import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql } from 'drizzle-orm';

export type Db = NodePgDatabase<Record<string, never>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction; repositories accept either. */
export type DbOrTx = Db | Tx;

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

export function connectDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30000 });
  pool.on('error', () => {
    /* idle client errors are reported on the next query */
  });
  const db = drizzle({ client: pool, casing: 'snake_case' }) as unknown as Db;
  const plannedPool = new pg.Pool({
    connectionString: url,
    max: Math.max(2, Math.ceil(max / 2)),
    idleTimeoutMillis: 30000,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  plannedPool.on('error', () => {});
  const plannedDb = drizzle({ client: plannedPool, casing: 'snake_case' }) as unknown as Db;
  return { db, plannedDb, pool, close: async () => void (await Promise.all([pool.end(), plannedPool.end()])) };
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../db/migrations');

export async function runMigrations(db: Db): Promise<void> {
  // Trigram indexes back the keyword searches of lists; pg_trgm is a trusted extension (PG ≥ 13).
  await db.execute(sql`create extension if not exists pg_trgm`);
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
