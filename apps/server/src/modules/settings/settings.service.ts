import {
  PLATFORM_PARAMS_DEFAULTS,
  PlatformParamsSchema,
  licenceExpired,
  type LicenceSave,
  type LicenceView,
  type LoginConfig,
  type LoginSettingsSave,
  type LoginSettingsView,
  type PlatformParams,
} from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import type { AuthSettings } from '../../platform/auth/login-settings.js';
import { readSetting, writeSetting } from '../../platform/settings.js';
import { countOnlineUsers } from './settings.repository.js';

const PARAMS_KEY = 'params';

/** Parameter configuration with defaults for keys saved by an older version; other modules read it here. */
export async function readPlatformParams(db: DbOrTx): Promise<PlatformParams> {
  const stored = await readSetting<Record<string, unknown>>(db, PARAMS_KEY, {});
  const out = { ...PLATFORM_PARAMS_DEFAULTS };
  // A stored value that no longer passes today's rule falls back to its default.
  for (const [k, field] of Object.entries(PlatformParamsSchema.shape)) {
    const parsed = field.safeParse(stored[k]);
    if (parsed.success) (out as Record<string, unknown>)[k] = parsed.data;
  }
  return out;
}

export function createSettingsService({ db, authSettings }: { db: DbOrTx; authSettings: AuthSettings }) {
  const loginView = async (): Promise<LoginSettingsView> => {
    const { signSalt: _salt, ...rest } = await authSettings.login();
    return rest;
  };

  const getLicence = async (): Promise<LicenceView> => {
    const [licence, login] = await Promise.all([authSettings.licence(), authSettings.login()]);
    return { ...licence, expired: licenceExpired(licence, new Date()), onlineNow: await countOnlineUsers(db, login.tokenIdleHours) };
  };

  return {
    getLogin: loginView,

    async saveLogin(input: LoginSettingsSave): Promise<LoginSettingsView> {
      const current = await authSettings.login();
      // The signing salt is part of every client's signature: never changed from this page.
      await authSettings.saveLogin({ ...input, signSalt: current.signSalt });
      return loginView();
    },

    async loginConfig(): Promise<LoginConfig> {
      const [login, params] = await Promise.all([authSettings.login(), readPlatformParams(db)]);
      return { captchaEnabled: login.captchaEnabled, siteNameZh: params.siteNameZh, siteNameEn: params.siteNameEn };
    },

    getParams: () => readPlatformParams(db),

    async saveParams(input: PlatformParams): Promise<PlatformParams> {
      await writeSetting(db, PARAMS_KEY, input);
      return readPlatformParams(db);
    },

    getLicence,

    /** The limits come only from the vendor's signed document (LICENSE_ERROR when it does not verify). */
    async saveLicence(input: LicenceSave): Promise<LicenceView> {
      await authSettings.saveLicence(input.licence);
      return getLicence();
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
