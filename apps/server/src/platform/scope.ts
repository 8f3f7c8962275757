import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Principal } from './auth/principal.js';

/**
 * Record level of the two permission layers: a WHERE fragment limiting `orgColumn` to the
 * caller's organization subtrees (matched by materialized path prefix, index-backed).
 */
export function inScope(principal: Pick<Principal, 'scopePaths'>, orgColumn: AnyPgColumn | SQL): SQL {
  const reach = scopeReach(principal);
  if (reach === 'none') return sql`false`;
  if (reach === 'all') return sql`${orgColumn} is not null`;
  return inScopePatterns(orgColumn, sql.param(scopePatterns(principal)));
}

/**
 * How much of the tree a data scope covers. The tree has one root (seeded; organizations are
 * created under a parent and the root can be neither moved nor deleted), and only the root's
 * path has a single segment, so a scope holding it covers every organization: its lists need
 * no path matching at all, which is most of what an administrator's list costs the database.
 */
export function scopeReach(principal: Pick<Principal, 'scopePaths'>): 'none' | 'all' | 'subtrees' {
  if (principal.scopePaths.length === 0) return 'none';
  return principal.scopePaths.some((p) => ROOT_PATH.test(p)) ? 'all' : 'subtrees';
}
const ROOT_PATH = /^\/\d+\/$/;

/** The LIKE patterns of the caller's subtrees, the value `inScopePatterns` compares with. */
export function scopePatterns(principal: Pick<Principal, 'scopePaths'>): string[] {
  return principal.scopePaths.map((p) => `${p}%`);
}

/** `inScope` with the patterns as a parameter or placeholder, for statements prepared once. */
export function inScopePatterns(orgColumn: AnyPgColumn | SQL, patterns: SQLWrapper): SQL {
  return sql`${orgColumn} in (select o.id from organizations o where o.path like any(${patterns}::text[]))`;
}

/** True when an organization path lies inside the caller's data scope. */
export function pathInScope(principal: Pick<Principal, 'scopePaths'>, path: string): boolean {
  return principal.scopePaths.some((p) => path.startsWith(p));
}
