import { and, getTableColumns, inArray, sql } from 'drizzle-orm';
import { check, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { keysOf, recordOf, type ErrorName, type Lifecycle } from '@hanlin/shared';
import { AppError } from './errors.js';
import { onlyRow } from './db/rows.js';
import type { Db, DbOrTx } from './db/client.js';
import type { Principal } from './auth/principal.js';
import type { IdTable } from './table-rows.js';

/**
 * A CHECK constraint keeping `column` inside the lifecycle's states (declare it in the table's
 * extra config: `stateCheck('notices_status_check', t.status, NOTICE_LIFECYCLE)`).
 */
export function stateCheck(name: string, column: PgColumn, lifecycle: { states: readonly string[] }) {
  const list = lifecycle.states.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ');
  return check(name, sql`${column} in (${sql.raw(list)})`);
}

export interface TransitionSpec<S extends string, C extends string, R extends { id: number }> {
  lifecycle: Lifecycle<S, C>;
  command: C;
  /** The rows, locked (`FOR UPDATE`) inside this transaction and checked for data scope by the caller. */
  rows: readonly R[];
  /** The row's state as stored: one the lifecycle does not know is refused like one the command does not start from. */
  stateOf: (row: R) => string;
  /** The table, its id column and its state column, written by one conditional UPDATE. */
  table: PgTable;
  id: IdTable['id'];
  state: PgColumn;
  /** The stored value of a state, when the column is not the state's name (a boolean flag). */
  encode?: (state: S) => unknown;
  /** Other columns written with the new state (a timestamp, a counter reset). */
  set?: Record<string, unknown>;
  /** A rule beyond the table (a built-in role never freezes): rows answering false are refused too. */
  allow?: (row: R) => boolean;
  /** The refusal; STATE_TRANSITION_INVALID naming `ids` unless told. */
  error?: ErrorName;
  field?: string;
}

/**
 * Applies one lifecycle command to locked rows inside the caller's transaction: the guard is
 * checked on the locked rows (refusals name the rows in `data.ids`), then written as one
 * `UPDATE … WHERE state IN (from)`, so a concurrent command that changed a row first makes this
 * one lose with the same code instead of both winning. Answers the ids changed and the new state.
 */
export async function applyTransition<S extends string, C extends string, R extends { id: number }>(tx: DbOrTx, spec: TransitionSpec<S, C, R>) {
  const { lifecycle, command } = spec;
  const refuse = (ids: number[]) => new AppError(spec.error ?? 'STATE_TRANSITION_INVALID', { field: spec.field ?? 'ids', data: { ids } });
  const allowed = (r: R) => {
    const state = spec.stateOf(r);
    return lifecycle.isState(state) && lifecycle.can(state, command) && (!spec.allow || spec.allow(r));
  };
  const refused = spec.rows.filter((r) => !allowed(r)).map((r) => r.id);
  if (refused.length) throw refuse(refused);
  const { from, to } = lifecycle.transitions[command];
  const encode = spec.encode ?? ((s: S) => s);
  const key = Object.entries(getTableColumns(spec.table)).find(([, c]) => c === spec.state)?.[0];
  if (!key) throw new Error(`applyTransition: the state column is not a column of the table`);
  const ids = [...new Set(spec.rows.map((r) => r.id))];
  if (!ids.length) return { ids, to };
  const changed = await tx
    .update(spec.table)
    .set({ ...spec.set, [key]: encode(to) })
    .where(and(inArray(spec.id, ids), inArray(spec.state, from.map(encode))))
    .returning({ id: spec.id });
  if (changed.length !== ids.length) throw refuse(ids.filter((id) => !changed.some((c) => c.id === id)));
  return { ids, to };
}

/** A table whose state lives in `status`, keyed by `id`, stamped in `updatedAt` (most lifecycles). */
type StatusTable = IdTable & { status: PgColumn; updatedAt: PgColumn };

/** `applyTransition` on such a table: the state is the row's `status`, and `updatedAt` is stamped. */
export function applyStatusTransition<S extends string, C extends string, R extends { id: number; status: string }>(
  tx: DbOrTx,
  spec: Omit<TransitionSpec<S, C, R>, 'stateOf' | 'table' | 'id' | 'state'> & { table: StatusTable },
) {
  const { table, set, ...rest } = spec;
  return applyTransition(tx, { ...rest, stateOf: (r) => r.status, table, id: table.id, state: table.status, set: { updatedAt: new Date(), ...set } });
}

/** A table whose lifecycle is kept in the column `K` (`status` for most), keyed by `id`, stamped in `updatedAt`. */
type LifecycleTable<K extends string> = IdTable & { updatedAt: PgColumn } & { [k in K]: PgColumn };

/** How a module's lifecycle commands run, declared once per table (see `transitionCommand`). */
export interface TransitionCommandSpec<S extends string, C extends string, R extends { id: number }, K extends string> {
  db: Db;
  lifecycle: Lifecycle<S, C>;
  table: NoInfer<LifecycleTable<K>>;
  /** The state's column on the table and field on the locked rows (`status` for most). */
  state: K;
  /** Locks the rows inside the transaction and checks the caller's data scope (`scopedLock`). */
  lock: (tx: DbOrTx, principal: Principal, ids: number[]) => Promise<R[]>;
  /** What a command does beyond the lifecycle, by command. */
  on?: { [c in C]?: CommandSteps<S, R> };
}

/** The steps of one command around the lifecycle's own (`transitionCommand`). */
export interface CommandSteps<S extends string, R> {
  /** The module's refusals on the locked rows, before the lifecycle's guard (content missing, a date passed). */
  check?: (tx: DbOrTx, rows: R[], principal: Principal) => Promise<void>;
  /** Columns written with the new state besides `updatedAt` (a publication time). */
  set?: (now: Date) => Record<string, unknown>;
  /** Work inside the transaction once the rows moved (enrolment, messages, clocks). */
  after?: (tx: DbOrTx, rows: R[], to: S) => Promise<void>;
}

/**
 * The commands of a lifecycle as a service offers them: `(principal, ids, command, set?)` opens a
 * transaction, locks the rows in scope, runs the command's checks, applies the transition
 * (`applyTransition`, stamping `updatedAt`, all rows or none), runs its `after` and answers `{ count }`.
 */
export function transitionCommand<S extends string, C extends string, R extends { id: number } & { [k in K]: string }, K extends string>(
  spec: TransitionCommandSpec<S, C, R, K>,
) {
  const key = spec.state;
  return (principal: Principal, ids: number[], command: C, set: Record<string, unknown> = {}) =>
    spec.db.transaction(async (tx) => {
      const rows = await spec.lock(tx, principal, ids);
      const steps: CommandSteps<S, R> = spec.on?.[command] ?? {};
      await steps.check?.(tx, rows, principal);
      const now = new Date();
      const { ids: changed, to } = await applyTransition(tx, {
        lifecycle: spec.lifecycle,
        command,
        rows,
        stateOf: (r) => r[key],
        table: spec.table,
        id: spec.table.id,
        state: spec.table[key],
        set: { updatedAt: now, ...steps.set?.(now), ...set },
      });
      await steps.after?.(tx, rows, to);
      return { count: changed.length };
    });
}

/** One record locked for an edit (`lock`: in the caller's scope), refused unless its state is editable (STATE_TRANSITION_INVALID naming `status`). */
export async function lockEditable<S extends string, R extends { status: string }>(
  tx: DbOrTx,
  principal: Principal,
  id: number,
  lock: (tx: DbOrTx, principal: Principal, ids: number[]) => Promise<R[]>,
  lifecycle: Pick<Lifecycle<S, string>, 'canEdit' | 'isState'>,
): Promise<R> {
  const row = onlyRow(await lock(tx, principal, [id]));
  if (!lifecycle.isState(row.status) || !lifecycle.canEdit(row.status)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'status' });
  return row;
}

