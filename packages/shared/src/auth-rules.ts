/**
 * Login rules the web app's first page needs. Kept apart from auth.ts: that file builds zod
 * schemas, and importing it would put zod into the first download of every page.
 */
import { CONSTANTS } from './constants.js';

/** Spec section 5: 6–20 characters mixing at least two of digits, letters and symbols. */
export function isPasswordAcceptable(pw: string): boolean {
  if (pw.length < CONSTANTS.PASSWORD_MIN || pw.length > CONSTANTS.PASSWORD_MAX) return false;
  if (/\s/.test(pw)) return false;
  const kinds = [/[0-9]/, /[A-Za-z]/, /[^0-9A-Za-z]/].filter((r) => r.test(pw)).length;
  return kinds >= 2;
}

/** Lower-case hex SHA-256 input of the X-Sign header. */
export function signInput(userId: number, timestamp: string | number, signNumber: string, salt: string): string {
  return `${userId}${timestamp}${signNumber}${salt}`;
}
