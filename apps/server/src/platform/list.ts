import { keysOf } from '@hanlin/shared';
import { asc, desc, and, getTableColumns, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, DbOrTx } from './db/client.js';
import type { Kv } from './kv.js';
import type { Principal } from './auth/principal.js';
import { AppError } from './errors.js';
import { cachedCount, tableVersionsSql } from './db/counts.js';
import { escapeLike } from './db/pg-errors.js';
import { inScopePatterns, requireInScope, scopePatterns, scopeReach } from './scope.js';
import { onlyRow } from './db/rows.js';

/**
 * The paged-list kernel: a module declares a list (filters, keyword, data-scope column, sort keys,
 * columns) and `run` serves it the way the user list was tuned (bench/list.ts):
 * - one statement per list shape (which filters are set, which order, which plan), built once with
 *   placeholders: building a Drizzle query per call cost more Node CPU than PostgreSQL spent on it;
 * - the page chosen on ids in a subquery, so per-row subqueries run for the page's rows only;
 * - totals cached under the versions of the tables the list reads (platform/db/counts.ts), the
 *   versions read by the page statement itself;
 * - `adaptive` lists choose between collecting the few matches of a narrowed search and sorting
 *   them, and walking the order until the page is full, from the total seen last time;
 * - shapes a spec marks `planOnce` run as named statements on `plannedDb` (one generic plan).
 * - `count: { cap }` lists (logs written on every request) count directly, up to the cap, instead;
 * - a sort key may carry its own `order` hook (direction, `nulls last`).
 * Statements and remembered totals live in a `ListCaches` made per app (AppContext.lists).
 */

/** A list's page statement, prepared once per shape: the page's rows, each with the `versions` its total is cached under. */
interface PageStatement {
  execute(args: Record<string, unknown>): Promise<Record<string, unknown>[]>;
}

/** Per-app state of every list: prepared statements per connection pool, last totals seen. */
export interface ListCaches {
  statements: WeakMap<DbOrTx, Map<string, PageStatement>>;
  seenTotals: Map<string, number>;
}
export const createListCaches = (): ListCaches => ({ statements: new WeakMap(), seenTotals: new Map() });

/** What `run` needs: the app's connections, its kv (for totals) and its list caches (AppContext.lists). */
export interface ListRuntime {
  db: DbOrTx;
  /** See `Database.plannedDb`; defaults to `db`. */
  plannedDb?: DbOrTx;
  kv: Kv;
  lists: ListCaches;
}
export const createListRuntime = (deps: { db: Db; plannedDb?: Db; kv: Kv }): ListRuntime => ({ ...deps, lists: createListCaches() });

/**
 * A sort key: a column (or expression), or one with its own order term given the direction, e.g.
 * `{ column: t.sentAt, order: nullsLast }` (the id tie-breaker follows in the same direction).
 */
export type SortKeySpec = AnyPgColumn | SQL | { column: AnyPgColumn | SQL; order: (column: SQLWrapper, desc: boolean) => SQL };
/** Order hook: the key in the direction asked, rows without a value last either way. */
export const nullsLast = (column: SQLWrapper, isDesc: boolean) => (isDesc ? sql`${column} desc nulls last` : sql`${column} asc nulls last`);
const sortColumn = (k: SortKeySpec) => (typeof k === 'object' && 'order' in k ? k.column : k);
const sortTerm = (k: SortKeySpec, column: SQLWrapper, isDesc: boolean) =>
  typeof k === 'object' && 'order' in k ? k.order(column, isDesc) : isDesc ? desc(column) : asc(column);

/** A filter: its condition given the value (a placeholder), and whether a value counts as set. */
export type FilterSpec = ((value: SQLWrapper) => SQL) | { where: (value: SQLWrapper) => SQL; param?: (v: unknown) => unknown };

export interface ListQuery {
  page: number;
  size: number;
  sort?: string;
  keyword?: string;
}

/** A list's query: page, size, sort, keyword and its filter fields. */
export type ListQueryOf<F extends string> = ListQuery & { [P in F]?: unknown };

