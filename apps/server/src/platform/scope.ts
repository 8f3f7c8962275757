import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from './auth/principal.js';

/**
 * Record level of the two permission layers: a WHERE fragment limiting `orgColumn` to the
 * caller's organization subtrees (matched by materialized path prefix, index-backed).
 */
export function inScope(principal: Pick<Principal, 'scopePaths'>, orgColumn: AnyPgColumn | SQL): SQL {
  if (principal.scopePaths.length === 0) return sql`false`;
  const patterns = principal.scopePaths.map((p) => `${p}%`);
  return sql`${orgColumn} in (select o.id from organizations o where o.path like any(${sql.param(patterns)}::text[]))`;
}

/** True when an organization path lies inside the caller's data scope. */
export function pathInScope(principal: Pick<Principal, 'scopePaths'>, path: string): boolean {
  return principal.scopePaths.some((p) => path.startsWith(p));
}
