import { z } from 'zod';
import { defineRoute, writeRoute } from './contract.js';
import { LdapSettingsSaveSchema, LdapSettingsViewSchema, LdapSyncReportSchema, LdapSyncStatusSchema, LdapTestSchema } from './ldap.js';

/** LDAP directory settings and synchronization. */
export const ldapRoutes = {
  getSettings: defineRoute({ method: 'POST', path: '/api/ldap/settings/get', permission: ['ldap'], response: LdapSettingsViewSchema }),
  saveSettings: writeRoute('/api/ldap/settings/save', ['ldap:modify'], 'ldap.settings.save', { body: LdapSettingsSaveSchema, response: LdapSettingsViewSchema }),
  // `ldap:modify`, not read: the stored password may be sent to the server typed in the form.
  test: writeRoute('/api/ldap/test', ['ldap:modify'], 'ldap.test', { body: LdapTestSchema, response: z.object({ ok: z.literal(true) }) }),
  sync: writeRoute('/api/ldap/sync', ['ldap:import'], 'ldap.sync', { response: LdapSyncReportSchema }),
  status: defineRoute({ method: 'POST', path: '/api/ldap/sync/status', permission: ['ldap'], response: LdapSyncStatusSchema }),
};
