import { asc, eq, getTableName } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CategoryNode, ErrorName, TreeSort } from '@hanlin/shared';
import { AppError } from './errors.js';
import type { Db } from './db/client.js';
import { buildForest } from './tree.js';
import { defineTree, type Tree, type TreeOptions, type defineTreeTable } from './tree-repository.js';
import { onlyRow } from './db/rows.js';

type CategoryTable = ReturnType<typeof defineTreeTable<string>>;

/**
 * The tree of a `defineTreeTable` table of categories: a sibling's name answers DUPLICATE_CATEGORY
 * unless the domain names its own error, and `items` is the column of the rows filed under a
 * category (`tree.hasItems`: what keeps it from being deleted; `tree.inSubtree`: the list filter).
 */
export function defineCategoryTree(table: CategoryTable, opts: Omit<TreeOptions, 'table' | 'duplicateName' | 'items'> & { duplicateName?: ErrorName; items: AnyPgColumn }) {
  return defineTree({ duplicateName: 'DUPLICATE_CATEGORY', ...opts, table: getTableName(table) });
}

export interface CategoryInput {
  parentId?: number | null;
  name: string;
  sort?: number;
}

/**
 * The commands of a category-like tree (a `defineTreeTable` table kept by `defineTree`), as a
 * domain's service offers them and `registerCategoryRoutes` serves them: the flat nodes in
 * display order and the forest, insert, edit (rename, re-parent), delete and place above or below,
 * each in a transaction holding the tree's lock. A node with children is never deleted
 * (IN_USE_SUBCLASS), nor one with rows filed under it (`tree.hasItems`): `itemsInUse` names that
 * refusal (IN_USE_SUBCLASS unless the domain names its own, IN_USE_CLASSIFICATION).
 */
export function categoryTreeCommands(deps: { db: Db; table: CategoryTable; tree: Tree; itemsInUse?: ErrorName }) {
  const { db, table: t, tree } = deps;
  const nodes = () => db.select({ id: t.id, name: t.name, parentId: t.parentId, sort: t.sort }).from(t).orderBy(asc(t.sort), asc(t.id));
  return {
    nodes,
    forest: async (): Promise<CategoryNode[]> => buildForest(await nodes()),

    insert: (input: CategoryInput) =>
      db.transaction(async (tx) => {
        await tree.lock(tx);
        const parent = input.parentId == null ? null : await tree.mustGet(tx, input.parentId, 'parentId');
        const id = await tree.insert(tx, { parent, name: input.name, sort: input.sort }, async (row) => {
          const created = onlyRow(
            await tx.insert(t).values({ parentId: row.parentId, name: input.name, sort: row.sort, path: row.path, depth: row.depth }).returning({ id: t.id }),
          );
          return created.id;
        });
        return { id };
      }),

    async update(input: Partial<CategoryInput> & { id: number }) {
      await db.transaction(async (tx) => {
        await tree.lock(tx);
        const node = await tree.mustGet(tx, input.id);
        const set = await tree.edit(tx, node, input);
        await tx
          .update(t)
          .set({ ...set, updatedAt: new Date() })
          .where(eq(t.id, node.id));
      });
    },

    async remove(id: number) {
      await db.transaction(async (tx) => {
        await tree.lock(tx);
        await tree.mustGet(tx, id);
        if (await tree.hasChildren(tx, id)) throw new AppError('IN_USE_SUBCLASS');
        if (await tree.hasItems(tx, id)) throw new AppError(deps.itemsInUse ?? 'IN_USE_SUBCLASS');
        await tx.delete(t).where(eq(t.id, id));
      });
    },

    /** Places the node above or below the target, under the target's parent. */
    async sort(input: TreeSort) {
      if (input.id === input.targetId) throw new AppError('PARAMETER_INVALID', { field: 'targetId' });
      await db.transaction(async (tx) => {
        await tree.lock(tx);
        const node = await tree.mustGet(tx, input.id);
        const target = await tree.mustGet(tx, input.targetId, 'targetId');
        await tree.place(tx, node, target, input.position);
      });
    },
  };
}
