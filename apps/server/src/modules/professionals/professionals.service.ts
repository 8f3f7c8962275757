import type { ProfessionalInsert, ProfessionalNode, ProfessionalUpdate, TreeSort } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import * as repo from './professionals.repository.js';
import { professionalTree as tree } from './professionals.repository.js';
import { buildForest } from '../../platform/tree.js';

export function createProfessionalsService({ db }: { db: Db }) {
  return {
    async tree(): Promise<ProfessionalNode[]> {
      return buildForest(await repo.allNodes(db)) as ProfessionalNode[];
    },

    async insert(input: ProfessionalInsert) {
      const parentId = input.parentId ?? null;
      return await db.transaction(async (tx) => {
        await tree.lock(tx);
        const parent = parentId == null ? null : await tree.mustGet(tx, parentId, 'parentId');
        return { id: await repo.insertNode(tx, parent, { name: input.name, sort: input.sort }) };
      });
    },

    async update(input: ProfessionalUpdate) {
      await db.transaction(async (tx) => {
        await tree.lock(tx);
        const node = await tree.mustGet(tx, input.id);
        await repo.updateNode(tx, node.id, await tree.edit(tx, node, input));
      });
    },

    async remove(id: number) {
      await db.transaction(async (tx) => {
        await tree.lock(tx);
        await tree.mustGet(tx, id);
        if (await tree.hasChildren(tx, id)) throw new AppError('IN_USE_SUBCLASS');
        await repo.deleteNode(tx, id);
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
export type ProfessionalsService = ReturnType<typeof createProfessionalsService>;
