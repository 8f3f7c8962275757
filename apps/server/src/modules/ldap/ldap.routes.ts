import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LdapSettingsSaveSchema, LdapTestSchema } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import type { LdapService } from './ldap.service.js';

export function registerLdapRoutes(app: FastifyInstance, ldap: LdapService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ldap'];
  r.post('/api/ldap/settings/get', { config: { permission: ['ldap'] }, schema: { tags } }, async () => ok(await ldap.getSettings()));
  r.post(
    '/api/ldap/settings/save',
    { config: { permission: ['ldap:modify'], operation: 'ldap.settings.save' }, schema: { tags, body: LdapSettingsSaveSchema } },
    async (req) => ok(await ldap.saveSettings(req.body)),
  );
  // `ldap:modify`, not read: the stored password may be sent to the server typed in the form.
  r.post(
    '/api/ldap/test',
    { config: { permission: ['ldap:modify'], operation: 'ldap.test', rateLimit: { max: 60, timeWindow: '1 minute' } }, schema: { tags, body: LdapTestSchema } },
    async (req) => ok(await ldap.test(req.body)),
  );
  r.post('/api/ldap/sync', { config: { permission: ['ldap:import'], operation: 'ldap.sync' }, schema: { tags } }, async () => ok(await ldap.sync()));
  r.post('/api/ldap/sync/status', { config: { permission: ['ldap'] }, schema: { tags } }, async () => ok(await ldap.status()));
}
