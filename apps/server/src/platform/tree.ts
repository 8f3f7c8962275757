/** A row of a forest with its children, to any depth. */
export type ForestNode<T> = T & { children: ForestNode<T>[] };

/** Builds a forest from flat rows ordered by (sort, id); rows whose parent is absent become roots. */
export function buildForest<T extends { id: number; parentId: number | null }>(rows: readonly T[]): ForestNode<T>[] {
  type N = ForestNode<T>;
  const nodes = new Map<number, N>();
  for (const r of rows) nodes.set(r.id, { ...r, children: [] });
  const roots: N[] = [];
  for (const n of nodes.values()) {
    const parent = n.parentId == null ? undefined : nodes.get(n.parentId);
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  return roots;
}
