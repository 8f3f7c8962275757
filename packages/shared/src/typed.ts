/**
 * Small typed helpers that narrow instead of casting: a value checked against a literal list, the
 * keys and entries of an object with its own key type, a record built from a list of keys.
 */

/** Whether `value` is one of `list` (a `const` tuple of literals): narrows it to the list's type. */
export const isOneOf = <T extends string | number>(list: readonly T[], value: unknown): value is T => list.some((item) => item === value);

/** `value` when it is one of `list`, else `fallback`. */
export const oneOf = <T extends string | number, F = T>(list: readonly T[], value: unknown, fallback: F): T | F => (isOneOf(list, value) ? value : fallback);

/** The own keys of a record whose keys are known (a record typed `Record<K, V>` has no others). */
export const keysOf = <K extends string>(o: Partial<Record<K, unknown>>): K[] => Object.keys(o) as K[];

/** The own entries of a record whose keys are known. */
export const entriesOf = <K extends string, V>(o: Partial<Record<K, V>>): [K, V][] => Object.entries(o) as [K, V][];

/** A record with one entry per key of `keys`, its value given by `value`. */
export function recordOf<K extends string, V>(keys: readonly K[], value: (key: K) => V): Record<K, V> {
  const out = {} as Record<K, V>;
  for (const k of keys) out[k] = value(k);
  return out;
}

/**
 * The value of `key` in `map` where the program put it before (a lookup built from the same rows):
 * a missing one is a fault of the program, said so by name instead of an `undefined` read later.
 */
export function getKnown<K, V>(map: ReadonlyMap<K, V>, key: K, what = 'entry'): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`no ${what} for ${String(key)}`);
  return value;
}

/** `value` where the program made sure it is there (an action offered only with its handler): a missing one is said by name. */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value == null) throw new Error(`${what} is missing`);
  return value;
}

/** Whether `value` is an object (not null): its properties may then be read as unknowns. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The property `key` of a value whose shape is not known (a caught error's `code`, a driver's
 * `cause`, a parsed document's field): undefined when the value is no object or lacks it.
 */
export function propOf(value: unknown, key: string): unknown {
  return isRecord(value) || typeof value === 'function' ? Reflect.get(value, key) : undefined;
}

/** The entries of `o` whose value is not `undefined` (a partial write that leaves the others as they are). */
export function definedOf<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {};
  for (const k in o) if (Object.hasOwn(o, k) && o[k] !== undefined) out[k] = o[k];
  return out;
}

/** `list` as a non-empty tuple (what `z.enum` takes); an empty one is a fault of the program, said so. */
export function nonEmpty<T>(list: readonly T[], what = 'list'): [T, ...T[]] {
  const [first, ...rest] = list;
  if (first === undefined) throw new Error(`${what} is empty`);
  return [first, ...rest];
}
