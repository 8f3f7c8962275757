import { z } from 'zod';
import { IdBodySchema } from './api.js';
import { NewIdSchema, defineRoute, freezeRoutes, writeRoute } from './contract.js';
import { OrgDataNodeSchema, OrgDetailSchema, OrgInsertSchema, OrgNodeSchema, OrgTreeByNameSchema, OrgTreeQuerySchema, OrgUpdateSchema, TreeSortSchema } from './orgs.js';

/** Reading the tree is also needed by the pages that filter or assign by organization. */
const TREE_READERS = ['zzjg', 'yhgl', 'xsgl', 'jsgl'] as const;

/** The organization tree (zzjg), in the caller's data scope. */
export const orgRoutes = {
  tree: defineRoute({ method: 'POST', path: '/api/org/tree', permission: TREE_READERS, body: OrgTreeQuerySchema.optional(), response: z.array(OrgNodeSchema) }),
  treeByName: defineRoute({ method: 'POST', path: '/api/org/tree-by-name', permission: TREE_READERS, body: OrgTreeByNameSchema, response: z.array(OrgNodeSchema) }),
  /** The caller's data scope as a forest (selectors of roles, users, lecturers). */
  /**
   * The caller's own data scope as a tree: every page that assigns a record to a department (annual plans, training
   * classes, ...) offers it, whatever its code; it answers only organizations the caller already may act on.
   */
  dataTree: defineRoute({ method: 'POST', path: '/api/org/data-tree', permission: 'authenticated', response: z.array(OrgDataNodeSchema) }),
  get: defineRoute({ method: 'POST', path: '/api/org/get', permission: ['zzjg'], body: IdBodySchema, response: OrgDetailSchema }),
  insert: writeRoute('/api/org/insert', ['zzjg:add'], 'org.insert', { body: OrgInsertSchema, response: NewIdSchema }),
  update: writeRoute('/api/org/update', ['zzjg:modify'], 'org.update', { body: OrgUpdateSchema, response: z.null() }),
  delete: writeRoute('/api/org/delete', ['zzjg:delete'], 'org.delete', { body: IdBodySchema, response: z.null() }),
  ...freezeRoutes('/api/org', 'zzjg', 'org'),
  sort: writeRoute('/api/org/sort', ['zzjg:modify'], 'org.sort', { body: TreeSortSchema, response: z.null() }),
};
