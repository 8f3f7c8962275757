import type { FastifyInstance } from 'fastify';
import { paperRoutes as routes } from '@hanlin/shared';
import { registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { PapersService } from './papers.service.js';

export function registerPaperRoutes(app: FastifyInstance, papers: PapersService) {
  registerCrudRoutes(app, routes, papers);
  registerRoute(app, routes.ruleAvailable, async (req) => papers.ruleAvailable(req.body));
  registerRoute(app, routes.preview, async (req) => papers.preview(principalOf(req), req.body.id, req.body.seed));
}
