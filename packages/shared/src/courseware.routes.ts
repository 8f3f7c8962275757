import { z } from 'zod';
import { categoryTreeRoutes } from './category-tree.js';
import { IdBodySchema, IdsSchema, pageSchema } from './api.js';
import { NewIdSchema, defineRoute, writeRoute } from './contract.js';
import { CoursewareInsertSchema, CoursewareListQuerySchema, CoursewareRowSchema, CoursewareUpdateSchema } from './courseware.js';

/** The courseware library (kjgl) and its category tree ("sort categories"). */
export const coursewareRoutes = {
  ...categoryTreeRoutes('courseware-sort', ['kjgl'], 'kjgl'),

  list: defineRoute({ method: 'POST', path: '/api/courseware/list', permission: ['kjgl'], body: CoursewareListQuerySchema, response: pageSchema(CoursewareRowSchema) }),
  get: defineRoute({ method: 'POST', path: '/api/courseware/get', permission: ['kjgl'], body: IdBodySchema, response: CoursewareRowSchema }),
  insert: writeRoute('/api/courseware/insert', ['kjgl:add'], 'courseware.insert', { body: CoursewareInsertSchema, response: NewIdSchema }),
  update: writeRoute('/api/courseware/update', ['kjgl:modify'], 'courseware.update', { body: CoursewareUpdateSchema, response: z.null() }),
  delete: writeRoute('/api/courseware/delete', ['kjgl:delete'], 'courseware.delete', { body: IdsSchema, response: z.null() }),
};
