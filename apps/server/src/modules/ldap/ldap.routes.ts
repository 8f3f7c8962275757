import type { FastifyInstance } from 'fastify';
import { ldapRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import type { LdapService } from './ldap.service.js';

export function registerLdapRoutes(app: FastifyInstance, ldap: LdapService) {
  registerRoute(app, routes.getSettings, async () => ldap.getSettings());
  registerRoute(app, routes.saveSettings, async (req) => ldap.saveSettings(req.body));
  registerRoute(app, routes.test, async (req) => ldap.test(req.body), { rateLimit: { max: 60, timeWindow: '1 minute' } });
  registerRoute(app, routes.sync, async () => ldap.sync());
  registerRoute(app, routes.status, async () => ldap.status());
}
