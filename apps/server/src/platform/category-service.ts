import { categoryTreeCommands } from './category-tree.js';
import { buildForest } from './tree.js';

/** A node of a category forest as the tree routes answer it. */
export interface CategoryNode {
  id: number;
  name: string;
  parentId: number | null;
  sort: number;
  children: CategoryNode[];
}

/**
 * A domain's category tree as its service offers it (`registerCategoryRoutes` serves it): the
 * commands of `categoryTreeCommands` (insert, update, remove unless in use, sort) and the forest.
 */
export function categoryService(deps: Parameters<typeof categoryTreeCommands>[0]) {
  const commands = categoryTreeCommands(deps);
  return { ...commands, forest: async (): Promise<CategoryNode[]> => buildForest(await commands.nodes()) as CategoryNode[] };
}
