import type { FastifyInstance } from 'fastify';
import { bannerRoutes as routes } from '@hanlin/shared';
import { registerBatchRoutes, registerCrudRoutes, registerRoute } from '../../platform/route.js';
import type { BannersService } from './banners.service.js';

export function registerBannersRoutes(app: FastifyInstance, banners: BannersService) {
  registerCrudRoutes(app, routes, banners);
  registerBatchRoutes(app, routes, { release: banners.release, unrelease: banners.unrelease });
  registerRoute(app, routes.current, async () => banners.current());
}
