import { parseSort } from '@hanlin/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './db/client.js';

/** The rows of one page: at most `limit` after skipping `offset`. */
export interface PageWindow {
  /** null: every row (an export). */
  limit: number | null;
  offset: number;
}

/** The window of page `page` (from 1) of `size` rows. */
export const pageWindow = (q: { page: number; size: number }) => ({ limit: q.size, offset: (q.page - 1) * q.size });

/**
 * One page of a report statement (`select …` without order) and the number of its rows: the
 * count rides on the page (`count(*) over ()`), and is asked for apart only when the page is
 * past the end.
 */
export async function pagedRows<T extends Record<string, unknown>>(db: DbOrTx, query: SQL, order: SQL, page: PageWindow) {
  return db.transaction(async (tx) => {
    // Grouping a million learner rows by person needs more than the default 4 MB to stay in memory.
    await tx.execute(sql`set local work_mem = '64MB'`);
    const { rows } = await tx.execute<T & { total_rows?: number }>(
      sql`select q.*, count(*) over ()::int as total_rows from (${query}) q order by ${order} limit ${page.limit} offset ${page.offset}`,
    );
    let total = rows[0]?.total_rows ?? 0;
    if (!rows.length && page.offset > 0) {
      const { rows: c } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from (${query}) q`);
      total = c[0]?.n ?? 0;
    }
    // The count is not a column of the report: taken off each row.
    for (const r of rows) delete r.total_rows;
    // drizzle types raw rows as `Assume<T, QueryResultRow>`, which is T for any T of records.
    return { rows: rows as T[], total };
  });
}

/**
 * `order by` of a whitelisted key (`-key` descending; the statement names its output columns as
 * the keys), then the tie-breaker column.
 */
export function orderOf<K extends string>(sort: string | undefined, keys: readonly K[], fallback: { key: K; desc: boolean }, tie: string): SQL {
  const parsed = sort ? parseSort(sort, keys, fallback.key) : fallback;
  return sql.raw(`"${parsed.key}" ${parsed.desc ? 'desc nulls last' : 'asc nulls last'}, "${tie}"`);
}

/**
 * One page of an ordered select not yet limited (`rows`) and the count of all its rows (`counted`,
 * a `select { n }` over the same conditions), read side by side.
 */
export async function pageWithTotal<T>(
  rows: { limit(n: number): { offset(n: number): PromiseLike<T[]> } },
  counted: PromiseLike<{ n: number }[]>,
  q: { page: number; size: number },
): Promise<{ records: T[]; total: number }> {
  const { limit, offset } = pageWindow(q);
  const [records, [c]] = await Promise.all([rows.limit(limit).offset(offset), counted]);
  return { records, total: c?.n ?? 0 };
}
