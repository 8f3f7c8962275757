import { and, type SQL } from 'drizzle-orm';

/**
 * `and` of a condition and further ones that may be left out (`undefined`): never undefined itself,
 * so it can stand where a WHERE must be given.
 */
export function allOf(first: SQL, ...more: (SQL | undefined)[]): SQL {
  return and(first, ...more) ?? first;
}
