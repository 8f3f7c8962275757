import { defineRoute, writeRoute } from './contract.js';
import { LicenceSaveSchema, LicenceViewSchema, LoginConfigSchema, LoginSettingsSaveSchema, PlatformParamsSchema } from './settings.js';

/** Login settings (dlsz), platform parameters (cspz) and the licence (xkz). */
export const settingsRoutes = {
  getLogin: defineRoute({ method: 'POST', path: '/api/settings/login/get', permission: ['dlsz'], response: LoginSettingsSaveSchema }),
  saveLogin: writeRoute('/api/settings/login/save', ['dlsz:modify'], 'settings.login.save', { body: LoginSettingsSaveSchema, response: LoginSettingsSaveSchema }),
  /** Spec "login config get": what the login page needs before anyone signs in. */
  loginConfig: defineRoute({ method: 'POST', path: '/api/auth/login-config', permission: 'public', response: LoginConfigSchema }),
  getParams: defineRoute({ method: 'POST', path: '/api/settings/params/get', permission: ['cspz'], response: PlatformParamsSchema }),
  saveParams: writeRoute('/api/settings/params/save', ['cspz:modify'], 'settings.params.save', { body: PlatformParamsSchema, response: PlatformParamsSchema }),
  getLicence: defineRoute({ method: 'POST', path: '/api/settings/licence/get', permission: ['xkz'], response: LicenceViewSchema }),
  saveLicence: writeRoute('/api/settings/licence/save', ['xkz:modify'], 'settings.licence.save', { body: LicenceSaveSchema, response: LicenceViewSchema }),
};
