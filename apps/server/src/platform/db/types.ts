import type { NodePgDatabase } from 'drizzle-orm/node-postgres';

/** The database handle types, apart from `client.ts` so that what it imports can name them without a cycle. */
export type Db = NodePgDatabase<Record<string, never>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction; repositories accept either. */
export type DbOrTx = Db | Tx;
