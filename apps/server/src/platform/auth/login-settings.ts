import { CONSTANTS, type LicenceState } from '@hanlin/shared';
import { BUNDLED_LICENCE_PUBLIC_KEY, verifyLicence } from '../licence.js';
import type { DbOrTx } from '../db/client.js';
import { readSetting, writeSetting } from '../settings.js';
import type { Kv } from '../kv.js';
import { AppError } from '../errors.js';

export interface LoginSettings {
  maxWrongPasswords: number;
  captchaEnabled: boolean;
  captchaAfterFailures: number;
  singleSignOn: boolean;
  firstLoginChange: boolean;
  tokenIdleHours: number;
  /** Minutes a lockout after `maxWrongPasswords` lasts; 0: frozen until an administrator unfreezes. */
  lockMinutes: number;
  signSalt: string;
}

export const LOGIN_SETTINGS_DEFAULTS: LoginSettings = {
  maxWrongPasswords: CONSTANTS.DEFAULT_MAX_WRONG_PASSWORDS,
  captchaEnabled: true,
  captchaAfterFailures: CONSTANTS.CAPTCHA_AFTER_FAILURES,
  singleSignOn: true,
  firstLoginChange: true,
  tokenIdleHours: CONSTANTS.TOKEN_IDLE_HOURS_DEFAULT,
  // A lockout that lifts by itself: wrong guesses alone cannot keep an account (an administrator's too) out for good.
  lockMinutes: 30,
  signSalt: process.env.SIGN_SALT || CONSTANTS.SIGN_SALT_DEFAULT,
};

/** The installed licence as verified: what it grants, or `invalid` (logins refused) or `none` (no limits). */
export interface Licence {
  state: LicenceState;
  maxOnline: number | null;
  expiresAt: string | null;
  serialNumber: string | null;
  customer: string | null;
  issuedAt: string | null;
}
export const NO_LICENCE: Licence = { state: 'none', maxOnline: null, expiresAt: null, serialNumber: null, customer: null, issuedAt: null };

/** What is stored: the signed document only, so a limit changed in the database no longer verifies. */
interface StoredLicence {
  document?: string | null;
}

function readLicence(stored: StoredLicence, publicKey: string): Licence {
  if (!stored.document) return NO_LICENCE;
  const p = verifyLicence(stored.document, publicKey);
  if (!p) return { ...NO_LICENCE, state: 'invalid' };
  return {
    state: 'valid',
    maxOnline: p.maxOnline,
    expiresAt: p.expiresAt && new Date(p.expiresAt).toISOString(),
    serialNumber: p.serialNumber,
    customer: p.customer,
    issuedAt: p.issuedAt,
  };
}

const TTL_MS = 5000;

const CHANGED = 'settings.auth.changed';

/**
 * Login settings and licence, read through a short cache since every request needs them. A save
 * is announced on the kv channel so every node drops its copy at once, not after the TTL.
 */
export function createAuthSettings(db: DbOrTx, kv: Pick<Kv, 'publish' | 'subscribe'>, licencePublicKey: string = BUNDLED_LICENCE_PUBLIC_KEY) {
  let login: { v: LoginSettings; at: number } | undefined;
  let licence: { v: Licence; at: number } | undefined;
  kv.subscribe(CHANGED, (which) => {
    if (which === 'login') login = undefined;
    if (which === 'licence') licence = undefined;
  });
  return {
    async login(): Promise<LoginSettings> {
      if (!login || Date.now() - login.at > TTL_MS) login = { v: await readSetting(db, 'login', LOGIN_SETTINGS_DEFAULTS), at: Date.now() };
      return login.v;
    },
    async saveLogin(v: LoginSettings) {
      await writeSetting(db, 'login', v);
      login = undefined;
      await kv.publish(CHANGED, 'login');
    },
    async licence(): Promise<Licence> {
      if (!licence || Date.now() - licence.at > TTL_MS) licence = { v: readLicence(await readSetting<StoredLicence>(db, 'licence', {}), licencePublicKey), at: Date.now() };
      return licence.v;
    },
    /** Installs a signed licence; LICENSE_ERROR (nothing changes) when it does not verify. */
    async saveLicence(document: string) {
      if (!verifyLicence(document, licencePublicKey)) throw new AppError('LICENSE_ERROR', { field: 'licence' });
      await writeSetting(db, 'licence', { document: document.trim() } satisfies StoredLicence);
      licence = undefined;
      await kv.publish(CHANGED, 'licence');
    },
  };
}
export type AuthSettings = ReturnType<typeof createAuthSettings>;
