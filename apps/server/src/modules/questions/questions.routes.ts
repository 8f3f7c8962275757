import type { FastifyInstance } from 'fastify';
import { questionRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { QuestionsService } from './questions.service.js';

export function registerQuestionRoutes(app: FastifyInstance, questions: QuestionsService) {
  registerRoute(app, routes.categoryTree, async () => questions.categoryTree());
  registerRoute(app, routes.categoryInsert, async (req) => questions.categoryInsert(req.body));
  registerRoute(app, routes.categoryUpdate, async (req) => questions.categoryUpdate(req.body));
  registerRoute(app, routes.categoryDelete, async (req) => questions.categoryRemove(req.body.id));
  registerRoute(app, routes.categorySort, async (req) => questions.categorySort(req.body));

  registerRoute(app, routes.list, async (req) => questions.list(principalOf(req), req.body));
  registerRoute(app, routes.get, async (req) => questions.get(principalOf(req), req.body.id));
  registerRoute(app, routes.insert, async (req) => questions.insert(principalOf(req), req.body));
  registerRoute(app, routes.update, async (req) => questions.update(principalOf(req), req.body));
  registerRoute(app, routes.delete, async (req) => questions.remove(principalOf(req), req.body.ids));
  registerRoute(app, routes.submit, async (req) => questions.submit(principalOf(req), req.body.ids));
  registerRoute(app, routes.approve, async (req) => questions.approve(principalOf(req), req.body.ids));
  registerRoute(app, routes.refuse, async (req) => questions.refuse(principalOf(req), req.body.ids, req.body.reason));
}
