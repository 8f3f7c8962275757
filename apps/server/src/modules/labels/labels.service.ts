import type { LabelCategoryInsert, LabelCategoryListQuery, LabelCategoryUpdate, LabelInsert, LabelKind, LabelListQuery, LabelUpdate } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/auth/principal.js';
import { abilitiesOf } from '../../platform/lifecycle.js';
import type { Db } from '../../platform/db/client.js';
import type { ListRuntime } from '../../platform/list.js';
import { deleteAllRows } from '../../platform/table-rows.js';
import * as repo from './labels.repository.js';
import { labelCategories, labels } from './labels.schema.js';

const ABILITY_CODES = { modify: 'bqgl:modify', delete: 'bqgl:delete' } as const;
const flags = { modify: true, delete: true };

export function createLabelsService({ db, lists }: { db: Db; lists: ListRuntime }) {
  return {
    /** Categories with abilities: delete only while it holds no label (the rule of deleteCategories). */
    async listCategories(principal: Principal, q: LabelCategoryListQuery) {
      const page = await repo.findCategories(lists, q);
      return { ...page, records: page.records.map((r) => ({ ...r, abilities: abilitiesOf(flags, principal.permissions, ABILITY_CODES, { delete: r.labelCount === 0 }) })) };
    },
    async listLabels(principal: Principal, q: LabelListQuery) {
      const page = await repo.findLabels(lists, q);
      return { ...page, records: page.records.map((r) => ({ ...r, abilities: abilitiesOf(flags, principal.permissions, ABILITY_CODES) })) };
    },
    options: (kind: LabelKind) => repo.options(db, kind),

    async insertCategory(input: LabelCategoryInsert) {
      if (await repo.categoryNameTaken(db, input.name)) throw new AppError('DUPLICATE_LABEL_CATEGORY', { field: 'name' });
      return { id: await repo.insertCategory(db, input) };
    },

    async updateCategory(input: LabelCategoryUpdate) {
      await db.transaction(async (tx) => {
        const [cat] = await repo.getCategoriesForUpdate(tx, [input.id]);
        if (!cat) throw new AppError('NOT_FOUND_ERROR');
        if (input.name !== undefined && (await repo.categoryNameTaken(tx, input.name, cat.id))) throw new AppError('DUPLICATE_LABEL_CATEGORY', { field: 'name' });
        // Labels already attached to objects of one kind must not silently change kind.
        if (input.kind !== undefined && input.kind !== cat.kind && (await repo.categoriesHaveLabels(tx, [cat.id]))) {
          throw new AppError('IN_USE_CLASSIFICATION', { field: 'kind' });
        }
        await repo.updateCategory(tx, cat.id, { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.kind !== undefined ? { kind: input.kind } : {}) });
      });
    },

    deleteCategories: (ids: number[]) =>
      deleteAllRows(db, labelCategories, ids, async (tx, _rows, unique) => {
        if (await repo.categoriesHaveLabels(tx, unique)) throw new AppError('IN_USE_CLASSIFICATION');
      }),

    async insertLabel(input: LabelInsert) {
      return await db.transaction(async (tx) => {
        const [cat] = await repo.getCategoriesForUpdate(tx, [input.categoryId]);
        if (!cat) throw new AppError('NOT_FOUND_ERROR', { field: 'categoryId' });
        if (await repo.labelNameTaken(tx, cat.id, input.name)) throw new AppError('DUPLICATE_LABEL', { field: 'name' });
        return { id: await repo.insertLabel(tx, input) };
      });
    },

    async updateLabel(input: LabelUpdate) {
      await db.transaction(async (tx) => {
        const [label] = await repo.getLabelsForUpdate(tx, [input.id]);
        if (!label) throw new AppError('NOT_FOUND_ERROR');
        const categoryId = input.categoryId ?? label.categoryId;
        if (categoryId !== label.categoryId) {
          const cat = await repo.getCategory(tx, categoryId);
          if (!cat) throw new AppError('NOT_FOUND_ERROR', { field: 'categoryId' });
          const old = await repo.getCategory(tx, label.categoryId);
          // Moving a label to a category of another kind would change what it may label.
          if (old && old.kind !== cat.kind) throw new AppError('PARAMETER_INVALID', { field: 'categoryId' });
        }
        const name = input.name ?? label.name;
        if (await repo.labelNameTaken(tx, categoryId, name, label.id)) throw new AppError('DUPLICATE_LABEL', { field: 'name' });
        await repo.updateLabel(tx, label.id, { name, categoryId });
      });
    },

    deleteLabels: (ids: number[]) => deleteAllRows(db, labels, ids),
  };
}
export type LabelsService = ReturnType<typeof createLabelsService>;
