import type { CategoryRoutes, RouteCallInput, RouteResponse, TreeSort } from '@hanlin/shared';
import { call } from './call';

const send = call;

/**
 * A classification tree's calls over its five routes: insert, update and delete are silent (the
 * tree shows a refusal itself), sort reports through the client.
 */
export function categoryTreeCalls<R extends CategoryRoutes>(routes: R) {
  return {
    load: () => send(routes.categoryTree) as Promise<RouteResponse<R['categoryTree']>>,
    insert: (input: RouteCallInput<R['categoryInsert']>) => send(routes.categoryInsert, input, { silent: true }) as Promise<RouteResponse<R['categoryInsert']>>,
    update: (input: RouteCallInput<R['categoryUpdate']>) => send(routes.categoryUpdate, input, { silent: true }),
    remove: (input: { id: number }) => send(routes.categoryDelete, input, { silent: true }),
    sort: (input: TreeSort) => send(routes.categorySort, input),
  };
}
