import { z } from 'zod';
import { IdBodySchema, IdsSchema, pageSchema } from './api.js';
import { CountSchema, FileAnswerSchema, defineRoute } from './contract.js';
import {
  AssignmentCourseOptionSchema,
  AssignmentCourseSearchSchema,
  AssignmentCreateSchema,
  AssignmentDetailSchema,
  AssignmentListQuerySchema,
  AssignmentProgressExportSchema,
  AssignmentProgressQuerySchema,
  AssignmentProgressSchema,
  AssignmentRowSchema,
  AssignmentUpdateSchema,
} from './assignments.js';

/** Learning assignments (xxzp; data scope by the assignment's organization). */
export const assignmentRoutes = {
  list: defineRoute({ method: 'POST', path: '/api/learn-assign/list', permission: ['xxzp'], body: AssignmentListQuerySchema, response: pageSchema(AssignmentRowSchema) }),
  get: defineRoute({ method: 'POST', path: '/api/learn-assign/get', permission: ['xxzp'], body: IdBodySchema, response: AssignmentDetailSchema }),
  courses: defineRoute({
    method: 'POST',
    path: '/api/learn-assign/courses',
    permission: ['xxzp'],
    body: AssignmentCourseSearchSchema,
    response: z.array(AssignmentCourseOptionSchema),
  }),
  insert: defineRoute({
    method: 'POST',
    path: '/api/learn-assign/insert',
    permission: ['xxzp:add'],
    operation: 'learn-assign.insert',
    body: AssignmentCreateSchema,
    response: AssignmentDetailSchema,
  }),
  update: defineRoute({
    method: 'POST',
    path: '/api/learn-assign/update',
    permission: ['xxzp:modify'],
    operation: 'learn-assign.update',
    body: AssignmentUpdateSchema,
    response: AssignmentDetailSchema,
  }),
  delete: defineRoute({
    method: 'POST',
    path: '/api/learn-assign/delete',
    permission: ['xxzp:delete'],
    operation: 'learn-assign.delete',
    body: IdsSchema,
    response: CountSchema,
  }),
  publish: defineRoute({
    method: 'POST',
    path: '/api/learn-assign/publish',
    permission: ['xxzp:publish'],
    operation: 'learn-assign.publish',
    body: IdsSchema,
    response: CountSchema,
  }),
  unpublish: defineRoute({
    method: 'POST',
    path: '/api/learn-assign/unpublish',
    permission: ['xxzp:unpublish'],
    operation: 'learn-assign.unpublish',
    body: IdsSchema,
    response: CountSchema,
  }),
  progress: defineRoute({ method: 'POST', path: '/api/learn-assign/progress', permission: ['xxzp'], body: AssignmentProgressQuerySchema, response: AssignmentProgressSchema }),
  exportProgress: defineRoute({
    method: 'POST',
    path: '/api/learn-assign/progress/export',
    permission: ['xxzp:export'],
    operation: 'learn-assign.export',
    body: AssignmentProgressExportSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
};
