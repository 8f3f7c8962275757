import type { ProfessionalInsert, ProfessionalNode, ProfessionalUpdate, TreeSort } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { renumber } from '../orgs/index.js';
import * as repo from './professionals.repository.js';
import { buildForest } from '../../platform/tree.js';

async function mustGet(tx: DbOrTx, id: number, field?: string) {
  const node = await repo.getNode(tx, id);
  if (!node) throw new AppError('NOT_FOUND_ERROR', field ? { field } : {});
  return node;
}

/** Re-parenting must not put a node under itself or its own descendant. */
async function checkParent(tx: DbOrTx, id: number, parentId: number | null) {
  if (parentId == null) return;
  await mustGet(tx, parentId, 'parentId');
  if ((await repo.subtreeIds(tx, id)).includes(parentId)) throw new AppError('PARAMETER_INVALID', { field: 'parentId' });
}

export function createProfessionalsService({ db }: { db: Db }) {
  return {
    async tree(): Promise<ProfessionalNode[]> {
      return buildForest(await repo.allNodes(db)) as ProfessionalNode[];
    },

    async insert(input: ProfessionalInsert) {
      const parentId = input.parentId ?? null;
      return await db.transaction(async (tx) => {
        await repo.lockTree(tx);
        if (parentId != null) await mustGet(tx, parentId, 'parentId');
        if (await repo.nameTaken(tx, parentId, input.name)) throw new AppError('DUPLICATE_CATEGORY', { field: 'name' });
        return { id: await repo.insertNode(tx, { parentId, name: input.name, sort: input.sort ?? (await repo.nextSort(tx, parentId)) }) };
      });
    },

    async update(input: ProfessionalUpdate) {
      await db.transaction(async (tx) => {
        await repo.lockTree(tx);
        const node = await mustGet(tx, input.id);
        const parentId = input.parentId === undefined ? node.parentId : input.parentId;
        const moved = parentId !== node.parentId;
        if (moved) await checkParent(tx, node.id, parentId);
        const name = input.name ?? node.name;
        if ((moved || input.name !== undefined) && (await repo.nameTaken(tx, parentId, name, node.id))) throw new AppError('DUPLICATE_CATEGORY', { field: 'name' });
        const sort = input.sort ?? (moved ? await repo.nextSort(tx, parentId) : undefined);
        await repo.updateNode(tx, node.id, { name, parentId, ...(sort !== undefined ? { sort } : {}) });
      });
    },

    async remove(id: number) {
      await db.transaction(async (tx) => {
        await repo.lockTree(tx);
        await mustGet(tx, id);
        if (await repo.hasChildren(tx, id)) throw new AppError('IN_USE_SUBCLASS');
        await repo.deleteNode(tx, id);
      });
    },

    /** Places the node above or below the target, under the target's parent. */
    async sort(input: TreeSort) {
      if (input.id === input.targetId) throw new AppError('PARAMETER_INVALID', { field: 'targetId' });
      await db.transaction(async (tx) => {
        await repo.lockTree(tx);
        const node = await mustGet(tx, input.id);
        const target = await mustGet(tx, input.targetId, 'targetId');
        if (target.parentId !== node.parentId) {
          await checkParent(tx, node.id, target.parentId);
          if (await repo.nameTaken(tx, target.parentId, node.name, node.id)) throw new AppError('DUPLICATE_CATEGORY', { field: 'name' });
          await repo.updateNode(tx, node.id, { parentId: target.parentId });
        }
        const ids = (await repo.siblingIds(tx, target.parentId)).filter((x) => x !== node.id);
        ids.splice(ids.indexOf(target.id) + (input.position === 'below' ? 1 : 0), 0, node.id);
        await renumber(tx, 'professionals', ids);
      });
    },
  };
}
export type ProfessionalsService = ReturnType<typeof createProfessionalsService>;
