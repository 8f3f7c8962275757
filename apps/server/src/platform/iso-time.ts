/** A time as the API answers it: ISO 8601 text (raw statements give timestamps as text); null stays null. */
export function isoTime(t: Date | string): string;
export function isoTime(t: Date | string | null): string | null;
export function isoTime(t: Date | string | null): string | null {
  return t === null ? null : new Date(t).toISOString();
}
