import { z } from 'zod';
import { IdsSchema } from './api.js';
import { NewIdSchema, defineRoute, freezeRoutes, listGetRoutes, writeRoute } from './contract.js';
import { TERMINALS, type PermissionNode } from './permissions.js';
import { RoleDetailSchema, RoleInsertSchema, RoleListQuerySchema, RoleRowSchema, RoleUpdateSchema } from './roles.js';

export const RoleOptionSchema = z.object({ id: z.number(), name: z.string(), status: z.string() });
export type RoleOption = z.infer<typeof RoleOptionSchema>;

export const PermissionNodeSchema: z.ZodType<PermissionNode> = z.lazy(() =>
  z.object({
    code: z.string(),
    label: z.string(),
    actions: z
      .array(z.enum(['add', 'modify', 'delete', 'publish', 'unpublish', 'freeze', 'export', 'approve', 'import', 'batch', 'preview']))
      .readonly()
      .optional(),
    children: z.array(PermissionNodeSchema).readonly().optional(),
  }),
);
export const PermissionTreeSchema = z.record(z.enum(TERMINALS), z.array(PermissionNodeSchema).readonly());

/** Roles (rzjs) and the permission tree a role is edited with. */
export const roleRoutes = {
  ...listGetRoutes('/api/role', ['rzjs'], { query: RoleListQuerySchema, row: RoleRowSchema, detail: RoleDetailSchema }),
  /** Role selectors of the user and student forms. */
  all: defineRoute({ method: 'POST', path: '/api/role/all', permission: ['rzjs', 'yhgl', 'xsgl'], response: z.array(RoleOptionSchema) }),
  insert: writeRoute('/api/role/insert', ['rzjs:add'], 'role.insert', { body: RoleInsertSchema, response: NewIdSchema }),
  update: writeRoute('/api/role/update', ['rzjs:modify'], 'role.update', { body: RoleUpdateSchema, response: z.null() }),
  delete: writeRoute('/api/role/delete', ['rzjs:delete'], 'role.delete', { body: IdsSchema, response: z.null() }),
  ...freezeRoutes('/api/role', 'rzjs', 'role'),
  permissionTree: defineRoute({ method: 'POST', path: '/api/role/permission-tree', permission: 'authenticated', response: PermissionTreeSchema }),
};
