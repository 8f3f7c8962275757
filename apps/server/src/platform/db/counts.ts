import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';
import type { Kv } from '../kv.js';

const TTL_MS = 10 * 60_000;

/**
 * Total of a list, cached under the current versions of the tables it reads. Every write to
 * those tables bumps their version (statement trigger), so a cached total is never stale.
 * Counting 100,000 rows per page view is what made paged lists slow.
 */
export async function cachedCount(
  db: DbOrTx,
  kv: Kv,
  tables: readonly string[],
  key: unknown,
  count: () => Promise<number>,
  /** The versions, when the caller already read them with `tableVersionsSql` in its own query. */
  knownVersions?: string,
): Promise<number> {
  let versions = knownVersions;
  if (versions === undefined) {
    const { rows } = await db.execute<{ v: string }>(sql`select ${tableVersionsSql(tables)} as v`);
    versions = rows[0]?.v ?? '';
  }
  const digest = crypto.createHash('sha1').update(JSON.stringify(key)).digest('base64url');
  const cacheKey = `count:${tables.join('+')}:${versions}:${digest}`;
  const hit = await kv.get(cacheKey);
  if (hit !== null) return Number(hit);
  const n = await count();
  await kv.set(cacheKey, String(n), TTL_MS);
  return n;
}

/** A scalar subquery giving the versions of `tables`; a list query selects it to save a round trip. */
export function tableVersionsSql(tables: readonly string[]) {
  return sql<string>`(select coalesce(string_agg(name || ':' || version, ',' order by name), '') from table_versions where name = any(${sql.param([...tables])}::text[]))`;
}
