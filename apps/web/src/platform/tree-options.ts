/** A TreeSelect option of a category-like tree node (id, name, children). */
export interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}
interface TreeNode {
  id: number;
  name: string;
  children: TreeNode[];
}

/** The options of a TreeSelect over a category forest. */
export const treeOptions = (nodes: readonly TreeNode[]): TreeOption[] => nodes.map((n) => ({ value: n.id, title: n.name, children: treeOptions(n.children) }));
