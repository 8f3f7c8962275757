import type { FastifyInstance } from 'fastify';
import { outsideTrainingRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { OutsideTrainingsService } from './outside-trainings.service.js';

export function registerOutsideTrainingsRoutes(app: FastifyInstance, s: OutsideTrainingsService) {
  registerRoute(app, routes.list, async (req) => s.list(principalOf(req), req.body));
  registerRoute(app, routes.mine, async (req) => s.mine(principalOf(req), req.body));
  registerRoute(app, routes.get, async (req) => s.get(principalOf(req), req.body.id));
  registerRoute(app, routes.insert, async (req) => s.insert(principalOf(req), req.body));
  registerRoute(app, routes.update, async (req) => s.update(principalOf(req), req.body));
  registerRoute(app, routes.delete, async (req) => s.remove(principalOf(req), req.body.ids));
  registerRoute(app, routes.submit, async (req) => s.submit(principalOf(req), req.body.id));
  registerRoute(app, routes.result, async (req) => s.recordResult(principalOf(req), req.body));
}
