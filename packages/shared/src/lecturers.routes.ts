import { z } from 'zod';
import { IdBodySchema, IdsSchema, pageSchema } from './api.js';
import { FileAnswerSchema, NewIdSchema, defineRoute } from './contract.js';
import {
  LecturerAuthSchema,
  LecturerDetailSchema,
  LecturerExportQuerySchema,
  LecturerImportErrorsSchema,
  LecturerImportQuerySchema,
  LecturerInnerUsersQuerySchema,
  LecturerInsertSchema,
  LecturerListQuerySchema,
  LecturerRowSchema,
  LecturerUpdateSchema,
  TeacherLevelInsertSchema,
  TeacherLevelSchema,
  TeacherLevelUpdateSchema,
} from './lecturers.js';
import { UserImportResultSchema } from './users.js';

/** An employee who is not a lecturer yet (internal lecturer picker). */
export const LecturerInnerUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  realname: z.string(),
  email: z.string().nullable(),
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
});
export type LecturerInnerUser = z.infer<typeof LecturerInnerUserSchema>;

/** Lecturers and lecturer levels (jsgl), with the Excel template, import and export. */
export const lecturerRoutes = {
  list: defineRoute({ method: 'POST', path: '/api/teacher/list', permission: ['jsgl'], body: LecturerListQuerySchema, response: pageSchema(LecturerRowSchema) }),
  get: defineRoute({ method: 'POST', path: '/api/teacher/get', permission: ['jsgl'], body: IdBodySchema, response: LecturerDetailSchema }),
  innerUsers: defineRoute({
    method: 'POST',
    path: '/api/teacher/inner-users',
    permission: ['jsgl'],
    body: LecturerInnerUsersQuerySchema,
    response: pageSchema(LecturerInnerUserSchema),
  }),
  insert: defineRoute({
    method: 'POST',
    path: '/api/teacher/insert',
    permission: ['jsgl:add'],
    operation: 'teacher.insert',
    body: LecturerInsertSchema,
    response: NewIdSchema,
  }),
  update: defineRoute({
    method: 'POST',
    path: '/api/teacher/update',
    permission: ['jsgl:modify'],
    operation: 'teacher.update',
    body: LecturerUpdateSchema,
    response: z.null(),
  }),
  delete: defineRoute({ method: 'POST', path: '/api/teacher/delete', permission: ['jsgl:delete'], operation: 'teacher.delete', body: IdsSchema, response: z.null() }),
  freeze: defineRoute({ method: 'POST', path: '/api/teacher/freeze', permission: ['jsgl:freeze'], operation: 'teacher.freeze', body: IdsSchema, response: z.null() }),
  unfreeze: defineRoute({ method: 'POST', path: '/api/teacher/unfreeze', permission: ['jsgl:freeze'], operation: 'teacher.unfreeze', body: IdsSchema, response: z.null() }),
  certify: defineRoute({ method: 'POST', path: '/api/teacher/auth', permission: ['jsgl:approve'], operation: 'teacher.auth', body: LecturerAuthSchema, response: z.null() }),

  levels: defineRoute({ method: 'POST', path: '/api/teacher-level/all', permission: ['jsgl'], response: z.array(TeacherLevelSchema) }),
  insertLevel: defineRoute({
    method: 'POST',
    path: '/api/teacher-level/insert',
    permission: ['jsgl:add'],
    operation: 'teacher-level.insert',
    body: TeacherLevelInsertSchema,
    response: NewIdSchema,
  }),
  updateLevel: defineRoute({
    method: 'POST',
    path: '/api/teacher-level/update',
    permission: ['jsgl:modify'],
    operation: 'teacher-level.update',
    body: TeacherLevelUpdateSchema,
    response: z.null(),
  }),
  deleteLevel: defineRoute({
    method: 'POST',
    path: '/api/teacher-level/delete',
    permission: ['jsgl:delete'],
    operation: 'teacher-level.delete',
    body: IdBodySchema,
    response: z.null(),
  }),

  template: defineRoute({
    method: 'POST',
    path: '/api/teacher/template',
    permission: ['jsgl:import'],
    operation: 'teacher.template',
    response: FileAnswerSchema,
    kind: 'download',
  }),
  /** Multipart `file` (and optional `mode`/`skipInvalid` fields before it). */
  import: defineRoute({
    method: 'POST',
    path: '/api/teacher/import',
    permission: ['jsgl:import'],
    operation: 'teacher.import',
    query: LecturerImportQuerySchema,
    response: UserImportResultSchema,
    kind: 'upload',
  }),
  importErrors: defineRoute({
    method: 'POST',
    path: '/api/teacher/import/errors',
    permission: ['jsgl:import'],
    operation: 'teacher.import.errors',
    body: LecturerImportErrorsSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
  export: defineRoute({
    method: 'POST',
    path: '/api/teacher/export',
    permission: ['jsgl:export'],
    operation: 'teacher.export',
    body: LecturerExportQuerySchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
};
