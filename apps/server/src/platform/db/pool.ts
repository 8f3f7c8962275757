import pg from 'pg';
import type { Db } from './types.js';

/** The connection pool behind a database made by `createDatabase` (drizzle keeps it as `$client`). */
export function poolOf(db: Db): pg.Pool {
  const client = '$client' in db ? db.$client : undefined;
  if (!(client instanceof pg.Pool)) throw new Error('database without a connection pool');
  return client;
}
