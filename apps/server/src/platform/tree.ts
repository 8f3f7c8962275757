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
