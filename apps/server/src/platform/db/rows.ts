import type { ErrorName } from '@hanlin/shared';
import { AppError } from '../errors.js';

/**
 * The row a statement always returns (an aggregate, an insert's `returning`, a row just locked):
 * a missing one is a fault of the program (a 500), said so instead of `undefined` read later.
 */
export function onlyRow<T>(rows: readonly T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error('the statement returned no row');
  return row;
}

/** `value` when it is there, else the AppError `name` naming `field`. */
export function found<T>(value: T | null | undefined, name: ErrorName = 'NOT_FOUND_ERROR', field?: string): T {
  if (value == null) throw new AppError(name, field ? { field } : {});
  return value;
}
