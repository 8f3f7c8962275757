import { z } from 'zod';
import { categoryTreeRoutes } from './category-tree.js';
import { IdsSchema } from './api.js';
import { NewIdSchema, listGetRoutes, writeRoute } from './contract.js';
import { CoursewareInsertSchema, CoursewareListQuerySchema, CoursewareRowSchema, CoursewareUpdateSchema } from './courseware.js';

/** The courseware library (kjgl) and its category tree ("sort categories"). */
export const coursewareRoutes = {
  ...categoryTreeRoutes('courseware-sort', ['kjgl'], 'kjgl'),

  ...listGetRoutes('/api/courseware', ['kjgl'], { query: CoursewareListQuerySchema, row: CoursewareRowSchema, detail: CoursewareRowSchema }),
  insert: writeRoute('/api/courseware/insert', ['kjgl:add'], 'courseware.insert', { body: CoursewareInsertSchema, response: NewIdSchema }),
  update: writeRoute('/api/courseware/update', ['kjgl:modify'], 'courseware.update', { body: CoursewareUpdateSchema, response: z.null() }),
  delete: writeRoute('/api/courseware/delete', ['kjgl:delete'], 'courseware.delete', { body: IdsSchema, response: z.null() }),
};
