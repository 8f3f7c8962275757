import type { FastifyInstance } from 'fastify';
import { surveyRoutes as routes } from '@hanlin/shared';
import { registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { SurveysService } from './surveys.service.js';

export function registerSurveysRoutes(app: FastifyInstance, surveys: SurveysService) {
  registerCrudRoutes(app, routes, surveys);
  registerRoute(app, routes.release, async (req) => surveys.transition(principalOf(req), req.body.ids, 'release'));
  registerRoute(app, routes.unrelease, async (req) => surveys.transition(principalOf(req), req.body.ids, 'unrelease'));
  registerRoute(app, routes.my, async (req) => surveys.my(principalOf(req), req.body));
  registerRoute(app, routes.sheet, async (req) => surveys.sheet(principalOf(req), req.body.id));
  registerRoute(app, routes.saveDraft, async (req) => surveys.saveDraft(principalOf(req), req.body));
  registerRoute(app, routes.submit, async (req) => surveys.submit(principalOf(req), req.body));
}
