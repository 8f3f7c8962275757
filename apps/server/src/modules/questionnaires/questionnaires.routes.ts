import type { FastifyInstance } from 'fastify';
import { questionnaireRoutes as routes } from '@hanlin/shared';
import { registerCategoryRoutes, registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { QuestionnairesService } from './questionnaires.service.js';

export function registerQuestionnairesRoutes(app: FastifyInstance, questionnaires: QuestionnairesService) {
  registerCategoryRoutes(app, routes, questionnaires.categories);
  registerCrudRoutes(app, routes, questionnaires);
  registerRoute(app, routes.copy, async (req) => questionnaires.copy(principalOf(req), req.body));
  registerRoute(app, routes.publish, async (req) => questionnaires.transition(principalOf(req), req.body.ids, 'publish'));
  registerRoute(app, routes.unpublish, async (req) => questionnaires.transition(principalOf(req), req.body.ids, 'unpublish'));
}
