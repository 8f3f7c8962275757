import type { FastifyInstance } from 'fastify';
import { professionalRoutes as routes } from '@hanlin/shared';
import { principalOf } from '../../platform/auth/guard.js';
import { registerRoute } from '../../platform/route.js';
import type { ProfessionalsService } from './professionals.service.js';

export function registerProfessionalsRoutes(app: FastifyInstance, professionals: ProfessionalsService) {
  registerRoute(app, routes.tree, async (req) => professionals.tree(principalOf(req)));
  registerRoute(app, routes.insert, async (req) => professionals.insert(req.body));
  registerRoute(app, routes.update, async (req) => professionals.update(req.body));
  registerRoute(app, routes.delete, async (req) => professionals.remove(req.body.id));
  registerRoute(app, routes.sort, async (req) => professionals.sort(req.body));
}
