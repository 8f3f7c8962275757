import { z } from 'zod';
import { CONSTANTS } from './constants.js';
import { IdSchema, PageQuerySchema } from './api.js';
import { defineFreezeLifecycle } from './lifecycle.js';

export const ROLE_STATUSES = ['normal', 'frozen'] as const;
/** Roles: normal ⇄ frozen (users of a frozen role cannot sign in); built-in roles never freeze. */
export const ROLE_LIFECYCLE = defineFreezeLifecycle('roles', { normal: 'role.status_normal', frozen: 'role.status_frozen' });
/** What the caller may do to a listed role (codes, state, built-in, in use), decided by the server. */
export const RoleAbilitiesSchema = ROLE_LIFECYCLE.abilitiesSchema;
export type RoleAbilities = z.infer<typeof RoleAbilitiesSchema>;
export const ROLE_SORT_KEYS = ['id', 'name', 'createdAt'] as const;

export const RoleListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(50).optional(),
  status: z.enum(ROLE_STATUSES).optional(),
});
export type RoleListQuery = z.infer<typeof RoleListQuerySchema>;

const RoleName = z.string().trim().min(1).max(CONSTANTS.NAME_SHORT_MAX);
const Permissions = z.array(z.string().min(1).max(60)).max(1000);
const DataOrgIds = z.array(IdSchema).max(1000);

const roleFields = {
  name: RoleName,
  description: z.string().trim().max(200).nullish(),
  permissions: Permissions,
  canLogin: z.boolean().optional(),
  dataOrgIds: DataOrgIds.optional(),
};
export const RoleInsertSchema = z.object({ ...roleFields, permissions: roleFields.permissions.default([]) });
export type RoleInsert = z.infer<typeof RoleInsertSchema>;

/** Fields left out keep their value. */
export const RoleUpdateSchema = z.object(roleFields).partial().extend({ id: IdSchema });
export type RoleUpdate = z.infer<typeof RoleUpdateSchema>;

export const RoleRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.string(),
  canLogin: z.boolean(),
  builtin: z.boolean(),
  userCount: z.number(),
  createdAt: z.string(),
  abilities: RoleAbilitiesSchema,
});
export type RoleRow = z.infer<typeof RoleRowSchema>;

export const RoleDetailSchema = RoleRowSchema.omit({ userCount: true }).extend({
  permissions: z.array(z.string()),
  dataOrgIds: z.array(z.number()),
});
export type RoleDetail = z.infer<typeof RoleDetailSchema>;
