import {
  DICT_LIFECYCLE,
  type DictEntryAbilities,
  type DictEntryCreate,
  type DictEntryRow,
  type DictEntryUpdate,
  type DictListQuery,
  type DictTypeCreate,
  type DictTypeRow,
  type DictTypeUpdate,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/auth/principal.js';
import { abilitiesOf, applyStatusTransition } from '../../platform/lifecycle.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { ListRuntime } from '../../platform/list.js';
import * as repo from './dict.repository.js';
import { dictEntries } from './dict.schema.js';
import { entriesInUse, type DictUse } from './dict.usage.js';

const ABILITY_CODES: Record<keyof DictEntryAbilities, string> = { modify: 'zdgl:modify', delete: 'zdgl:delete', freeze: 'zdgl:modify', unfreeze: 'zdgl:modify' };
const withAbilities = (p: Principal, r: Omit<DictEntryRow, 'abilities'>): DictEntryRow => ({
  ...r,
  abilities: abilitiesOf(DICT_LIFECYCLE.abilities(r.status), p.permissions, ABILITY_CODES),
});

/**
 * Refuses (PARAMETER_INVALID naming the field) a value that is not a normal entry of its type:
 * `requireDictValues(tx, [{ field: 'city', type: DICT_TYPES.city, value }])`; empty values pass.
 */
export async function requireDictValues(db: DbOrTx, checks: { field: string; type: string; value: string | null | undefined }[]) {
  for (const c of checks) {
    if (!c.value) continue;
    const known = await repo.knownValues(db, c.type, [c.value]);
    if (!known.has(c.value)) throw new AppError('PARAMETER_INVALID', { field: c.field });
  }
}

/**
 * A file's dictionary column (Excel imports): each text that names a normal entry of `type` by its value
 * or its label, mapped to the value to store; texts absent from the map are not in the dictionary.
 */
export const matchDictTexts = (db: DbOrTx, type: string, texts: string[]) => repo.valuesByValueOrLabel(db, type, [...new Set(texts.filter(Boolean))]);

/** What people read for stored dictionary values (exports): value → label; a value without an entry is absent. */
export const dictLabels = (db: DbOrTx, type: string, values: (string | null)[]) => repo.labelsOfValues(db, type, [...new Set(values.filter((v): v is string => !!v))]);

/** Concurrent inserts can pass the pre-check; the unique indexes decide and name the field. */
export function createDictService({ db, lists, uses }: { db: Db; lists: ListRuntime; uses: ReadonlyMap<string, DictUse> }) {
  async function assertNoClash(type: string, value: string, label: string, exceptId?: number) {
    const field = await repo.findClash(db, type, value, label, exceptId);
    if (field) throw new AppError('DUPLICATE_DICT_ENTRY', { field });
  }

  return {
    async list(principal: Principal, q: DictListQuery) {
      const page = await repo.findDictEntries(lists, q);
      // An entry whose value some module holds cannot be deleted: the row says so.
      const used = await entriesInUse(uses, db, page.records);
      return {
        ...page,
        records: page.records.map((r) => {
          const row = withAbilities(principal, r);
          return used.has(r.id) ? { ...row, abilities: { ...row.abilities, delete: false } } : row;
        }),
      };
    },

    byType: (type: string) => repo.findOptionsByType(db, type),

    async insert(principal: Principal, input: DictEntryCreate): Promise<DictEntryRow> {
      if (!(await repo.typeExists(db, input.type))) throw new AppError('NOT_FOUND_ERROR', { field: 'type' });
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
        if (next.type !== cur.type && !(await repo.typeExists(tx, next.type))) throw new AppError('NOT_FOUND_ERROR', { field: 'type' });
        // Records hold the value: it stays while they do.
        if ((next.type !== cur.type || next.value !== cur.value) && (await entriesInUse(uses, tx, [cur])).size) throw new AppError('IN_USE_DICT_ENTRY', { field: 'value' });
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
        const used = await entriesInUse(uses, tx, await repo.entriesOf(tx, unique, true));
        if (used.size) throw new AppError('IN_USE_DICT_ENTRY', { field: 'ids', data: { ids: [...used] } });
        const deleted = await repo.deleteEntries(tx, unique);
        if (deleted.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
        return { count: deleted.length };
      });
    },

    // ---- Types ----

    types: () => repo.findTypes(db),

    async insertType(input: DictTypeCreate): Promise<DictTypeRow> {
      const field = await repo.findTypeClash(db, input.code, input.name);
      if (field) throw new AppError('DUPLICATE_DICT_TYPE', { field });
      const id = await repo.insertType(db, { code: input.code, name: input.name, sort: input.sort ?? 0, remark: input.remark || null });
      return typeRow(id);
    },

    async updateType(input: DictTypeUpdate): Promise<DictTypeRow> {
      await db.transaction(async (tx) => {
        const cur = await repo.getType(tx, input.id);
        if (!cur) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
        const name = input.name ?? cur.name;
        if (await repo.findTypeClash(tx, null, name, cur.id)) throw new AppError('DUPLICATE_DICT_TYPE', { field: 'name' });
        await repo.updateType(tx, cur.id, { name, sort: input.sort ?? cur.sort, remark: input.remark === undefined ? cur.remark : input.remark || null });
      });
      return typeRow(input.id);
    },

    /** All or nothing: a built-in type (DATA_IN_USE) or one holding entries (IN_USE_SUBCLASS) refuses the batch. */
    async removeTypes(ids: number[]) {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const rows = await repo.lockTypes(tx, unique);
        if (rows.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
        const builtin = rows.filter((r) => r.builtin).map((r) => r.id);
        if (builtin.length) throw new AppError('DATA_IN_USE', { field: 'ids', data: { ids: builtin } });
        const holding = rows.filter((r) => r.hasEntries).map((r) => r.id);
        if (holding.length) throw new AppError('IN_USE_SUBCLASS', { field: 'ids', data: { ids: holding } });
        await repo.deleteTypes(tx, unique);
        return { count: unique.length };
      });
    },
  };

  async function typeRow(id: number): Promise<DictTypeRow> {
    const row = (await repo.findTypes(db)).find((r) => r.id === id);
    if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    return row;
  }
}
export type DictService = ReturnType<typeof createDictService>;
