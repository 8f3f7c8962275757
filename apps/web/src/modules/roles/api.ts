import type { Page, PermissionNode, RoleDetail, RoleInsert, RoleListQuery, RoleRow, RoleUpdate, Terminal } from '@hanlin/shared';
import { api } from '../../platform/api/client';

export type { RoleDetail, RoleRow };
export type RoleQuery = Partial<RoleListQuery> & { page: number; size: number };
export interface RoleOption {
  id: number;
  name: string;
  status: string;
}

export const findRoles = (q: RoleQuery) => api<Page<RoleRow>>('role/list', q);
/** Every role (selectors of the user and student forms). */
export const getAllRoles = () => api<RoleOption[]>('role/all', {});
export const getRoleById = (input: { id: number }) => api<RoleDetail>('role/get', input);
export const insertRole = (input: RoleInsert) => api<{ id: number }>('role/insert', input, { silent: true });
export const updateRole = (input: RoleUpdate) => api<null>('role/update', input, { silent: true });
export const deleteRoles = (input: { ids: number[] }) => api<null>('role/delete', input);
export const freezeRoles = (input: { ids: number[] }) => api<null>('role/freeze', input);
export const unfreezeRoles = (input: { ids: number[] }) => api<null>('role/unfreeze', input);
export const getPermissionTree = () => api<Record<Terminal, PermissionNode[]>>('role/permission-tree', {});
