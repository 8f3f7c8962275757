import { z } from 'zod';
import { IdBodySchema, IdsSchema, pageSchema } from './api.js';
import { FileAnswerSchema, NewIdSchema, defineRoute, freezeRoutes, listGetRoutes, writeRoute } from './contract.js';
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
import { UserImportResultSchema, UserRowSchema } from './users.js';

/** An employee who is not a lecturer yet (internal lecturer picker). */
export const LecturerInnerUserSchema = UserRowSchema.pick({ id: true, username: true, realname: true, email: true, orgId: true, orgName: true });
export type LecturerInnerUser = z.infer<typeof LecturerInnerUserSchema>;

/** Lecturers and lecturer levels (jsgl), with the Excel template, import and export. */
export const lecturerRoutes = {
  ...listGetRoutes('/api/teacher', ['jsgl'], { query: LecturerListQuerySchema, row: LecturerRowSchema, detail: LecturerDetailSchema }),
  innerUsers: defineRoute({
    method: 'POST',
    path: '/api/teacher/inner-users',
    permission: ['jsgl'],
    body: LecturerInnerUsersQuerySchema,
    response: pageSchema(LecturerInnerUserSchema),
  }),
  insert: writeRoute('/api/teacher/insert', ['jsgl:add'], 'teacher.insert', { body: LecturerInsertSchema, response: NewIdSchema }),
  update: writeRoute('/api/teacher/update', ['jsgl:modify'], 'teacher.update', { body: LecturerUpdateSchema, response: z.null() }),
  delete: writeRoute('/api/teacher/delete', ['jsgl:delete'], 'teacher.delete', { body: IdsSchema, response: z.null() }),
  ...freezeRoutes('/api/teacher', 'jsgl', 'teacher'),
  certify: writeRoute('/api/teacher/auth', ['jsgl:approve'], 'teacher.auth', { body: LecturerAuthSchema, response: z.null() }),

  levels: defineRoute({ method: 'POST', path: '/api/teacher-level/all', permission: ['jsgl'], response: z.array(TeacherLevelSchema) }),
  insertLevel: writeRoute('/api/teacher-level/insert', ['jsgl:add'], 'teacher-level.insert', { body: TeacherLevelInsertSchema, response: NewIdSchema }),
  updateLevel: writeRoute('/api/teacher-level/update', ['jsgl:modify'], 'teacher-level.update', { body: TeacherLevelUpdateSchema, response: z.null() }),
  deleteLevel: writeRoute('/api/teacher-level/delete', ['jsgl:delete'], 'teacher-level.delete', { body: IdBodySchema, response: z.null() }),

  template: writeRoute('/api/teacher/template', ['jsgl:import'], 'teacher.template', { response: FileAnswerSchema, kind: 'download' }),
  /** Multipart `file` (and optional `mode`/`skipInvalid` fields before it). */
  import: writeRoute('/api/teacher/import', ['jsgl:import'], 'teacher.import', { query: LecturerImportQuerySchema, response: UserImportResultSchema, kind: 'upload' }),
  importErrors: writeRoute('/api/teacher/import/errors', ['jsgl:import'], 'teacher.import.errors', {
    body: LecturerImportErrorsSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
  export: writeRoute('/api/teacher/export', ['jsgl:export'], 'teacher.export', { body: LecturerExportQuerySchema, response: FileAnswerSchema, kind: 'download' }),
};
