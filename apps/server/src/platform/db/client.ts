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
  return { db, pool, close: () => pool.end() };
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../db/migrations');

export async function runMigrations(db: Db): Promise<void> {
  // Trigram indexes back the keyword searches of lists; pg_trgm is a trusted extension (PG ≥ 13).
  await db.execute(sql`create extension if not exists pg_trgm`);
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}
