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
): Promise<number> {
  const { rows } = await db.execute<{ v: string }>(
    sql`select coalesce(string_agg(name || ':' || version, ',' order by name), '') as v from table_versions where name = any(${sql.param([...tables])}::text[])`,
  );
  const digest = crypto.createHash('sha1').update(JSON.stringify(key)).digest('base64url');
  const cacheKey = `count:${tables.join('+')}:${rows[0]?.v ?? ''}:${digest}`;
  const hit = await kv.get(cacheKey);
  if (hit !== null) return Number(hit);
  const n = await count();
  await kv.set(cacheKey, String(n), TTL_MS);
  return n;
}
