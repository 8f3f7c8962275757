import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ErrorName } from '@hanlin/shared';
import { AppError } from './errors.js';
import type { DbOrTx } from './db/client.js';
import { xactLock, type LockName } from './locks.js';
import { onlyRow } from './db/rows.js';

/** The structural columns every tree row has; `path` is the chain of ids (`/1/4/9/`), `depth` 1 at a root. */
export interface TreeNode {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
  path: string;
  depth: number;
}

type ColumnKey = 'id' | 'parentId' | 'name' | 'sort' | 'path' | 'depth' | 'updatedAt';

export interface TreeOptions {
  /** SQL name of the table. */
  table: string;
  /** SQL column names when they differ from the defaults (`id`, `parent_id`, `name`, `sort`, `path`, `depth`, `updated_at`; `updatedAt: null` when the table has none). */
  columns?: Partial<Record<Exclude<ColumnKey, 'updatedAt'>, string>> & { updatedAt?: string | null };
  /** Deepest level a node may sit on (a root is level 1); spec §9: 10 by default, classifications and knowledge 5. */
  maxDepth: number;
  /** Transaction lock serializing structural changes (insert, move, sort, delete) of this tree. */
  lockKey: LockName;
  /** Error answered when a sibling already carries the name (field `name`). */
  duplicateName: ErrorName;
  /** The column of the rows filed under a node (a category's courses), read by `hasItems`. */
  items?: AnyPgColumn;
}

const DEFAULT_COLUMNS: Record<Exclude<ColumnKey, 'updatedAt'>, string> & { updatedAt: string | null } = {
  id: 'id',
  parentId: 'parent_id',
  name: 'name',
  sort: 'sort',
  path: 'path',
  depth: 'depth',
  updatedAt: 'updated_at',
};

export type TreePosition = 'above' | 'below';

/**
 * `column` holds a node of the subtree under node `id` (the node included) of the tree `table`
 * (its `id` and `path` columns unless `c` names others): a list's "in this category / organization" filter.
 */
export const inSubtreeOf = (table: string, column: SQLWrapper, id: unknown, c: { id: string; path: string } = { id: 'id', path: 'path' }): SQL =>
  sql`${column} in (select c.${sql.identifier(c.id)} from ${sql.identifier(table)} c, ${sql.identifier(table)} p where p.${sql.identifier(c.id)} = ${id} and c.${sql.identifier(c.path)} like p.${sql.identifier(c.path)} || '%')`;

/**
 * A materialized-path tree over one table: sibling-name check, next sort value, renumbering,
 * insert above/below, subtree moves in one statement (cycles refused), a depth limit and an
 * advisory lock per tree. Domain services keep their own rules (data scope, what blocks a delete)
 * and call these inside their transaction, after `lock(tx)`.
 */
