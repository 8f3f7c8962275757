import { z } from 'zod';
import { IdBodySchema, IdsSchema, pageSchema } from './api.js';
import { NewIdSchema, defineRoute } from './contract.js';
import { TreeSortSchema } from './orgs.js';
import {
  CoursewareCategoryInsertSchema,
  CoursewareCategoryNodeSchema,
  CoursewareCategoryUpdateSchema,
  CoursewareInsertSchema,
  CoursewareListQuerySchema,
  CoursewareRowSchema,
  CoursewareUpdateSchema,
} from './courseware.js';

/** The courseware library (kjgl) and its category tree ("sort categories"). */
export const coursewareRoutes = {
  categoryTree: defineRoute({ method: 'POST', path: '/api/courseware-sort/tree', permission: ['kjgl'], response: z.array(CoursewareCategoryNodeSchema) }),
  categoryInsert: defineRoute({
    method: 'POST',
    path: '/api/courseware-sort/insert',
    permission: ['kjgl:add'],
    operation: 'courseware-sort.insert',
    body: CoursewareCategoryInsertSchema,
    response: NewIdSchema,
  }),
  categoryUpdate: defineRoute({
    method: 'POST',
    path: '/api/courseware-sort/update',
    permission: ['kjgl:modify'],
    operation: 'courseware-sort.update',
    body: CoursewareCategoryUpdateSchema,
    response: z.null(),
  }),
  categoryDelete: defineRoute({
    method: 'POST',
    path: '/api/courseware-sort/delete',
    permission: ['kjgl:delete'],
    operation: 'courseware-sort.delete',
    body: IdBodySchema,
    response: z.null(),
  }),
  categorySort: defineRoute({
    method: 'POST',
    path: '/api/courseware-sort/sort',
    permission: ['kjgl:modify'],
    operation: 'courseware-sort.sort',
    body: TreeSortSchema,
    response: z.null(),
  }),

  list: defineRoute({ method: 'POST', path: '/api/courseware/list', permission: ['kjgl'], body: CoursewareListQuerySchema, response: pageSchema(CoursewareRowSchema) }),
  get: defineRoute({ method: 'POST', path: '/api/courseware/get', permission: ['kjgl'], body: IdBodySchema, response: CoursewareRowSchema }),
  insert: defineRoute({
    method: 'POST',
    path: '/api/courseware/insert',
    permission: ['kjgl:add'],
    operation: 'courseware.insert',
    body: CoursewareInsertSchema,
    response: NewIdSchema,
  }),
  update: defineRoute({
    method: 'POST',
    path: '/api/courseware/update',
    permission: ['kjgl:modify'],
    operation: 'courseware.update',
    body: CoursewareUpdateSchema,
    response: z.null(),
  }),
  delete: defineRoute({ method: 'POST', path: '/api/courseware/delete', permission: ['kjgl:delete'], operation: 'courseware.delete', body: IdsSchema, response: z.null() }),
};
