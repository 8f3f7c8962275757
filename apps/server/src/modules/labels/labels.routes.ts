import type { FastifyInstance } from 'fastify';
import { labelRoutes as routes } from '@hanlin/shared';
import { principalOf } from '../../platform/auth/guard.js';
import { registerRoute } from '../../platform/route.js';
import type { LabelsService } from './labels.service.js';

export function registerLabelsRoutes(app: FastifyInstance, labels: LabelsService) {
  registerRoute(app, routes.listCategories, async (req) => labels.listCategories(principalOf(req), req.body));
  registerRoute(app, routes.insertCategory, async (req) => labels.insertCategory(req.body));
  registerRoute(app, routes.updateCategory, async (req) => labels.updateCategory(req.body));
  registerRoute(app, routes.deleteCategories, async (req) => labels.deleteCategories(req.body.ids));
  registerRoute(app, routes.list, async (req) => labels.listLabels(principalOf(req), req.body));
  registerRoute(app, routes.insert, async (req) => labels.insertLabel(req.body));
  registerRoute(app, routes.update, async (req) => labels.updateLabel(req.body));
  registerRoute(app, routes.delete, async (req) => labels.deleteLabels(req.body.ids));
  // Selector data for every form that attaches labels (positions, courses, questions, users).
  registerRoute(app, routes.options, async (req) => labels.options(req.body.kind));
}
