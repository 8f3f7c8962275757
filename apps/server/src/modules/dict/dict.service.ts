import { DICT_LIFECYCLE, type DictEntryAbilities, type DictEntryCreate, type DictEntryRow, type DictEntryUpdate, type DictListQuery } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/auth/principal.js';
import { abilitiesOf, applyStatusTransition } from '../../platform/lifecycle.js';
import type { Db } from '../../platform/db/client.js';
import type { ListRuntime } from '../../platform/list.js';
import * as repo from './dict.repository.js';
import { dictEntries } from './dict.schema.js';

const ABILITY_CODES: Record<keyof DictEntryAbilities, string> = { modify: 'zdgl:modify', delete: 'zdgl:delete', freeze: 'zdgl:modify', unfreeze: 'zdgl:modify' };
const withAbilities = (p: Principal, r: Omit<DictEntryRow, 'abilities'>): DictEntryRow => ({
  ...r,
  abilities: abilitiesOf(DICT_LIFECYCLE.abilities(r.status), p.permissions, ABILITY_CODES),
});

/** Concurrent inserts can pass the pre-check; the unique indexes decide and name the field. */
export function createDictService({ db, lists }: { db: Db; lists: ListRuntime }) {
  async function assertNoClash(type: string, value: string, label: string, exceptId?: number) {
    const field = await repo.findClash(db, type, value, label, exceptId);
    if (field) throw new AppError('DUPLICATE_DICT_ENTRY', { field });
  }

  return {
    async list(principal: Principal, q: DictListQuery) {
      const page = await repo.findDictEntries(lists, q);
      return { ...page, records: page.records.map((r) => withAbilities(principal, r)) };
    },

    byType: (type: string) => repo.findOptionsByType(db, type),

    async insert(principal: Principal, input: DictEntryCreate): Promise<DictEntryRow> {
      await assertNoClash(input.type, input.value, input.label);
      const row = await repo.insertEntry(db, {
        type: input.type,
        label: input.label,
        value: input.value,
        sort: input.sort ?? 0,
        remark: input.remark || null,
        status: input.status ?? 'normal',
      });
      return withAbilities(principal, repo.presentEntry(row));
    },

    async update(principal: Principal, input: DictEntryUpdate): Promise<DictEntryRow> {
      return await db.transaction(async (tx) => {
        const cur = await repo.getEntry(tx, input.id, true);
        if (!cur) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
        const next = {
          type: input.type ?? cur.type,
          label: input.label ?? cur.label,
          value: input.value ?? cur.value,
          sort: input.sort ?? cur.sort,
          remark: input.remark === undefined ? cur.remark : input.remark || null,
          status: input.status ?? cur.status,
        };
        const field = await repo.findClash(tx, next.type, next.value, next.label, cur.id);
        if (field) throw new AppError('DUPLICATE_DICT_ENTRY', { field });
        return withAbilities(principal, repo.presentEntry(await repo.updateEntry(tx, cur.id, next)));
      });
    },

    /** Freezes or unfreezes entries through the lifecycle; all or nothing (an unknown id refuses the batch). */
    async setStatus(ids: number[], command: 'freeze' | 'unfreeze') {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const rows = await repo.lockEntries(tx, unique);
        if (rows.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
        const done = await applyStatusTransition(tx, { lifecycle: DICT_LIFECYCLE, command, rows, table: dictEntries });
        return { count: done.ids.length };
      });
    },

    /** All or nothing: an unknown id refuses the whole batch. */
    async remove(ids: number[]) {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const deleted = await repo.deleteEntries(tx, unique);
        if (deleted.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
        return { count: deleted.length };
      });
    },
  };
}
export type DictService = ReturnType<typeof createDictService>;
