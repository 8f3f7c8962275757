import type { FastifyInstance } from 'fastify';
import { bannerRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { BannersService } from './banners.service.js';

export function registerBannersRoutes(app: FastifyInstance, banners: BannersService) {
  registerRoute(app, routes.list, async (req) => banners.list(principalOf(req), req.body));
  registerRoute(app, routes.get, async (req) => banners.get(principalOf(req), req.body.id));
  registerRoute(app, routes.insert, async (req) => banners.insert(principalOf(req), req.body));
  registerRoute(app, routes.update, async (req) => banners.update(principalOf(req), req.body));
  registerRoute(app, routes.delete, async (req) => banners.remove(principalOf(req), req.body.ids));
  registerRoute(app, routes.release, async (req) => banners.release(principalOf(req), req.body.ids));
  registerRoute(app, routes.unrelease, async (req) => banners.unrelease(principalOf(req), req.body.ids));
  registerRoute(app, routes.current, async () => banners.current());
}