/**
 * The delete of a lifecycle's records as a service offers it: `(principal, ids)` locks the rows in
 * scope, refuses those whose state may not be deleted (STATE_TRANSITION_INVALID naming them in
 * `data.ids`), clears what hangs on each (`clear`: its audience) and deletes them all, answering `{ count }`.
 */
export function deleteCommand<S extends string, R extends { id: number; status: string }>(spec: {
  db: Db;
  lifecycle: Pick<Lifecycle<S, string>, 'canDelete' | 'isState'>;
  lock: (tx: DbOrTx, principal: Principal, ids: number[]) => Promise<R[]>;
  clear?: (tx: DbOrTx, id: number) => Promise<unknown>;
  remove: (tx: DbOrTx, ids: number[]) => Promise<unknown>;
}) {
  return (principal: Principal, ids: number[]) =>
    spec.db.transaction(async (tx) => {
      const rows = await spec.lock(tx, principal, ids);
      const refused = rows.filter((r) => !spec.lifecycle.isState(r.status) || !spec.lifecycle.canDelete(r.status)).map((r) => r.id);
      if (refused.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids', data: { ids: refused } });
      for (const r of rows) await spec.clear?.(tx, r.id);
      await spec.remove(
        tx,
        rows.map((r) => r.id),
      );
      return { count: rows.length };
    });
}

/**
 * The permission codes of a freeze lifecycle's abilities (`defineFreezeLifecycle`) under a menu
 * code: `<code>:modify`, `<code>:delete`, and `<code>:freeze` for freezing and unfreezing alike.
 */
export function freezeAbilityCodes<const C extends string>(code: C) {
  return { modify: `${code}:modify`, delete: `${code}:delete`, freeze: `${code}:freeze`, unfreeze: `${code}:freeze` } as const;
}

/**
 * Abilities of one record: what its lifecycle state allows, narrowed by the permission code each
 * ability needs (`codes`) and by the service's other rules (`rules`, false refuses).
 */
export function abilitiesOf<K extends string>(
  byState: Readonly<Record<K, boolean>>,
  permissions: ReadonlySet<string>,
  codes: { readonly [P in NoInfer<K>]: string },
  rules: Partial<Record<NoInfer<K>, boolean>> = {},
): Record<K, boolean> {
  return recordOf(keysOf(byState), (k) => byState[k] && permissions.has(codes[k]) && rules[k] !== false);
}
