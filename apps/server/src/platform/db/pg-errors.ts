import { propOf } from '@hanlin/shared';

/** What a PostgreSQL error says: its SQLSTATE `code`, the `constraint` violated, its message. */
export interface PgError {
  code?: string;
  constraint?: string;
  message?: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The PostgreSQL error behind a failed query (Drizzle wraps driver errors in `cause`). */
export function pgErrorOf(e: unknown): PgError {
  let cur = e;
  for (let i = 0; cur && i < 4; i++) {
    const code = propOf(cur, 'code');
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint: text(propOf(cur, 'constraint')), message: text(propOf(cur, 'message')) };
    cur = propOf(cur, 'cause');
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

/**
 * True when the database could not be reached or dropped the connection (down, restarting,
 * shutting down, too many connections): worth a 503 and a retry, unlike an error in a statement.
 */
export function isConnectionError(e: unknown): boolean {
  let cur = e;
  for (let i = 0; cur && i < 4; i++) {
    const code = text(propOf(cur, 'code')) ?? '';
    // 08xxx connection exceptions, 57P01-57P03 shutdown/crash/not yet accepting, 53300 too many connections.
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300') return true;
    // Socket failures (ENOENT: the Unix socket of a stopped server); not file-system errors.
    if (code.startsWith('E') && ['connect', 'read', 'write', 'getaddrinfo'].includes(String(propOf(cur, 'syscall')))) return true;
    // node-postgres reports these without a code.
    const message = text(propOf(cur, 'message'));
    if (
      message !== undefined &&
      /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/.test(message)
    )
      return true;
    cur = propOf(cur, 'cause');
  }
  return false;
}
