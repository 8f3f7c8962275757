import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdBodySchema,
  IdsSchema,
  StudentInsertSchema,
  StudentUpdateSchema,
  UserAvatarSchema,
  UserBatchDepartmentSchema,
  UserCheckCardSchema,
  UserCheckEmailSchema,
  UserCheckNameSchema,
  UserCheckPhoneSchema,
  UserDataPermissionUpdateSchema,
  UserInfoUpdateSchema,
  UserInsertSchema,
  UserListQuerySchema,
  UserUpdateSchema,
} from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { UserKind } from './users.repository.js';
import type { UsersService } from './users.service.js';

/** The two user pages: employees under /api/user (yhgl), students under /api/student-user (xsgl). */
export const USER_PAGES = [
  { prefix: '/api/user', menu: 'yhgl', kind: 'employee', tag: 'user', op: 'user', insert: UserInsertSchema, update: UserUpdateSchema },
  { prefix: '/api/student-user', menu: 'xsgl', kind: 'student', tag: 'student-user', op: 'student-user', insert: StudentInsertSchema, update: StudentUpdateSchema },
] as const;

export function registerUsersRoutes(app: FastifyInstance, { users }: { users: UsersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Without `kind`, the kinds the caller's codes manage (employees with yhgl, students with xsgl).
  r.post('/api/user/list', { config: { permission: ['yhgl'] }, schema: { tags: ['user'], body: UserListQuerySchema } }, async (req) =>
    ok(await users.list(principalOf(req), req.body)),
  );
  r.post(
    '/api/student-user/list',
    { config: { permission: ['xsgl'] }, schema: { tags: ['student-user'], body: UserListQuerySchema.omit({ kind: true }) } },
    async (req) => ok(await users.list(principalOf(req), { ...req.body, kind: 'student' })),
  );

  for (const page of USER_PAGES) {
    const { prefix, tag, op } = page;
    const kind: UserKind = page.kind;
    const code = (action: string) => [`${page.menu}:${action}`];
    const read = [page.menu];
    const tags = [tag];

    r.post(`${prefix}/get`, { config: { permission: read }, schema: { tags, body: IdBodySchema } }, async (req) =>
      ok(await users.get(principalOf(req), req.body.id, kind)),
    );
    r.post(`${prefix}/insert`, { config: { permission: code('add'), operation: `${op}.insert` }, schema: { tags, body: page.insert } }, async (req) =>
      ok(await users.insert(principalOf(req), req.body, kind)),
    );
    r.post(`${prefix}/update`, { config: { permission: code('modify'), operation: `${op}.update` }, schema: { tags, body: page.update } }, async (req) =>
      ok(await users.update(principalOf(req), req.body, kind)),
    );
    r.post(`${prefix}/delete`, { config: { permission: code('delete'), operation: `${op}.delete` }, schema: { tags, body: IdsSchema } }, async (req) =>
      ok(await users.remove(principalOf(req), req.body.ids, kind)),
    );
    r.post(`${prefix}/freeze`, { config: { permission: code('freeze'), operation: `${op}.freeze` }, schema: { tags, body: IdsSchema } }, async (req) =>
      ok(await users.freeze(principalOf(req), req.body.ids, kind)),
    );
    r.post(`${prefix}/unfreeze`, { config: { permission: code('freeze'), operation: `${op}.unfreeze` }, schema: { tags, body: IdsSchema } }, async (req) =>
      ok(await users.unfreeze(principalOf(req), req.body.ids, kind)),
    );
    r.post(
      `${prefix}/reset-password`,
      { config: { permission: code('modify'), operation: `${op}.reset-password` }, schema: { tags, body: IdsSchema } },
      async (req) => ok(await users.resetPassword(principalOf(req), req.body.ids, kind)),
    );
    r.post(`${prefix}/check-name`, { config: { permission: read }, schema: { tags, body: UserCheckNameSchema } }, async (req) =>
      ok(await users.checkName(principalOf(req), kind, req.body.username, req.body.id)),
    );
    r.post(`${prefix}/check-phone`, { config: { permission: read }, schema: { tags, body: UserCheckPhoneSchema } }, async (req) =>
      ok(await users.checkPhone(principalOf(req), kind, req.body.phone, req.body.id)),
    );
    r.post(`${prefix}/check-email`, { config: { permission: read }, schema: { tags, body: UserCheckEmailSchema } }, async (req) =>
      ok(await users.checkEmail(principalOf(req), kind, req.body.email, req.body.id)),
    );
    r.post(`${prefix}/check-card`, { config: { permission: read }, schema: { tags, body: UserCheckCardSchema } }, async (req) =>
      ok(await users.checkCard(principalOf(req), kind, req.body.cardNumber, req.body.id)),
    );
    r.post(
      `${prefix}/batch-update-department`,
      { config: { permission: code('batch'), operation: `${op}.batch-update-department` }, schema: { tags, body: UserBatchDepartmentSchema } },
      async (req) => ok(await users.batchDepartment(principalOf(req), req.body, kind)),
    );
    r.post(`${prefix}/data-permission/get`, { config: { permission: read }, schema: { tags, body: IdBodySchema } }, async (req) =>
      ok(await users.getDataPermission(principalOf(req), req.body.id, kind)),
    );
    r.post(
      `${prefix}/data-permission/update`,
      { config: { permission: code('modify'), operation: `${op}.data-permission.update` }, schema: { tags, body: UserDataPermissionUpdateSchema } },
      async (req) => ok(await users.updateDataPermission(principalOf(req), req.body, kind)),
    );
  }

  // The caller's own profile.
  r.post('/api/user/avatar', { config: { permission: 'authenticated', operation: 'user.avatar' }, schema: { tags: ['user'], body: UserAvatarSchema } }, async (req) =>
    ok(await users.updateOwnAvatar(principalOf(req), req.body.avatar)),
  );
  r.post(
    '/api/user/info/update',
    { config: { permission: 'authenticated', operation: 'user.info.update' }, schema: { tags: ['user'], body: UserInfoUpdateSchema } },
    async (req) => ok(await users.updateOwnInfo(principalOf(req), req.body)),
  );
}
