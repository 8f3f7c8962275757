import { asc, eq } from 'drizzle-orm';
import { CONSTANTS } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { defineTree, type TreeNode } from '../../platform/tree-repository.js';
import { professionals } from './professionals.schema.js';

export type ProfessionalRecord = typeof professionals.$inferSelect;

/** The professional tree: several roots, spec §9's default of 10 levels. */
export const professionalTree = defineTree({
  table: 'professionals',
  maxDepth: CONSTANTS.TREE_LEVELS_DEFAULT,
  lockKey: 'professionalTree',
  duplicateName: 'DUPLICATE_CATEGORY',
});

export function allNodes(db: DbOrTx) {
  return db
    .select({ id: professionals.id, name: professionals.name, parentId: professionals.parentId, sort: professionals.sort })
    .from(professionals)
    .orderBy(asc(professionals.sort), asc(professionals.id));
}

export function insertNode(tx: DbOrTx, parent: TreeNode | null, v: { name: string; sort?: number }) {
  return professionalTree.insert(tx, { parent, name: v.name, sort: v.sort }, async (row) => {
    const [created] = await tx
      .insert(professionals)
      .values({ parentId: row.parentId, name: v.name, sort: row.sort, path: row.path, depth: row.depth })
      .returning({ id: professionals.id });
    return created!.id;
  });
}

export async function updateNode(db: DbOrTx, id: number, set: Partial<Pick<ProfessionalRecord, 'name' | 'sort'>>) {
  await db
    .update(professionals)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(professionals.id, id));
}

export async function deleteNode(db: DbOrTx, id: number) {
  await db.delete(professionals).where(eq(professionals.id, id));
}
