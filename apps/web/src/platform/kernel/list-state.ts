import dayjs from 'dayjs';
import type { FilterSpec, ListParams } from './types';

/**
 * A list's page, size, sort and filters as URL search parameters, so a list can be linked and
 * survives a reload. Only what differs from the defaults is written; a filter cleared although
 * it has a default is written empty (`status=`), so "cleared" and "never touched" stay apart.
 */
export interface ListDefaults {
  size: number;
  sort?: string;
  /** Filter form values, as `defaultFilters`. */
  filters?: Record<string, unknown>;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** The query parameter names a filter writes (a date range writes two). */
export function filterKeys(f: FilterSpec): string[] {
  return f.kind === 'daterange' ? rangeKeys(f) : [f.name];
}

/** The two query keys of a date-range filter: its start and its end. */
function rangeKeys(f: FilterSpec): [string, string] {
  const r = f.range ?? { from: `${f.name}From`, to: `${f.name}To` };
  return [r.from, r.to];
}

/** Filter form values -> query parameters: trimmed text, date ranges as ISO times of whole days, no empties. */
export function toQuery(filters: readonly FilterSpec[] | undefined, values: Record<string, unknown> | undefined) {
  const out: Record<string, unknown> = {};
  for (const [k, raw] of Object.entries(values ?? {})) {
    const spec = filters?.find((f) => f.name === k);
    if (spec?.kind === 'daterange') {
      const [from, to] = Array.isArray(raw) ? raw.map((d) => (dayjs.isDayjs(d) ? d : null)) : [];
      const [fromKey, toKey] = rangeKeys(spec);
      if (from) out[fromKey] = from.startOf('day').toISOString();
      if (to) out[toKey] = to.endOf('day').toISOString();
      continue;
    }
    if (spec?.kind === 'boolean') {
      if (raw === 'true' || raw === 'false') out[k] = raw === 'true';
      else if (typeof raw === 'boolean') out[k] = raw;
      continue;
    }
    const v = typeof raw === 'string' ? raw.trim() : raw;
    if (!isEmpty(v)) out[k] = v;
  }
  return out;
}

/** Query parameters -> filter form values (the inverse of `toQuery`). */
export function toFilterValues(filters: readonly FilterSpec[] | undefined, query: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const f of filters ?? []) {
    if (f.kind === 'daterange') {
      const [fromKey, toKey] = rangeKeys(f);
      const from = query[fromKey];
      const to = query[toKey];
      if (from || to) out[f.name] = [from ? dayjs(String(from)) : null, to ? dayjs(String(to)) : null];
      continue;
    }
    const v = query[f.name];
    if (v === undefined) continue;
    out[f.name] = f.kind === 'boolean' ? String(v) : v;
  }
  return out;
}

/** A URL text back to the filter's value type: booleans, the option of the same value, or an id. */
function parseValue(f: FilterSpec | undefined, raw: string): unknown {
  if (f?.kind === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : undefined;
  if (f?.kind === 'select') {
    const opts = f.options ?? [];
    const hit = opts.find((o) => String(o.value) === raw);
    if (hit) return hit.value;
    // Options not loaded yet (or numeric ones): an integer is an id.
    if (/^-?\d+$/.test(raw) && (!opts.length || opts.some((o) => typeof o.value === 'number'))) return Number(raw);
  }
  return raw;
}

const positive = (raw: string | null, fallback: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Reads the list state under `prefix` (`''` or `users.`) from the search parameters. */
export function readListState(search: URLSearchParams, filters: readonly FilterSpec[] | undefined, defaults: ListDefaults, prefix = ''): ListParams {
  const get = (k: string) => search.get(prefix + k);
  const sort = get('sort');
  const params: ListParams = {
    page: positive(get('page'), 1),
    size: positive(get('size'), defaults.size),
    sort: sort === null ? defaults.sort : sort || undefined,
  };
  const fallback = toQuery(filters, defaults.filters);
  for (const f of filters ?? []) {
    for (const key of filterKeys(f)) {
      const raw = get(key);
      const v = raw === null ? fallback[key] : raw === '' ? undefined : parseValue(f.kind === 'daterange' ? undefined : f, raw);
      if (!isEmpty(v)) params[key] = v;
    }
  }
  return params;
}

/**
 * Writes the list state under `prefix` into a copy of `search` (other parameters kept). Page 1,
 * the default size and sort and filters at their defaults are left out.
 */
export function writeListState(search: URLSearchParams, params: ListParams, filters: readonly FilterSpec[] | undefined, defaults: ListDefaults, prefix = ''): URLSearchParams {
  const next = new URLSearchParams(search);
  const put = (k: string, v: string | undefined) => (v === undefined ? next.delete(prefix + k) : next.set(prefix + k, v));
  put('page', params.page > 1 ? String(params.page) : undefined);
  put('size', params.size !== defaults.size ? String(params.size) : undefined);
  put('sort', (params.sort ?? '') === (defaults.sort ?? '') ? undefined : (params.sort ?? ''));
  const fallback = toQuery(filters, defaults.filters);
  for (const f of filters ?? []) {
    for (const key of filterKeys(f)) {
      const v = params[key];
      const d = fallback[key];
      if (String(v ?? '') === String(d ?? '')) put(key, undefined);
      else put(key, isEmpty(v) ? '' : String(v));
    }
  }
  return next;
}
