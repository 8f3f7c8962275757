import { useEffect, useMemo, useRef, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useSearchParams } from 'react-router';
import type { Page } from '@hanlin/shared';
import { readListState, toFilterValues, toQuery, writeListState, type ListDefaults } from './list-state';
import type { FilterSpec, ListParams } from './types';

export interface UseListOptions<R> {
  /** TanStack Query key root, shared with the pages that change the same data. */
  queryKey: string;
  fetch: (params: ListParams) => Promise<Page<R>>;
  filters?: readonly FilterSpec[];
  /** Filter form values used until the user changes them (also what reset returns to). */
  defaultFilters?: Record<string, unknown>;
  /** Initial sort, e.g. `-createdAt`. */
  defaultSort?: string;
  defaultSize?: number;
  /** Merged into every query, not kept in the URL (a tree pick); a change goes to page 1. */
  extraFilters?: Record<string, unknown>;
  /**
   * Where the state lives: the URL search parameters (default, no prefix), under a prefix when
   * two lists share a page (`'members.'`), or `false` for component state only (a list in a dialog).
   */
  url?: string | false;
}

export interface ListState<R> {
  /** Paging, sort and filters (as the URL holds them). */
  params: ListParams;
  /** `params` with `extraFilters`: what is fetched and exported. */
  queryParams: ListParams;
  query: UseQueryResult<Page<R>>;
  records: R[];
  total: number;
  /** Filter form values of the current filters (date ranges as dayjs pairs). */
  filterValues: Record<string, unknown>;
  setPage(page: number, size?: number): void;
  setSort(sort: string | undefined): void;
  /** antd Table `onChange`: paging and a sortable column's order. */
  onTableChange: NonNullable<TableProps<R>['onChange']>;
  /** Filter form values -> query, back to page 1, selection cleared. */
  applyFilters(values: Record<string, unknown>): void;
  /** Back to the default filters on page 1. */
  resetFilters(): void;
  selected: number[];
  /** The selected records (those seen on any page since the selection began). */
  selectedRows: R[];
  select(ids: number[], rows?: readonly (R | undefined)[]): void;
  deselect(ids: number[]): void;
  clearSelection(): void;
  /** The records of these ids the list has seen. */
  rowsOf(ids: number[]): R[];
  /** Refetches every query under the key root. */
  refresh(): Promise<void>;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const withoutEmpty = (o: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => !isEmpty(v)));

/**
 * A server list: paging, sort and filters kept in the URL (linkable, survives a reload), the page
 * fetched with TanStack Query (the previous page stays while the next loads), and a row selection
 * that spans pages.
 */
export function useList<R extends { id: number }>(o: UseListOptions<R>): ListState<R> {
  const qc = useQueryClient();
  const [urlSearch, setUrlSearch] = useSearchParams();
  const [memory, setMemory] = useState(() => new URLSearchParams());
  const inUrl = o.url !== false;
  const prefix = typeof o.url === 'string' ? o.url : '';
  const search = inUrl ? urlSearch : memory;
  const defaults: ListDefaults = { size: o.defaultSize ?? 20, sort: o.defaultSort, filters: o.defaultFilters };

  const searchText = search.toString();
  const defaultsKey = JSON.stringify(defaults);
  const filterNames = (o.filters ?? []).map((f) => `${f.name}:${f.kind ?? 'text'}:${(f.options ?? []).length}`).join(',');
  // The state is a function of the search text, the defaults and the filter kinds alone.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const urlParams = useMemo(() => readListState(search, o.filters, defaults, prefix), [searchText, defaultsKey, filterNames, prefix]);

  const write = (next: ListParams) => {
    const build = (prev: URLSearchParams) => writeListState(prev, next, o.filters, defaults, prefix);
    // Replace, not push: paging is not a step back; and the page keeps its scroll position.
    if (inUrl) setUrlSearch(build, { replace: true, preventScrollReset: true });
    else setMemory(build);
  };

  const [selected, setSelected] = useState<number[]>([]);
  const seen = useRef(new Map<number, R>());

  // A new outside filter (tree pick) starts again on page 1 with nothing selected: page 1 holds
  // from this render until the URL says otherwise.
  const extra = withoutEmpty(o.extraFilters);
  const extraKey = JSON.stringify(extra);
  const [seenExtra, setSeenExtra] = useState(extraKey);
  const [pageOneAt, setPageOneAt] = useState<string | null>(null);
  if (seenExtra !== extraKey) {
    setSeenExtra(extraKey);
    setSelected([]);
    setPageOneAt(searchText);
  }
  const forcedPageOne = pageOneAt !== null && pageOneAt === searchText;
  const params: ListParams = forcedPageOne ? { ...urlParams, page: 1 } : urlParams;
  useEffect(() => {
    if (pageOneAt !== null && urlParams.page !== 1) write({ ...urlParams, page: 1 });
    // Only when a new outside filter arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageOneAt, seenExtra]);

  const queryParams: ListParams = { ...params, ...extra };
  const query = useQuery({
    queryKey: [o.queryKey, queryParams],
    queryFn: () => o.fetch(queryParams),
    placeholderData: keepPreviousData,
  });
  const records = query.data?.records ?? [];
  // A page past the end (an old link, the last row of the last page deleted) moves to the last page.
  const total = query.data?.total ?? 0;
  const pastEnd = query.isSuccess && !query.isPlaceholderData && !records.length && params.page > 1 && total > 0;
  useEffect(() => {
    if (pastEnd) write({ ...params, page: Math.ceil(total / params.size) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pastEnd, total]);

  const rowsOf = (ids: number[]) => ids.map((id) => records.find((r) => r.id === id) ?? seen.current.get(id)).filter((r): r is R => !!r);
  const filterValues = useMemo(() => toFilterValues(o.filters, urlParams), [urlParams, o.filters]);

  const applyFilters = (values: Record<string, unknown>) => {
    const keep = { page: 1, size: params.size, sort: params.sort };
    write({ ...keep, ...toQuery(o.filters, values) });
    setSelected([]);
  };

  return {
    params,
    queryParams,
    query,
    records,
    total,
    filterValues,
    setPage: (page, size) => write({ ...params, page, size: size ?? params.size }),
    setSort: (sort) => write({ ...params, sort }),
    onTableChange: (pg, _f, sorter) => {
      const s = Array.isArray(sorter) ? sorter[0] : sorter;
      const key = s?.order ? String(s.columnKey ?? s.field) : undefined;
      write({
        ...params,
        page: pg.current ?? 1,
        size: pg.pageSize ?? params.size,
        sort: key ? (s.order === 'descend' ? `-${key}` : key) : undefined,
      });
    },
    applyFilters,
    resetFilters: () => applyFilters(o.defaultFilters ?? {}),
    selected,
    selectedRows: rowsOf(selected),
    select: (ids, rows = []) => {
      for (const r of rows) if (r) seen.current.set(r.id, r);
      setSelected(ids);
    },
    deselect: (ids) => setSelected((s) => s.filter((id) => !ids.includes(id))),
    clearSelection: () => setSelected([]),
    rowsOf,
    refresh: () => qc.invalidateQueries({ queryKey: [o.queryKey] }),
  };
}
