import type { FastifyInstance } from 'fastify';
import { positionRoutes as routes } from '@hanlin/shared';
import { principalOf } from '../../platform/auth/guard.js';
import { registerRoute } from '../../platform/route.js';
import type { PositionsService } from './positions.service.js';

export function registerPositionsRoutes(app: FastifyInstance, positions: PositionsService) {
  registerRoute(app, routes.list, async (req) => positions.list(principalOf(req), req.body));
  registerRoute(app, routes.get, async (req) => positions.get(principalOf(req), req.body.id));
  registerRoute(app, routes.insert, async (req) => positions.insert(req.body));
  registerRoute(app, routes.update, async (req) => positions.update(req.body));
  registerRoute(app, routes.delete, async (req) => positions.remove(req.body.ids));
}