export interface ListSpec<F extends string, C extends SelectedFields, K extends string> {
  /** Unique among lists: prefixes the names of planned statements. */
  name: string;
  table: PgTable;
  /** Unique, ordered: the tie-breaker of every order, and what the page subquery returns; the table's `id` when left out. */
  id?: AnyPgColumn;
  /** Tables whose writes change the total (each bumps `table_versions`); `[]` with `count.cap`. */
  tables: readonly string[];
  /**
   * `cap`: the total is counted on each run, up to `cap` rows, not cached under table versions. For
   * tables written on every request (logs), where a version would change on every page view.
   */
  count?: { cap: number };
  /** A condition every row of the list meets (not deleted, a parent's rows); no values of the query. */
  where?: SQL;
  /** Query fields filtering the list (`undefined`/`null`/'' = not set). */
  filters?: Record<F, FilterSpec>;
  /** Condition of `keyword`, given the LIKE pattern `%keyword%` (wildcards escaped). */
  keyword?: (pattern: SQLWrapper) => SQL | undefined;
  /**
   * The data-scope column (an organization id), or an expression giving it from a row (the author's
   * organization): rows outside the caller's subtrees are never listed.
   */
  scope?: { column: AnyPgColumn | SQL; nullable?: boolean };
  /** Whitelisted sort keys (`sort: 'name'` or `'-name'`); any other is refused. */
  sort: Record<K, SortKeySpec>;
  /** Order without `sort`: a key and direction, or the columns themselves (the id is appended); newest first (`-id`) when left out. */
  defaultSort?: { key: NoInfer<K>; desc: boolean } | SQL[];
  /** Columns of a row; `versions` is reserved. */
  columns: C;
  /** Joins the columns need beyond the list's table (left joins on the row's own columns). */
  join?: (q: PgSelect) => PgSelect;
  /**
   * `adaptive`: a narrowed search (filters, keyword or subtree scope) with at most `few` matches is
   * served by collecting its matches and sorting them, a larger one by walking the order. For
   * tables that grow large; `walk` (default) always walks the order.
   */
  plan?: { adaptive: true; few?: number } | { adaptive?: false };
  /** Shapes whose generic plan is as good as a custom one: run named on `plannedDb`. */
  planOnce?: (shape: ListShape<K>, q: ListQueryOf<F>) => boolean;
}

export interface ListShape<K extends string = string> {
  scope: 'none' | 'all' | 'subtrees' | 'unscoped';
  filters: string[];
  keyword: boolean;
  plan: 'collect' | 'walk';
  sortKey: K | '';
  desc: boolean;
}

export interface ListPage<R> {
  records: R[];
  total: number;
  page: number;
  size: number;
}

const SEEN_TOTALS_MAX = 5000;
/** A page row without the `versions` column the page statement adds. */
function withoutVersions<R extends object>(row: R): R {
  const record = { ...row };
  Reflect.deleteProperty(record, 'versions');
  return record;
}
const isSet = (v: unknown) => v !== undefined && v !== null && v !== '';
export const keywordPattern = (keyword: string) => `%${escapeLike(keyword)}%`;

/** Every list declared (a declaration, not state): a test checks each counted table bumps its version. */
export const declaredLists: { name: string; tables: readonly string[] }[] = [];

/** Whether `key` is one of a list's sort keys. */
const isSortKey = <K extends string>(sort: Record<K, SortKeySpec>, key: string): key is K => Object.hasOwn(sort, key);

/** The spec with its defaults: the table's `id` column, newest first. */
function withDefaults<F extends string, C extends SelectedFields, K extends string>(spec: ListSpec<F, C, K>) {
  const id = spec.id ?? getTableColumns(spec.table).id;
  if (!id) throw new Error(`${spec.name}: the table has no id column; name the list's id`);
  const byId = 'id';
  if (spec.defaultSort) return { ...spec, id, defaultSort: spec.defaultSort };
  if (!isSortKey(spec.sort, byId)) throw new Error(`${spec.name}: without an 'id' sort key, name the default order`);
  return { ...spec, id, defaultSort: { key: byId, desc: true } };
}

