import type { FastifyInstance } from 'fastify';
import { appVersionRoutes as routes } from '@hanlin/shared';
import { principalOf } from '../../platform/auth/guard.js';
import { registerRoute } from '../../platform/route.js';
import type { AppVersionsService } from './app-versions.service.js';

export function registerAppVersionsRoutes(app: FastifyInstance, versions: AppVersionsService) {
  // Public page `/manage-version`.
  registerRoute(app, routes.publicList, async (req) => versions.publicList(req.body), { rateLimit: { max: 120, timeWindow: '1 minute' } });
  registerRoute(app, routes.list, async (req) => versions.list(principalOf(req), req.body));
  registerRoute(app, routes.get, async (req) => versions.get(principalOf(req), req.params.id));
  registerRoute(app, routes.insert, async (req) => versions.create(req.body));
  registerRoute(app, routes.update, async (req) => versions.update(req.body));
  registerRoute(app, routes.delete, async (req) => versions.remove(req.body.ids));
}
