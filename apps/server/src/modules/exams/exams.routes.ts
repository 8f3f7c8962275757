import type { FastifyInstance } from 'fastify';
import { examRoutes as routes } from '@hanlin/shared';
import { registerBatchRoutes, registerCategoryRoutes, registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { ExamsService } from './exams.service.js';

export function registerExamRoutes(app: FastifyInstance, s: ExamsService) {
  registerCategoryRoutes(app, routes, s.categories);

  registerCrudRoutes(app, routes, s);
  registerRoute(app, routes.papers, async (req) => s.papers(req.body));
  registerBatchRoutes(app, routes, { publish: s.publish, unpublish: s.unpublish });
  registerRoute(app, routes.my, async (req) => s.my(principalOf(req), req.body));
}