/** Declares a list; `run(runtime, principal, query)` answers one page of it, `rowsOf(db, ids)` its rows by id. */
export function defineList<F extends string, C extends SelectedFields, K extends string>(declared: ListSpec<F, C, K>) {
  const spec = withDefaults(declared);
  if (spec.count && spec.tables.length) throw new Error(`${spec.name}: a capped count reads no table versions`);
  declaredLists.push({ name: spec.name, tables: spec.tables });
  type Row = SelectResultFields<C>;
  type Q = ListQueryOf<F>;
  const filterNames = keysOf<F>(spec.filters ?? {});
  const filterSpecs = new Map<string, FilterSpec>(Object.entries<FilterSpec>(spec.filters ?? {}));
  const filterOf = (name: string) => {
    const filter = filterSpecs.get(name);
    if (!filter) throw new Error(`${spec.name}: no filter '${name}'`);
    return filter;
  };
  const whereOf = (f: FilterSpec) => (typeof f === 'function' ? f : f.where);
  const paramOf = (f: FilterSpec, v: unknown) => (typeof f === 'function' || !f.param ? v : f.param(v));
  const few = spec.plan?.adaptive ? (spec.plan.few ?? 2000) : 0;

  function parseOrder(sort: string | undefined): { key: K | ''; desc: boolean } {
    if (!sort) return Array.isArray(spec.defaultSort) ? { key: '', desc: false } : spec.defaultSort;
    const key = sort.replace(/^-/, '');
    if (!isSortKey(spec.sort, key)) throw new AppError('PARAMETER_INVALID', { field: 'sort' });
    return { key, desc: sort.startsWith('-') };
  }

  /** WHERE of the list: scope (`all`, `none`, patterns) plus the conditions given (values or placeholders). */
  function where(scope: ListShape['scope'], scopeValue: SQLWrapper | undefined, filters: [string, SQLWrapper][], keyword: SQLWrapper | undefined) {
    const conds: SQL[] = spec.where ? [spec.where] : [];
    if (spec.scope && scope === 'none') conds.push(sql`false`);
    else if (spec.scope && scope === 'all' && spec.scope.nullable) conds.push(sql`${spec.scope.column} is not null`);
    else if (spec.scope && scope === 'subtrees') {
      if (!scopeValue) throw new Error(`${spec.name}: a subtree scope without its patterns`);
      conds.push(inScopePatterns(spec.scope.column, scopeValue));
    }
    for (const [name, value] of filters) conds.push(whereOf(filterOf(name))(value));
    const byKeyword = keyword && spec.keyword?.(keyword);
    if (byKeyword) conds.push(byKeyword);
    return conds.length ? and(...conds) : undefined;
  }

  function orderOf(shape: ListShape<K>) {
    // No sort key: the default order is its own columns (parseOrder).
    if (!shape.sortKey) return [...(Array.isArray(spec.defaultSort) ? spec.defaultSort : []), asc(spec.id)];
    const key = spec.sort[shape.sortKey];
    const col = sortColumn(key);
    const dir = shape.desc ? desc : asc;
    return col === spec.id ? [sortTerm(key, col, shape.desc)] : [sortTerm(key, col, shape.desc), dir(spec.id)];
  }

  function prepare(db: DbOrTx, shape: ListShape<K>, name: string): PageStatement {
    const ph = sql.placeholder;
    const cond = where(
      shape.scope,
      ph('scope'),
      shape.filters.map((f) => [f, ph(`f_${f}`)]),
      shape.keyword ? ph('keyword') : undefined,
    );
    const order = orderOf(shape);
    let page;
    if (shape.plan === 'collect') {
      // All matches first, then their order. OFFSET $fence (always 0) keeps PostgreSQL from merging
      // the subquery into an ordered walk, which its estimates favour when the matches are sparse or
      // bunch at one end of the order: the walk then reads most of the table to fill one page.
      const key: SortKeySpec = shape.sortKey ? spec.sort[shape.sortKey] : spec.id;
      const matches = db
        .select({ id: spec.id, k: sql`${sortColumn(key)}`.as('k') })
        .from(spec.table)
        .where(cond)
        .offset(ph('fence'))
        .as('matches');
      const matchOrder = [sortTerm(key, matches.k, shape.desc), shape.desc ? desc(matches.id) : asc(matches.id)];
      page = db
        .select({ id: matches.id })
        .from(matches)
        .orderBy(...matchOrder)
        .limit(ph('size'))
        .offset(ph('offset'));
    } else {
      page = db
        .select({ id: spec.id })
        .from(spec.table)
        .where(cond)
        .orderBy(...order)
        .limit(ph('size'))
        .offset(ph('offset'));
    }
    // The page is chosen on ids alone: PostgreSQL computes the select list of rows skipped by
    // OFFSET too, so the columns (and their subqueries) are computed for the page's rows only. The
    // ids go in as an array, not a joined subquery: a generic plan prices LIMIT $n as a tenth of
    // the table and then joined the page by hashing the whole table (48 ms instead of 0.6 on
    // 100,000 users), while `= any(array)` is priced as a few rows and read through the primary key.
    const fields: SelectedFields = { ...spec.columns, versions: spec.count ? sql<string>`''` : tableVersionsSql(spec.tables) };
    let q: PgSelect = db.select(fields).from(spec.table).$dynamic();
    if (spec.join) q = spec.join(q);
    return q
      .where(sql`${spec.id} = any(array(${page}))`)
      .orderBy(...order)
      .prepare(name);
  }

  /** The list's rows (its columns, through its joins) of the ids given, in id order, outside its scope and `where`: what a write answers. */
  function rowsOf(db: DbOrTx, ids: number[]): Promise<Row[]>;
  // The join hook erases the selection's type: the rows are the list's columns (`Row`), as the signature above says.
  async function rowsOf(db: DbOrTx, ids: number[]): Promise<Record<string, unknown>[]> {
    const fields: SelectedFields = spec.columns;
    let q: PgSelect = db.select(fields).from(spec.table).$dynamic();
    if (spec.join) q = spec.join(q);
    return q.where(inArray(spec.id, ids)).orderBy(asc(spec.id));
  }

  function run(rt: ListRuntime, principal: Pick<Principal, 'scopePaths'> | null, q: Q): Promise<ListPage<Row>>;
  // The page statement's rows are the list's columns (`Row`, see `rowsOf`) and `versions`, taken off here.
  async function run(rt: ListRuntime, principal: Pick<Principal, 'scopePaths'> | null, q: Q): Promise<ListPage<Record<string, unknown>>> {
    const { db, kv, lists } = rt;
    const order = parseOrder(q.sort);
    const setFilters = filterNames.filter((f) => isSet(q[f]));
    const reach = principal ?? { scopePaths: [] };
    const scope: ListShape['scope'] = spec.scope ? scopeReach(reach) : 'unscoped';
    const params: Record<string, unknown> = {};
    for (const f of setFilters) params[`f_${f}`] = paramOf(filterOf(f), q[f]);
    if (scope === 'subtrees') params.scope = scopePatterns(reach);
    const keyword = q.keyword && spec.keyword ? keywordPattern(q.keyword) : undefined;
    if (keyword) params.keyword = keyword;

    // The search without its page and order: the key of its total.
    const search = [spec.name, scope === 'subtrees' ? reach.scopePaths : scope, setFilters.map((f) => [f, params[`f_${f}`]]), keyword ?? ''];
    const countRows = async () => {
      const cond = where(
        scope,
        scope === 'subtrees' ? sql.param(params.scope) : undefined,
        setFilters.map((f) => [f, sql.param(params[`f_${f}`])]),
        keyword !== undefined ? sql.param(keyword) : undefined,
      );
      if (spec.count) {
        const capped = db
          .select({ one: sql`1` })
          .from(spec.table)
          .where(cond)
          .limit(spec.count.cap)
          .as('capped');
        return onlyRow(await db.select({ total: sql<number>`count(*)::int` }).from(capped)).total;
      }
      const rows = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(spec.table)
        .where(cond);
      return onlyRow(rows).total;
    };
    const countTotal = (knownVersions?: string) => (spec.count ? countRows() : cachedCount(db, kv, spec.tables, search, countRows, knownVersions));

    // An adaptive list lets the number of matches of a narrowed search choose the plan: the total
    // seen last time (only a hint: both plans give the same rows), else the total first.
    const narrowed = scope === 'subtrees' || setFilters.length > 0 || keyword !== undefined;
    const searchKey = few && narrowed ? JSON.stringify(search) : '';
    let total: number | undefined;
    let matches = searchKey ? lists.seenTotals.get(searchKey) : undefined;
    if (searchKey && matches === undefined) matches = total = await countTotal();

    const shape: ListShape<K> = {
      scope,
      filters: setFilters,
      keyword: keyword !== undefined,
      plan: matches !== undefined && matches <= few ? 'collect' : 'walk',
      sortKey: order.key,
      desc: order.desc,
    };
    const shapeKey = `${spec.name}:${shape.scope}:${shape.filters.join('+')}:${shape.keyword}:${shape.plan}:${shape.sortKey}:${shape.desc}`;
    // Named on the planned connections (one generic plan each); unnamed otherwise, so PostgreSQL
    // plans it per run and never settles on a generic plan by itself.
    const planned = rt.plannedDb && spec.planOnce?.(shape, q) ? rt.plannedDb : undefined;
    const once = planned !== undefined;
    const runOn = planned ?? db;
    let statements = lists.statements.get(runOn);
    if (!statements) lists.statements.set(runOn, (statements = new Map()));
    let statement = statements.get(shapeKey);
    if (!statement) statements.set(shapeKey, (statement = prepare(runOn, shape, once ? shapeKey : '')));

    const args = { ...params, fence: 0, size: q.size, offset: (q.page - 1) * q.size };
    let rows: Record<string, unknown>[];
    if (spec.count && total === undefined) {
      // Nothing to wait for: the count reads no versions from the page.
      [rows, total] = await Promise.all([statement.execute(args), countTotal()]);
    } else {
      rows = await statement.execute(args);
      const versions = rows[0]?.versions;
      total ??= await countTotal(typeof versions === 'string' ? versions : undefined);
    }
    if (searchKey) {
      const oldest = lists.seenTotals.keys().next();
      if (lists.seenTotals.size >= SEEN_TOTALS_MAX && !oldest.done) lists.seenTotals.delete(oldest.value);
      lists.seenTotals.set(searchKey, total);
    }
    const records = rows.map(withoutVersions);
    return { records, total, page: q.page, size: q.size };
  }

  /** WHERE of the list for another statement over the same rows (an export): scope plus filters. */
  function listWhere(principal: Pick<Principal, 'scopePaths'> | null, q: { keyword?: string } & { [P in F]?: unknown }) {
    const reach = principal ?? { scopePaths: [] };
    const scope: ListShape['scope'] = spec.scope ? scopeReach(reach) : 'unscoped';
    const setFilters = filterNames.filter((f) => isSet(q[f]));
    return where(
      scope,
      scope === 'subtrees' ? sql.param(scopePatterns(reach)) : undefined,
      setFilters.map((f) => [f, sql.param(paramOf(filterOf(f), q[f]))]),
      q.keyword && spec.keyword ? sql.param(keywordPattern(q.keyword)) : undefined,
    );
  }

  return { run, rowsOf, where: listWhere, spec };
}

/**
 * The two reads of a listed record (`listGetRoutes`): `list`, a page of the list, and `get`, the
 * row `id` from the list's own columns (NOT_FOUND_ERROR, naming `notFound.field` when given; then
 * NO_DATA_PERMISSION_ERROR beyond the caller's scope); both answer rows through `present`.
 */
export function listReads<Q extends ListQuery, R extends { orgPath: string | null }, O>(
  list: { run(rt: ListRuntime, principal: Principal, q: Q): Promise<ListPage<R>>; rowsOf(db: DbOrTx, ids: number[]): Promise<R[]> },
  rt: ListRuntime,
  present: (p: Principal, rows: R[]) => Promise<O[]>,
  notFound: { field?: string } = {},
) {
  return {
    async list(p: Principal, q: Q): Promise<ListPage<O>> {
      const page = await list.run(rt, p, q);
      return { ...page, records: await present(p, page.records) };
    },
    async get(p: Principal, id: number): Promise<O> {
      const [row] = await list.rowsOf(rt.db, [id]);
      if (!row) throw new AppError('NOT_FOUND_ERROR', notFound.field ? { field: notFound.field } : undefined);
      requireInScope(p, row.orgPath);
      return onlyRow(await present(p, [row]));
    },
  };
}
