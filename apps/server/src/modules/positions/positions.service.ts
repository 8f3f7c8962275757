import type { PositionAbilities, PositionInsert, PositionListQuery, PositionRow, PositionUpdate } from '@hanlin/shared';
import type { Principal } from '../../platform/auth/principal.js';
import { abilitiesOf } from '../../platform/lifecycle.js';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { requireLabelsOfKind } from '../labels/index.js';
import type { ListRuntime } from '../../platform/list.js';
import { deleteAllRows } from '../../platform/table-rows.js';
import * as repo from './positions.repository.js';
import { positions } from './positions.schema.js';
import type { PositionUse } from './positions.usage.js';
import { idsInUse } from '../../platform/use-registry.js';

/** Position labels must be existing labels of a `job` category. */
const checkLabels = (tx: DbOrTx, labelIds: number[]) => requireLabelsOfKind(tx, labelIds, 'job', 'labelIds');

const ABILITY_CODES: Record<keyof PositionAbilities, string> = { modify: 'gwgl:modify', delete: 'gwgl:delete' };

/** The rule of remove (no user holds the position), for the page to obey. */
function withAbilities(p: Principal, r: Omit<PositionRow, 'abilities'>): PositionRow {
  return { ...r, abilities: abilitiesOf({ modify: true, delete: true }, p.permissions, ABILITY_CODES, { delete: r.userCount === 0 }) };
}

interface Deps {
  db: Db;
  lists: ListRuntime;
  /** Modules holding positions (users): a held position is not deleted; the rows count its holders. */
  uses: ReadonlyMap<string, PositionUse>;
}

export function createPositionsService({ db, lists, uses }: Deps) {
  return {
    async list(principal: Principal, q: PositionListQuery) {
      const page = await repo.findPositions(lists, q, uses);
      return { ...page, records: page.records.map((r) => withAbilities(principal, r)) };
    },
    async get(principal: Principal, id: number) {
      const row = await repo.getPosition(db, id, uses);
      if (!row) throw new AppError('NOT_FOUND_ERROR');
      return withAbilities(principal, row);
    },

    async insert(input: PositionInsert) {
      const labelIds = [...new Set(input.labelIds ?? [])];
      return await db.transaction(async (tx) => {
        if (await repo.nameTaken(tx, input.name)) throw new AppError('DUPLICATE_POSITION', { field: 'name' });
        await checkLabels(tx, labelIds);
        const id = await repo.insertPosition(tx, { name: input.name, description: input.description ?? null, sort: input.sort ?? (await repo.nextSort(tx)) });
        await repo.replaceLabels(tx, id, labelIds);
        return { id };
      });
    },

    async update(input: PositionUpdate) {
      await db.transaction(async (tx) => {
        const [pos] = await repo.getForUpdate(tx, [input.id]);
        if (!pos) throw new AppError('NOT_FOUND_ERROR');
        // Users hold the position by id, so renaming a held position keeps them on it.
        if (input.name !== undefined && input.name !== pos.name && (await repo.nameTaken(tx, input.name, pos.id))) throw new AppError('DUPLICATE_POSITION', { field: 'name' });
        if (input.labelIds) {
          const labelIds = [...new Set(input.labelIds)];
          await checkLabels(tx, labelIds);
          await repo.replaceLabels(tx, pos.id, labelIds);
        }
        await repo.updatePosition(tx, pos.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.sort !== undefined ? { sort: input.sort } : {}),
        });
      });
    },

    remove: (ids: number[]) =>
      deleteAllRows(db, positions, ids, async (tx, _rows, unique) => {
        if ((await idsInUse(uses, tx, unique)).size) throw new AppError('IN_USE_POSITION');
      }),
  };
}
export type PositionsService = ReturnType<typeof createPositionsService>;
