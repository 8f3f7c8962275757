import { z } from 'zod';
import { defineRoute } from './contract.js';
import { LdapSettingsSaveSchema, LdapSettingsViewSchema, LdapSyncReportSchema, LdapSyncStatusSchema, LdapTestSchema } from './ldap.js';

/** LDAP directory settings and synchronization. */
export const ldapRoutes = {
  getSettings: defineRoute({ method: 'POST', path: '/api/ldap/settings/get', permission: ['ldap'], response: LdapSettingsViewSchema }),
  saveSettings: defineRoute({
    method: 'POST',
    path: '/api/ldap/settings/save',
    permission: ['ldap:modify'],
    operation: 'ldap.settings.save',
    body: LdapSettingsSaveSchema,
    response: LdapSettingsViewSchema,
  }),
  // `ldap:modify`, not read: the stored password may be sent to the server typed in the form.
  test: defineRoute({
    method: 'POST',
    path: '/api/ldap/test',
    permission: ['ldap:modify'],
    operation: 'ldap.test',
    body: LdapTestSchema,
    response: z.object({ ok: z.literal(true) }),
  }),
  sync: defineRoute({ method: 'POST', path: '/api/ldap/sync', permission: ['ldap:import'], operation: 'ldap.sync', response: LdapSyncReportSchema }),
  status: defineRoute({ method: 'POST', path: '/api/ldap/sync/status', permission: ['ldap'], response: LdapSyncStatusSchema }),
};
