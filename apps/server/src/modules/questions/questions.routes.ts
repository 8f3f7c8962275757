import type { FastifyInstance } from 'fastify';
import { questionRoutes as routes } from '@hanlin/shared';
import { registerBatchRoutes, registerCategoryRoutes, registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { QuestionsService } from './questions.service.js';

export function registerQuestionRoutes(app: FastifyInstance, questions: QuestionsService) {
  registerCategoryRoutes(app, routes, questions.categories);

  registerCrudRoutes(app, routes, questions);
  registerBatchRoutes(app, routes, { submit: questions.submit, approve: questions.approve, unpublish: questions.unpublish });
  registerRoute(app, routes.refuse, async (req) => questions.refuse(principalOf(req), req.body.ids, req.body.reason));
}
