import { ApiError } from './client';

/** Ids the server named as beyond the caller's data permission, or null for any other failure. */
export function beyondOf(e: unknown): number[] | null {
  if (!(e instanceof ApiError) || e.name !== 'NO_DATA_PERMISSION_ERROR') return null;
  const beyond = e.dataField('beyond');
  return Array.isArray(beyond) && beyond.length ? beyond.map(Number) : null;
}

export function errorText(e: unknown): string {
  return e instanceof ApiError ? e.text : String(e);
}
