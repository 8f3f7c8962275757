import type { DbOrTx } from '../../platform/db/client.js';
import { insertOrg, orgTree, updateOrgRow } from './orgs.repository.js';

/** An organization as a directory sync sees it. */
export interface SyncedOrg {
  id: number;
  name: string;
  code: string | null;
  parentId: number | null;
  path: string;
  depth: number;
}

const treeNode = (o: Omit<SyncedOrg, 'name' | 'code'> & { name?: string }) => ({ id: o.id, parentId: o.parentId, name: o.name ?? '', sort: 0, path: o.path, depth: o.depth });

/** Serializes structural changes of the organization tree until the transaction ends (take it before `insertSyncedOrg`). */
export const lockOrgTree = (tx: DbOrTx) => orgTree.lock(tx);

/**
 * Adds an organization coming from a directory (LDAP) under `parent`, through the tree repository:
 * the depth limit (TREE_DEPTH_EXCEEDED) and the sibling-name rule (DUPLICATE_ORGANIZATION) apply as
 * for one added by hand; the next sort value is picked. Call inside the transaction, after `lockOrgTree`.
 */
export async function insertSyncedOrg(tx: DbOrTx, parent: Omit<SyncedOrg, 'name' | 'code'> & { name?: string }, v: { name: string; code: string }): Promise<SyncedOrg> {
  const id = await insertOrg(tx, treeNode(parent), { name: v.name, code: v.code, leaderIds: [] });
  return { id, name: v.name, code: v.code, parentId: parent.id, path: `${parent.path}${id}/`, depth: parent.depth + 1 };
}

/** Renames an organization a directory sync keeps (the sync checked the name among its siblings). */
export async function renameSyncedOrg(tx: DbOrTx, id: number, name: string) {
  await updateOrgRow(tx, id, { name });
}

/**
 * Moves a synced organization and its subtree under `parent` through the tree repository (every
 * check of a move by hand: not under itself, TREE_DEPTH_EXCEEDED, DUPLICATE_ORGANIZATION). Call
 * inside the transaction, after `lockOrgTree`.
 */
export async function moveSyncedOrg(tx: DbOrTx, org: SyncedOrg, parent: SyncedOrg): Promise<SyncedOrg> {
  const { path } = await orgTree.move(tx, treeNode(org), treeNode(parent), org.name);
  return { ...org, parentId: parent.id, path, depth: parent.depth + 1 };
}
