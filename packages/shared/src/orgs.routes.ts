import { z } from 'zod';
import { IdBodySchema, IdsSchema } from './api.js';
import { NewIdSchema, defineRoute } from './contract.js';
import { OrgDataNodeSchema, OrgDetailSchema, OrgInsertSchema, OrgNodeSchema, OrgTreeByNameSchema, OrgTreeQuerySchema, OrgUpdateSchema, TreeSortSchema } from './orgs.js';

/** Reading the tree is also needed by the pages that filter or assign by organization. */
const TREE_READERS = ['zzjg', 'yhgl', 'xsgl', 'jsgl'] as const;

/** The organization tree (zzjg), in the caller's data scope. */
export const orgRoutes = {
  tree: defineRoute({ method: 'POST', path: '/api/org/tree', permission: TREE_READERS, body: OrgTreeQuerySchema.optional(), response: z.array(OrgNodeSchema) }),
  treeByName: defineRoute({ method: 'POST', path: '/api/org/tree-by-name', permission: TREE_READERS, body: OrgTreeByNameSchema, response: z.array(OrgNodeSchema) }),
  /** The caller's data scope as a forest (selectors of roles, users, lecturers). */
  dataTree: defineRoute({ method: 'POST', path: '/api/org/data-tree', permission: [...TREE_READERS, 'rzjs'], response: z.array(OrgDataNodeSchema) }),
  get: defineRoute({ method: 'POST', path: '/api/org/get', permission: ['zzjg'], body: IdBodySchema, response: OrgDetailSchema }),
  insert: defineRoute({ method: 'POST', path: '/api/org/insert', permission: ['zzjg:add'], operation: 'org.insert', body: OrgInsertSchema, response: NewIdSchema }),
  update: defineRoute({ method: 'POST', path: '/api/org/update', permission: ['zzjg:modify'], operation: 'org.update', body: OrgUpdateSchema, response: z.null() }),
  delete: defineRoute({ method: 'POST', path: '/api/org/delete', permission: ['zzjg:delete'], operation: 'org.delete', body: IdBodySchema, response: z.null() }),
  freeze: defineRoute({ method: 'POST', path: '/api/org/freeze', permission: ['zzjg:freeze'], operation: 'org.freeze', body: IdsSchema, response: z.null() }),
  unfreeze: defineRoute({ method: 'POST', path: '/api/org/unfreeze', permission: ['zzjg:freeze'], operation: 'org.unfreeze', body: IdsSchema, response: z.null() }),
  sort: defineRoute({ method: 'POST', path: '/api/org/sort', permission: ['zzjg:modify'], operation: 'org.sort', body: TreeSortSchema, response: z.null() }),
};
