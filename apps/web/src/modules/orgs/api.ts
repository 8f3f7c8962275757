import type { OrgDataNode, OrgDetail, OrgInsert, OrgNode, OrgUpdate, TreeSort } from '@hanlin/shared';
import { api } from '../../platform/api/client';

export type { OrgDataNode, OrgDetail, OrgNode };

export const getOrgTree = (input: { maxDepth?: number } = {}) => api<OrgNode[]>('org/tree', input);
export const getOrgTreeByName = (input: { name: string }) => api<OrgNode[]>('org/tree-by-name', input);
/** The caller's data scope as a forest (selectors of roles, users, lecturers). */
export const getOrgDataTree = () => api<OrgDataNode[]>('org/data-tree', {});
export const getOrgById = (input: { id: number }) => api<OrgDetail>('org/get', input);
export const insertOrg = (input: OrgInsert) => api<{ id: number }>('org/insert', input, { silent: true });
export const updateOrg = (input: OrgUpdate) => api<null>('org/update', input, { silent: true });
export const deleteOrg = (input: { id: number }) => api<null>('org/delete', input, { silent: true });
export const freezeOrgs = (input: { ids: number[] }) => api<null>('org/freeze', input);
export const unfreezeOrgs = (input: { ids: number[] }) => api<null>('org/unfreeze', input);
export const sortOrg = (input: TreeSort) => api<null>('org/sort', input);
/** Drag onto another organization: re-parents it; refusals are shown by the client. */
export const moveOrg = (input: { id: number; parentId: number }) => api<null>('org/update', input);
