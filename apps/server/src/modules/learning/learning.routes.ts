import type { FastifyInstance } from 'fastify';
import { learningRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { LearningService } from './learning.service.js';

export function registerLearningRoutes(app: FastifyInstance, learning: LearningService) {
  registerRoute(app, routes.courseList, async (req) => learning.list(principalOf(req), req.body));
  registerRoute(app, routes.courseGet, async (req) => learning.get(principalOf(req), req.body.id));
  registerRoute(app, routes.start, async (req) => learning.start(principalOf(req), req.body.id));
  registerRoute(app, routes.open, async (req) => learning.open(principalOf(req), req.body));
  registerRoute(app, routes.heartbeat, async (req) => learning.heartbeat(principalOf(req), req.body));
  registerRoute(app, routes.sync, async (req) => learning.sync(principalOf(req), req.body));
  registerRoute(app, routes.answerChallenge, async (req) => learning.answerChallenge(principalOf(req), req.body.id));
  registerRoute(app, routes.my, async (req) => learning.my(principalOf(req), req.body));
}
