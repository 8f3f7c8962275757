import type { FastifyInstance } from 'fastify';
import { examRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { ExamsService } from './exams.service.js';

export function registerExamRoutes(app: FastifyInstance, s: ExamsService) {
  registerRoute(app, routes.categoryTree, async () => s.categoryTree());
  registerRoute(app, routes.categoryInsert, async (req) => s.categoryInsert(req.body));
  registerRoute(app, routes.categoryUpdate, async (req) => s.categoryUpdate(req.body));
  registerRoute(app, routes.categoryDelete, async (req) => s.categoryRemove(req.body.id));
  registerRoute(app, routes.categorySort, async (req) => s.categorySort(req.body));

  registerRoute(app, routes.list, async (req) => s.list(principalOf(req), req.body));
  registerRoute(app, routes.get, async (req) => s.get(principalOf(req), req.body.id));
  registerRoute(app, routes.papers, async (req) => s.papers(req.body));
  registerRoute(app, routes.insert, async (req) => s.insert(principalOf(req), req.body));
  registerRoute(app, routes.update, async (req) => s.update(principalOf(req), req.body));
  registerRoute(app, routes.delete, async (req) => s.remove(principalOf(req), req.body.ids));
  registerRoute(app, routes.publish, async (req) => s.publish(principalOf(req), req.body.ids));
  registerRoute(app, routes.unpublish, async (req) => s.unpublish(principalOf(req), req.body.ids));
  registerRoute(app, routes.my, async (req) => s.my(principalOf(req), req.body));
}
