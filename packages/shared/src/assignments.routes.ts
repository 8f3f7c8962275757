import { z } from 'zod';
import { pageSchema } from './api.js';
import { FileAnswerSchema, batchRoute, defineRoute, listGetRoutes, publishRoutes, writeRoute } from './contract.js';
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
  MyAssignmentQuerySchema,
  MyAssignmentRowSchema,
} from './assignments.js';

/** Learning assignments (xxzp; data scope by the assignment's organization). */
export const assignmentRoutes = {
  ...listGetRoutes('/api/learn-assign', ['xxzp'], { query: AssignmentListQuerySchema, row: AssignmentRowSchema, detail: AssignmentDetailSchema }),
  courses: defineRoute({
    method: 'POST',
    path: '/api/learn-assign/courses',
    permission: ['xxzp'],
    body: AssignmentCourseSearchSchema,
    response: z.array(AssignmentCourseOptionSchema),
  }),
  insert: writeRoute('/api/learn-assign/insert', ['xxzp:add'], 'learn-assign.insert', { body: AssignmentCreateSchema, response: AssignmentDetailSchema }),
  update: writeRoute('/api/learn-assign/update', ['xxzp:modify'], 'learn-assign.update', { body: AssignmentUpdateSchema, response: AssignmentDetailSchema }),
  delete: batchRoute('/api/learn-assign/delete', ['xxzp:delete'], 'learn-assign.delete'),
  ...publishRoutes('/api/learn-assign', 'xxzp', 'learn-assign'),
  progress: defineRoute({ method: 'POST', path: '/api/learn-assign/progress', permission: ['xxzp'], body: AssignmentProgressQuerySchema, response: AssignmentProgressSchema }),
  /** The caller's own assignments (student portal). */
  my: defineRoute({
    method: 'POST',
    path: '/api/learn-assign/my',
    permission: 'authenticated',
    tags: ['student'],
    body: MyAssignmentQuerySchema,
    response: pageSchema(MyAssignmentRowSchema),
  }),
  exportProgress: writeRoute('/api/learn-assign/progress/export', ['xxzp:export'], 'learn-assign.export', {
    body: AssignmentProgressExportSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
};
