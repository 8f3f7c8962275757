import type { z } from 'zod';
import type { CategoryNode, CategoryRoutes, TreeSort } from '@hanlin/shared';
import { call } from './call';

const send = call;

/** The five routes of a classification tree, with the answers the tree reads: its nodes, and a new node's id. */
export type CategoryTreeRoutes = CategoryRoutes & {
  categoryTree: { response: z.ZodType<CategoryNode[]> };
  categoryInsert: { response: z.ZodType<{ id: number }> };
};

/**
 * A classification tree's calls over its five routes: insert, update and delete are silent (the
 * tree shows a refusal itself), sort reports through the client.
 */
export function categoryTreeCalls(routes: CategoryTreeRoutes) {
  return {
    load: () => send(routes.categoryTree),
    insert: (input: { parentId: number | null; name: string }) => send(routes.categoryInsert, input, { silent: true }),
    update: (input: { id: number; name: string }) => send(routes.categoryUpdate, input, { silent: true }),
    remove: (input: { id: number }) => send(routes.categoryDelete, input, { silent: true }),
    sort: (input: TreeSort) => send(routes.categorySort, input),
  };
}
