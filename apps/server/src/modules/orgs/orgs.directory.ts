import type { DbOrTx } from '../../platform/db/client.js';
import { insertOrg, orgTree } from './orgs.repository.js';

/** An organization as a directory sync sees it. */
export interface SyncedOrg {
  id: number;
  name: string;
  code: string | null;
  parentId: number | null;
  path: string;
  depth: number;
}

/** Serializes structural changes of the organization tree until the transaction ends (take it before `insertSyncedOrg`). */
export const lockOrgTree = (tx: DbOrTx) => orgTree.lock(tx);

/**
 * Adds an organization coming from a directory (LDAP) under `parent`, through the tree repository:
 * the depth limit (TREE_DEPTH_EXCEEDED) and the sibling-name rule (DUPLICATE_ORGANIZATION) apply as
 * for one added by hand; the next sort value is picked. Call inside the transaction, after `lockOrgTree`.
 */
export async function insertSyncedOrg(tx: DbOrTx, parent: Omit<SyncedOrg, 'name' | 'code'> & { name?: string }, v: { name: string; code: string }): Promise<SyncedOrg> {
  const node = { id: parent.id, parentId: parent.parentId, name: parent.name ?? '', sort: 0, path: parent.path, depth: parent.depth };
  const id = await insertOrg(tx, node, { name: v.name, code: v.code, leaderIds: [] });
  return { id, name: v.name, code: v.code, parentId: parent.id, path: `${parent.path}${id}/`, depth: parent.depth + 1 };
}
