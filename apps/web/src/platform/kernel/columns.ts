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
    render: (r) => {
      const time = r[key];
      return formatTime(typeof time === 'string' ? time : null);
    },
  };
}

/** A select filter (or `kind: 'boolean'`) whose options are `[value, i18n key]` pairs. */
export function choiceFilter(name: string, labelKey: string, options: readonly (readonly [string | number, string])[], more: Partial<FilterSpec> = {}): FilterSpec {
  return { name, labelKey, kind: 'select', options: options.map(([value, key]) => ({ value, labelKey: key })), ...more };
}

/** A select filter over a list of values, each labelled by the key `<keyPrefix><value>` (`mail.status_` and `sent`). */
export function enumFilter(name: string, labelKey: string, values: readonly string[], keyPrefix: string, more: Partial<FilterSpec> = {}): FilterSpec {
  return { name, labelKey, kind: 'select', options: values.map((v) => ({ value: v, labelKey: `${keyPrefix}${v}` })), ...more };
}

/** A yes/no filter sent as a boolean: `labels` holds the i18n keys of `true` and `false`, in the order shown. */
export function booleanFilter(name: string, labelKey: string, labels: { true: string; false: string }, more: Partial<FilterSpec> = {}): FilterSpec {
  return choiceFilter(name, labelKey, Object.entries(labels), { kind: 'boolean', ...more });
}

/** A person's columns (real name, user name, organization) titled `<prefix>.realname`, `.username` and `.org`. */
export function personColumns<R extends { realname: string; username: string; orgName: string | null }>(
  prefix: string,
  more: { realname?: Partial<ColumnSpec<R>>; others?: Partial<ColumnSpec<R>> } = {},
): ColumnSpec<R>[] {
  const column = (key: 'realname' | 'username' | 'orgName', titleKey: string, extra?: Partial<ColumnSpec<R>>): ColumnSpec<R> => ({
    key: key,
    titleKey: `${prefix}.${titleKey}`,
    ...extra,
  });
  return [column('realname', 'realname', more.realname), column('username', 'username', more.others), column('orgName', 'org', more.others)];
}
