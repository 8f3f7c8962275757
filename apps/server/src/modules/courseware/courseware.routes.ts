import type { FastifyInstance } from 'fastify';
import { coursewareRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { CoursewareService } from './courseware.service.js';

export function registerCoursewareRoutes(app: FastifyInstance, courseware: CoursewareService) {
  registerRoute(app, routes.categoryTree, async () => courseware.categoryTree());
  registerRoute(app, routes.categoryInsert, async (req) => courseware.categoryInsert(req.body));
  registerRoute(app, routes.categoryUpdate, async (req) => courseware.categoryUpdate(req.body));
  registerRoute(app, routes.categoryDelete, async (req) => courseware.categoryRemove(req.body.id));
  registerRoute(app, routes.categorySort, async (req) => courseware.categorySort(req.body));

  registerRoute(app, routes.list, async (req) => courseware.list(principalOf(req), req.body));
  registerRoute(app, routes.get, async (req) => courseware.get(principalOf(req), req.body.id));
  registerRoute(app, routes.insert, async (req) => courseware.insert(principalOf(req), req.body));
  registerRoute(app, routes.update, async (req) => courseware.update(principalOf(req), req.body));
  registerRoute(app, routes.delete, async (req) => courseware.remove(principalOf(req), req.body.ids));
}
