import { roleRoutes as routes, type RoleDetail, type RoleInsert, type RoleListQuery, type RoleOption, type RoleRow, type RoleUpdate } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type { RoleDetail, RoleOption, RoleRow };
export type RoleQuery = Partial<RoleListQuery> & { page: number; size: number };

export const findRoles = (q: RoleQuery) => call(routes.list, q);
/** Every role (selectors of the user and student forms). */
export const getAllRoles = () => call(routes.all);
export const getRoleById = (input: { id: number }) => call(routes.get, input);
export const insertRole = (input: RoleInsert) => call(routes.insert, input, { silent: true });
export const updateRole = (input: RoleUpdate) => call(routes.update, input, { silent: true });
export const deleteRoles = (input: { ids: number[] }) => call(routes.delete, input);
export const freezeRoles = (input: { ids: number[] }) => call(routes.freeze, input);
export const unfreezeRoles = (input: { ids: number[] }) => call(routes.unfreeze, input);
export const getPermissionTree = () => call(routes.permissionTree);
