import type { LdapSettingsSave, LdapSettingsView, LdapSyncReport, LdapSyncStatus, LdapTest } from '@hanlin/shared';
import { api } from '../../platform/api/client';

export const getLdapSettings = () => api<LdapSettingsView>('ldap/settings/get');
export const saveLdapSettings = (input: LdapSettingsSave) => api<LdapSettingsView>('ldap/settings/save', input, { silent: true });
export const testLdap = (input: LdapTest) => api<{ ok: true }>('ldap/test', input, { silent: true });
/** Runs the whole synchronization in the request: allow a long wait. */
export const syncLdap = () => api<LdapSyncReport>('ldap/sync', undefined, { silent: true, timeout: 30 * 60_000 });
export const getLdapSyncStatus = () => api<LdapSyncStatus>('ldap/sync/status');
