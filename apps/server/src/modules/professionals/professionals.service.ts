import type { ProfessionalAbilities, ProfessionalNode } from '@hanlin/shared';
import type { Db } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { abilitiesOf } from '../../platform/lifecycle.js';
import { categoryTreeCommands } from '../../platform/category-tree.js';
import { buildForest } from '../../platform/tree.js';
import { professionalTree } from './professionals.repository.js';
import { professionals } from './professionals.schema.js';

const ABILITY_CODES: Record<keyof ProfessionalAbilities, string> = { modify: 'zygl:modify', delete: 'zygl:delete' };

export function createProfessionalsService({ db }: { db: Db }) {
  const { nodes, insert, update, remove, sort } = categoryTreeCommands({ db, table: professionals, tree: professionalTree });
  return {
    /** Every node with the abilities the writes obey: a node with children is not deleted. */
    async tree(principal: Principal): Promise<ProfessionalNode[]> {
      const rows = await nodes();
      const parents = new Set(rows.map((r) => r.parentId));
      const withAbilities = rows.map((r) => ({
        ...r,
        abilities: abilitiesOf({ modify: true, delete: true }, principal.permissions, ABILITY_CODES, { delete: !parents.has(r.id) }),
      }));
      return buildForest(withAbilities);
    },
    insert,
    update,
    remove,
    sort,
  };
}
export type ProfessionalsService = ReturnType<typeof createProfessionalsService>;
