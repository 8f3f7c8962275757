/** The PostgreSQL error behind a failed query (Drizzle wraps driver errors in `cause`). */
export function pgErrorOf(e: unknown): { code?: string; constraint?: string } {
  let cur = e as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let i = 0; cur && i < 4; i++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) return cur;
    cur = cur.cause as typeof cur;
  }
  return {};
}

/** True for a unique violation, of `constraint` when given. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const pe = pgErrorOf(e);
  return pe.code === '23505' && (!constraint || pe.constraint === constraint);
}

/** A row is still referenced (23503, or 23001 for ON DELETE RESTRICT since PostgreSQL 18). */
export function isReferenced(e: unknown): boolean {
  const code = pgErrorOf(e).code;
  return code === '23503' || code === '23001';
}

/** Escapes LIKE wildcards so user text matches literally. */
export function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
