import { keysOf, recordOf, type ErrorName } from '@hanlin/shared';
import type { PgColumn, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Principal } from './auth/principal.js';
import type { Db, DbOrTx } from './db/client.js';
import { AppError } from './errors.js';
import { abilitiesOf } from './lifecycle.js';
import { listReads, type ListPage, type ListQuery, type ListRuntime } from './list.js';
import { lockOrgRows } from './org-rows.js';
import { scopedLock } from './scope.js';
import { deleteRows, insertRow, updateRow, type IdTable } from './table-rows.js';
import { idsInUse, type InUse } from './use-registry.js';

/** A table of owned named records: `ownedRecordColumns` (organization, creator, timestamps) beside its own. */
type NamedTable = IdTable & { orgId: PgColumn; createdBy: PgColumn; updatedAt: PgColumn };
/** What the record's list answers at the least: its organization's path for the scope check, its times. */
interface NamedListRow {
  id: number;
  orgPath: string | null;
  createdAt: Date;
  updatedAt: Date;
}
/** A listed row as the API answers it: without the path, times as ISO text, with its abilities. */
export type NamedRecordRow<R, C> = Omit<R, 'orgPath' | 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
  abilities: Record<keyof C & string, boolean>;
};

export interface NamedRecordsSpec<T extends NamedTable, R extends NamedListRow, Q extends ListQuery, C extends { modify: string; delete: string }> {
  table: T;
  /** The record's `defineList` (its columns, scope, filters, keyword and sort keys). */
  list: { run(rt: ListRuntime, principal: Principal, q: Q): Promise<ListPage<R>>; rowsOf(db: DbOrTx, ids: number[]): Promise<R[]> };
  /** The permission code of each ability (`{ modify: 'pxjggl:modify', delete: 'pxjggl:delete' }`); every ability holds in every state. */
  codes: C;
  /** The modules using the records (the owner's `defineUseRegistry(...).usesOf(app)`). */
  uses: ReadonlyMap<string, InUse>;
  /** Further ids, of those given, that cannot go (a room with a booking not yet ended). */
  alsoInUse?: (db: DbOrTx, ids: number[]) => Promise<number[]>;
  /** The refusal of a delete of a record in use (`IN_USE_TRAINING_SITE`, naming `ids` and `data.ids`). */
  inUseError: ErrorName;
}

/**
 * The service of a named record kept by the back office (training organizations, training sites,
 * meeting rooms): `list` and `get` in the caller's data scope, `insert` owned by the caller's
 * organization, `update` and `remove` (all or none) on rows locked in scope. The name is unique by
 * the table's unique index (its `constraintErrors` name the duplicate code). A record a registered
 * module uses (or `alsoInUse` names) cannot be deleted, and its rows answer `delete: false`.
 */
export function createNamedRecordsService<
  T extends NamedTable,
  R extends NamedListRow,
  Q extends ListQuery,
  const C extends { modify: string; delete: string } & Record<string, string>,
>({ db, lists }: { db: Db; lists: ListRuntime }, spec: NamedRecordsSpec<T, R, Q, C>) {
  const { table, codes } = spec;
  type Row = NamedRecordRow<R, C>;
  type Insert = Omit<T['$inferInsert'], 'id' | 'orgId' | 'createdBy' | 'createdAt' | 'updatedAt'>;

  async function inUse(tx: DbOrTx, ids: number[]) {
    const used = await idsInUse(spec.uses, tx, ids);
    if (spec.alsoInUse && ids.length) for (const id of await spec.alsoInUse(tx, ids)) used.add(id);
    return used;
  }
  const allowed = recordOf(keysOf<keyof C & string>(codes), () => true);

  const present = async (p: Principal, rows: R[]): Promise<Row[]> => {
    const used = await inUse(
      db,
      rows.map((r) => r.id),
    );
    return rows.map(({ orgPath: _path, createdAt, updatedAt, ...r }) => ({
      ...r,
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
      abilities: abilitiesOf<keyof C & string>({ ...allowed, delete: !used.has(r.id) }, p.permissions, codes),
    }));
  };
  const reads = listReads(spec.list, lists, present, { field: 'id' });
  const lockInScope = scopedLock((tx: DbOrTx, ids: number[]) => lockOrgRows(tx, table, ids, []));

  return {
    ...reads,

    async insert(p: Principal, input: Insert): Promise<Row> {
      const id = await insertRow(db, table, { ...input, orgId: p.orgId, createdBy: p.userId } as T['$inferInsert']);
      return reads.get(p, id);
    },

    async update(p: Principal, { id, ...set }: { id: number } & Partial<Insert>): Promise<Row> {
      await db.transaction(async (tx) => {
        await lockInScope(tx, p, [id]);
        // `set` holds the table's own columns only (the body's type); TypeScript cannot follow Omit over a generic table, so copied.
        const values: PgUpdateSetSource<T> = {};
        await updateRow(tx, table, id, Object.assign(values, set));
      });
      return reads.get(p, id);
    },

    /** Deletes all or none; one in use is refused (`inUseError`). */
    async remove(p: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await lockInScope(tx, p, ids);
        const used = await inUse(
          tx,
          rows.map((r) => r.id),
        );
        if (used.size) throw new AppError(spec.inUseError, { field: 'ids', data: { ids: [...used] } });
        return { count: (await deleteRows(tx, table, ids)).length };
      });
    },
  };
}
