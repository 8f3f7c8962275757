import { CONSTANTS } from '@hanlin/shared';
import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's second recommended setting (19 MiB, 2 passes).
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/**
 * Stored instead of a hash for accounts created in bulk (imports, LDAP): their password is the
 * initial one (user name + 123) and the real hash is written in the background or at first login.
 */
export const PENDING_PASSWORD_HASH = '!initial-password-pending';

export function initialPassword(username: string): string {
  return `${username}${CONSTANTS.RESET_PASSWORD_SUFFIX}`;
}
