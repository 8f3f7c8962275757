import type { FastifyInstance } from 'fastify';
import { paperRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { PapersService } from './papers.service.js';

export function registerPaperRoutes(app: FastifyInstance, papers: PapersService) {
  registerRoute(app, routes.list, async (req) => papers.list(principalOf(req), req.body));
  registerRoute(app, routes.get, async (req) => papers.get(principalOf(req), req.body.id));
  registerRoute(app, routes.insert, async (req) => papers.insert(principalOf(req), req.body));
  registerRoute(app, routes.update, async (req) => papers.update(principalOf(req), req.body));
  registerRoute(app, routes.delete, async (req) => papers.remove(principalOf(req), req.body.ids));
  registerRoute(app, routes.ruleAvailable, async (req) => papers.ruleAvailable(req.body));
  registerRoute(app, routes.preview, async (req) => papers.preview(principalOf(req), req.body.id, req.body.seed));
}
