import type { FastifyInstance } from 'fastify';
import { learningGroupRoutes as routes } from '@hanlin/shared';
import { registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { LearningGroupsService } from './learning-groups.service.js';

export function registerLearningGroupsRoutes(app: FastifyInstance, groups: LearningGroupsService) {
  registerCrudRoutes(app, routes, groups);
  registerRoute(app, routes.members, async (req) => groups.members(principalOf(req), req.body));
  registerRoute(app, routes.freeze, async (req) => groups.setStatus(principalOf(req), req.body.ids, 'frozen'));
  registerRoute(app, routes.unfreeze, async (req) => groups.setStatus(principalOf(req), req.body.ids, 'normal'));
  registerRoute(app, routes.addMembers, async (req) => groups.addMembers(principalOf(req), req.body));
  registerRoute(app, routes.removeMembers, async (req) => groups.removeMembers(principalOf(req), req.body));
}
