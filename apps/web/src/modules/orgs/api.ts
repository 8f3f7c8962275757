import {
  orgRoutes as routes,
  type OrgDataNode,
  type OrgDetail,
  type OrgInsert,
  type OrgNode,
  type OrgUpdate,
  type OrgTreeQuery,
  type OrgTreeByName,
  type TreeSort,
} from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type { OrgDataNode, OrgDetail, OrgNode };

export const getOrgTree = (input: OrgTreeQuery = {}) => call(routes.tree, input);
export const getOrgTreeByName = (input: OrgTreeByName) => call(routes.treeByName, input);
/** The caller's data scope as a forest (selectors of roles, users, lecturers). */
export const getOrgDataTree = () => call(routes.dataTree);
export const getOrgById = (input: { id: number }) => call(routes.get, input);
export const insertOrg = (input: OrgInsert) => call(routes.insert, input, { silent: true });
export const updateOrg = (input: OrgUpdate) => call(routes.update, input, { silent: true });
export const deleteOrg = (input: { id: number }) => call(routes.delete, input, { silent: true });
export const freezeOrgs = (input: { ids: number[] }) => call(routes.freeze, input);
export const unfreezeOrgs = (input: { ids: number[] }) => call(routes.unfreeze, input);
export const sortOrg = (input: TreeSort) => call(routes.sort, input);
/** Drag onto another organization: re-parents it; refusals are shown by the client. */
export const moveOrg = (input: { id: number; parentId: number }) => call(routes.update, input);
