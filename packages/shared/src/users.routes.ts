import { z } from 'zod';
import { IdBodySchema, IdsSchema } from './api.js';
import { AvailableSchema, FileAnswerSchema, defineRoute, freezeRoutes, listGetRoutes, writeRoute } from './contract.js';
import {
  StudentInsertSchema,
  StudentUpdateSchema,
  UserAvatarSchema,
  UserBatchDepartmentSchema,
  UserCheckCardSchema,
  UserCheckEmailSchema,
  UserCheckNameSchema,
  UserCheckPhoneSchema,
  UserDataPermissionUpdateSchema,
  UserDetailSchema,
  UserImportErrorsSchema,
  UserImportQuerySchema,
  UserImportResultSchema,
  UserInfoUpdateSchema,
  UserLanguageSchema,
  UserInsertSchema,
  UserListQuerySchema,
  UserRowSchema,
  UserUpdateSchema,
  UserCreatedSchema,
} from './users.js';

/**
 * The routes of one people page: employees under /api/user (yhgl), students under
 * /api/student-user (xsgl). Same shapes; the page's menu code guards each.
 */
function peoplePageRoutes<
  const P extends '/api/user' | '/api/student-user',
  const M extends 'yhgl' | 'xsgl',
  const O extends string,
  I extends z.ZodType,
  U extends z.ZodType,
  L extends z.ZodType,
>(prefix: P, menu: M, op: O, schemas: { insert: I; update: U; list: L }) {
  const read = [menu] as const;
  return {
    ...listGetRoutes(prefix, read, { query: schemas.list, row: UserRowSchema, detail: UserDetailSchema }),
    insert: writeRoute(`${prefix}/insert`, [`${menu}:add`], `${op}.insert`, { body: schemas.insert, response: UserCreatedSchema }),
    update: writeRoute(`${prefix}/update`, [`${menu}:modify`], `${op}.update`, { body: schemas.update, response: z.null() }),
    delete: writeRoute(`${prefix}/delete`, [`${menu}:delete`], `${op}.delete`, { body: IdsSchema, response: z.null() }),
    ...freezeRoutes(prefix, menu, op),
    resetPassword: writeRoute(`${prefix}/reset-password`, [`${menu}:modify`], `${op}.reset-password`, { body: IdsSchema, response: z.null() }),
    checkName: defineRoute({ method: 'POST', path: `${prefix}/check-name`, permission: read, body: UserCheckNameSchema, response: AvailableSchema }),
    checkPhone: defineRoute({ method: 'POST', path: `${prefix}/check-phone`, permission: read, body: UserCheckPhoneSchema, response: AvailableSchema }),
    checkEmail: defineRoute({ method: 'POST', path: `${prefix}/check-email`, permission: read, body: UserCheckEmailSchema, response: AvailableSchema }),
    checkCard: defineRoute({ method: 'POST', path: `${prefix}/check-card`, permission: read, body: UserCheckCardSchema, response: AvailableSchema }),
    batchDepartment: writeRoute(`${prefix}/batch-update-department`, [`${menu}:batch`], `${op}.batch-update-department`, {
      body: UserBatchDepartmentSchema,
      response: z.null(),
    }),
    getDataPermission: defineRoute({
      method: 'POST',
      path: `${prefix}/data-permission/get`,
      permission: read,
      body: IdBodySchema,
      response: z.object({ orgIds: z.array(z.number()) }),
    }),
    updateDataPermission: writeRoute(`${prefix}/data-permission/update`, [`${menu}:modify`], `${op}.data-permission.update`, {
      body: UserDataPermissionUpdateSchema,
      response: z.null(),
    }),
    // Excel: template, import (check → commit), error file and export.
    template: writeRoute(`${prefix}/template`, [`${menu}:import`], `${menu}.template`, { response: FileAnswerSchema, kind: 'download' }),
    /** Multipart `file` (and optional `mode`/`skipInvalid` fields before it). */
    import: writeRoute(`${prefix}/import`, [`${menu}:import`], `${op}.import`, { query: UserImportQuerySchema, response: UserImportResultSchema, kind: 'upload' }),
    importErrors: writeRoute(`${prefix}/import/errors`, [`${menu}:import`], `${menu}.import.errors`, {
      body: UserImportErrorsSchema,
      response: FileAnswerSchema,
      kind: 'download',
    }),
    export: writeRoute(`${prefix}/export`, [`${menu}:export`], `${op}.export`, {
      body: UserListQuerySchema.omit({ kind: true }),
      response: FileAnswerSchema,
      kind: 'download',
    }),
  };
}

const StudentListQuerySchema = UserListQuerySchema.omit({ kind: true });

/** Employees (yhgl). Without `kind`, the list holds the kinds the caller's codes manage. */
export const employeeRoutes = peoplePageRoutes('/api/user', 'yhgl', 'user', { insert: UserInsertSchema, update: UserUpdateSchema, list: UserListQuerySchema });
/** Students (xsgl). */
export const studentUserRoutes = peoplePageRoutes('/api/student-user', 'xsgl', 'student-user', {
  insert: StudentInsertSchema,
  update: StudentUpdateSchema,
  list: StudentListQuerySchema,
});

/** The caller's own profile. */
export const profileRoutes = {
  avatar: defineRoute({ method: 'POST', path: '/api/user/avatar', permission: 'authenticated', operation: 'user.avatar', body: UserAvatarSchema, response: z.null() }),
  updateInfo: defineRoute({
    method: 'POST',
    path: '/api/user/info/update',
    permission: 'authenticated',
    operation: 'user.info.update',
    body: UserInfoUpdateSchema,
    response: z.null(),
  }),
  /** The interface language the caller switched to: their mails go out in it (it is also taken at login). */
  language: defineRoute({
    method: 'POST',
    path: '/api/user/language',
    permission: 'authenticated',
    beforePasswordChange: true,
    operation: 'user.language',
    body: UserLanguageSchema,
    response: z.null(),
  }),
};