export function defineTree(opts: TreeOptions) {
  const c = { ...DEFAULT_COLUMNS, ...opts.columns };
  const t = sql.identifier(opts.table);
  const col = (k: Exclude<ColumnKey, 'updatedAt'>) => sql.identifier(c[k]);
  const touch = c.updatedAt ? sql`, ${sql.identifier(c.updatedAt)} = now()` : sql``;
  const parentIs = (parentId: number | null): SQL => (parentId == null ? sql`${col('parentId')} is null` : sql`${col('parentId')} = ${parentId}::int`);
  const selectNode = sql`select ${col('id')} as "id", ${col('parentId')} as "parentId", ${col('name')} as "name",
                                ${col('sort')} as "sort", ${col('path')} as "path", ${col('depth')} as "depth" from ${t}`;

  const tree = {
    maxDepth: opts.maxDepth,

    /** Serializes structural changes of this tree until the transaction ends. */
    lock: (tx: DbOrTx) => xactLock(tx, opts.lockKey),

    async get(db: DbOrTx, id: number): Promise<TreeNode | undefined> {
      const { rows } = await db.execute<TreeNode & Record<string, unknown>>(sql`${selectNode} where ${col('id')} = ${id}::int`);
      return rows[0];
    },

    /** The node, or NOT_FOUND_ERROR naming `field` when given. */
    async mustGet(db: DbOrTx, id: number, field?: string): Promise<TreeNode> {
      const node = await tree.get(db, id);
      if (!node) throw new AppError('NOT_FOUND_ERROR', field ? { field } : {});
      return node;
    },

    async nameTaken(db: DbOrTx, parentId: number | null, name: string, exceptId?: number): Promise<boolean> {
      const { rows } = await db.execute(sql`
        select 1 from ${t} where ${parentIs(parentId)} and ${col('name')} = ${name}
          ${exceptId ? sql`and ${col('id')} <> ${exceptId}::int` : sql``} limit 1`);
      return rows.length > 0;
    },

    /** Refuses a name a sibling under `parentId` already carries (`duplicateName`, field `name`). */
    async assertNameFree(db: DbOrTx, parentId: number | null, name: string, exceptId?: number): Promise<void> {
      if (await tree.nameTaken(db, parentId, name, exceptId)) throw new AppError(opts.duplicateName, { field: 'name' });
    },

    /** One more than the largest sort value under `parentId` (0 for the first child). */
    async nextSort(db: DbOrTx, parentId: number | null): Promise<number> {
      const { rows } = await db.execute<{ next: number }>(sql`select coalesce(max(${col('sort')}) + 1, 0)::int as next from ${t} where ${parentIs(parentId)}`);
      return onlyRow(rows).next;
    },

    /** Children of `parentId` in display order (sort, then id). */
    async siblingIds(db: DbOrTx, parentId: number | null): Promise<number[]> {
      const { rows } = await db.execute<{ id: number }>(sql`select ${col('id')} as id from ${t} where ${parentIs(parentId)} order by ${col('sort')}, ${col('id')}`);
      return rows.map((r) => r.id);
    },

    /** Sets `sort` to each id's position in `ids` (0, 1, 2, ...) in one statement; unchanged rows are not written. */
    async renumber(tx: DbOrTx, ids: number[]): Promise<void> {
      if (!ids.length) return;
      await tx.execute(sql`
        update ${t} as n set ${col('sort')} = v.ord - 1 ${touch}
          from unnest(${sql.param(ids)}::int[]) with ordinality as v(id, ord)
         where n.${col('id')} = v.id and n.${col('sort')} is distinct from v.ord - 1`);
    },

    /** Levels below `node` (0 for a leaf). */
    async height(db: DbOrTx, node: TreeNode): Promise<number> {
      const { rows } = await db.execute<{ h: number }>(
        sql`select coalesce(max(${col('depth')}), ${node.depth}::int)::int - ${node.depth}::int as h from ${t} where ${col('path')} like ${`${node.path}%`}`,
      );
      return onlyRow(rows).h;
    },

    /** TREE_DEPTH_EXCEEDED (naming `field`) when a node would sit deeper than `maxDepth`. */
    assertDepth(depth: number, field = 'parentId'): void {
      if (depth > opts.maxDepth) throw new AppError('TREE_DEPTH_EXCEEDED', { field, data: { max: opts.maxDepth } });
    },

    /**
     * Adds a node under `parent` (a root when null): checks the depth and the sibling name, picks
     * the next sort value unless given, lets `write` insert the row with the structural values and
     * return its id, then sets its path. Call inside the transaction, after `lock`.
     */
    async insert(
      tx: DbOrTx,
      input: { parent: TreeNode | null; name: string; sort?: number },
      write: (row: { parentId: number | null; depth: number; sort: number; path: string }) => Promise<number>,
    ): Promise<number> {
      const parentId = input.parent?.id ?? null;
      const depth = (input.parent?.depth ?? 0) + 1;
      tree.assertDepth(depth);
      await tree.assertNameFree(tx, parentId, input.name);
      const sort = input.sort ?? (await tree.nextSort(tx, parentId));
      const id = await write({ parentId, depth, sort, path: '' });
      await tx.execute(sql`update ${t} set ${col('path')} = ${`${input.parent?.path ?? '/'}${id}/`} where ${col('id')} = ${id}::int`);
      return id;
    },

    /**
     * Moves `node` with its whole subtree under `newParent` (to the top level when null) in one
     * statement: paths re-prefixed, depths shifted. Refuses a move under itself or a descendant
     * (PARAMETER_INVALID, field parentId), past `maxDepth`, or onto a sibling's name (`name`
     * defaults to the node's). Does not touch `sort`.
     */
    async move(tx: DbOrTx, node: TreeNode, newParent: TreeNode | null, name = node.name): Promise<{ path: string }> {
      if (newParent?.path.startsWith(node.path)) throw new AppError('PARAMETER_INVALID', { field: 'parentId' });
      const newDepth = (newParent?.depth ?? 0) + 1;
      tree.assertDepth(newDepth + (await tree.height(tx, node)));
      await tree.assertNameFree(tx, newParent?.id ?? null, name, node.id);
      const newPath = `${newParent?.path ?? '/'}${node.id}/`;
      await tx.execute(sql`
        update ${t}
           set ${col('path')} = ${newPath} || substr(${col('path')}, ${node.path.length + 1}::int),
               ${col('depth')} = ${col('depth')} + ${newDepth - node.depth}::int,
               ${col('parentId')} = case when ${col('id')} = ${node.id}::int then ${newParent?.id ?? null}::int else ${col('parentId')} end
               ${touch}
         where ${col('path')} like ${`${node.path}%`}`);
      return { path: newPath };
    },

    /**
     * The structural part of editing a node: re-parents it when `parentId` changes (every check
     * of `move`), else checks a new name among its siblings. Answers the columns the domain
     * writes: the name, and the sort (a moved node goes last among its new siblings unless
     * `sort` is given).
     */
    async edit(tx: DbOrTx, node: TreeNode, input: { parentId?: number | null; name?: string; sort?: number }): Promise<{ name: string; sort?: number }> {
      const parentId = input.parentId === undefined ? node.parentId : input.parentId;
      const moved = parentId !== node.parentId;
      const name = input.name ?? node.name;
      if (moved) await tree.move(tx, node, parentId == null ? null : await tree.mustGet(tx, parentId, 'parentId'), name);
      else if (input.name !== undefined) await tree.assertNameFree(tx, parentId, name, node.id);
      const sort = input.sort ?? (moved ? await tree.nextSort(tx, parentId) : undefined);
      return { name, ...(sort !== undefined ? { sort } : {}) };
    },

    /**
     * Places `node` right above or below `target`, under the target's parent (moving the subtree
     * there first when needed, with every check of `move`), and renumbers that parent's children.
     * Returns the new path when the node changed parent.
     */
    async place(tx: DbOrTx, node: TreeNode, target: TreeNode, position: TreePosition): Promise<{ movedTo?: string }> {
      if (node.id === target.id) throw new AppError('PARAMETER_INVALID', { field: 'targetId' });
      let movedTo: string | undefined;
      if (target.parentId !== node.parentId) {
        const parent = target.parentId == null ? null : await tree.mustGet(tx, target.parentId, 'targetId');
        movedTo = (await tree.move(tx, node, parent)).path;
      }
      const ids = (await tree.siblingIds(tx, target.parentId)).filter((x) => x !== node.id);
      ids.splice(ids.indexOf(target.id) + (position === 'below' ? 1 : 0), 0, node.id);
      await tree.renumber(tx, ids);
      return movedTo ? { movedTo } : {};
    },

    async hasChildren(db: DbOrTx, id: number): Promise<boolean> {
      const { rows } = await db.execute(sql`select 1 from ${t} where ${col('parentId')} = ${id}::int limit 1`);
      return rows.length > 0;
    },

    /** Whether rows are filed under the node itself (the `items` column; false without one). */
    async hasItems(db: DbOrTx, id: number): Promise<boolean> {
      if (!opts.items) return false;
      const { rows } = await db.execute(sql`select 1 from ${opts.items.table} where ${opts.items} = ${id}::int limit 1`);
      return rows.length > 0;
    },

    /** `column` holds a node of the subtree under node `id` (see `inSubtreeOf`). */
    inSubtree: (column: SQLWrapper, id: unknown) => inSubtreeOf(opts.table, column, id, { id: c.id, path: c.path }),
  };
  return tree;
}

export type Tree = ReturnType<typeof defineTree>;

/**
 * The table of a tree kept by `defineTree`: parent, name (unique among siblings), sort, the
 * materialized `path` and `depth`, timestamps, with the indexes the repository's queries use.
 * Organizations keep their own table (code, leaders, status); category-like trees use this one.
 */
export function defineTreeTable<const N extends string>(name: N) {
  const table = pgTable(
    name,
    {
      id: serial().primaryKey(),
      parentId: integer().references((): AnyPgColumn => table.id, { onDelete: 'restrict' }),
      name: varchar({ length: 30 }).notNull(),
      sort: integer().notNull().default(0),
      path: text().notNull().default(''),
      depth: integer().notNull().default(1),
      createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      index(`${name}_parent_idx`).on(t.parentId, t.sort),
      index(`${name}_path_idx`).on(t.path.op('text_pattern_ops')),
      uniqueIndex(`${name}_parent_name_uq`).on(sql`coalesce(${t.parentId}, 0)`, t.name),
    ],
  );
  return table;
}
