/** The PostgreSQL error code behind a failed query (Drizzle wraps driver errors in `cause`). */
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

export function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Builds a forest from flat rows ordered by (sort, id); rows whose parent is absent become roots. */
export function buildForest<T extends { id: number; parentId: number | null }>(rows: readonly T[]): (T & { children: (T & { children: unknown[] })[] })[] {
  type N = T & { children: N[] };
  const nodes = new Map<number, N>();
  for (const r of rows) nodes.set(r.id, { ...r, children: [] });
  const roots: N[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId == null ? undefined : nodes.get(n.parentId);
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  return roots as never;
}

/** A row is still referenced (PostgreSQL reports 23503, or 23001 for ON DELETE RESTRICT since version 18). */
export function isReferenced(e: unknown): boolean {
  const code = pgErrorOf(e).code;
  return code === '23503' || code === '23001';
}
