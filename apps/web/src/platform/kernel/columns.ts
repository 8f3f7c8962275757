import { formatTime } from '../format';
import type { ColumnSpec, FilterSpec } from './types';

/** A list's server-side sort keys as a test: `sortable('name')` is true when the server sorts by it. */
export const sortableIn =
  (keys: readonly string[]) =>
  (key: string): boolean =>
    keys.includes(key);

/** A date-time column (`YYYY-MM-DD HH:mm`), sortable when `sortable` says the server sorts by it. */
export function timeColumn<R>(key: keyof R & string, titleKey: string, sortable: boolean | ((key: string) => boolean) = false): ColumnSpec<R> {
  return {
    key,
    titleKey,
    sortable: typeof sortable === 'function' ? sortable(key) : sortable,
    render: (r) => formatTime(r[key] as string | null | undefined),
  };
}

/** A select filter (or `kind: 'boolean'`) whose options are `[value, i18n key]` pairs. */
export function choiceFilter(name: string, labelKey: string, options: readonly (readonly [string | number, string])[], more: Partial<FilterSpec> = {}): FilterSpec {
  return { name, labelKey, kind: 'select', options: options.map(([value, key]) => ({ value, labelKey: key })), ...more };
}
