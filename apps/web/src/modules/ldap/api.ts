import { ldapRoutes as routes, type LdapSettingsSave, type LdapTest } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export const getLdapSettings = () => call(routes.getSettings);
export const saveLdapSettings = (input: LdapSettingsSave) => call(routes.saveSettings, input, { silent: true });
export const testLdap = (input: LdapTest) => call(routes.test, input, { silent: true });
/** Runs the whole synchronization in the request: allow a long wait. */
export const syncLdap = () => call(routes.sync, {}, { silent: true, timeout: 30 * 60_000 });
export const getLdapSyncStatus = () => call(routes.status);
