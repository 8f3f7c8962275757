import type { FastifyInstance } from 'fastify';
import { assignmentRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { sendXlsx } from '../audit/index.js';
import type { AssignmentsService } from './assignments.service.js';

export function registerAssignmentsRoutes(app: FastifyInstance, s: AssignmentsService) {
  registerRoute(app, routes.list, async (req) => s.list(principalOf(req), req.body));
  registerRoute(app, routes.get, async (req) => s.get(principalOf(req), req.body.id));
  registerRoute(app, routes.courses, async (req) => s.courses(req.body));
  registerRoute(app, routes.insert, async (req) => s.insert(principalOf(req), req.body));
  registerRoute(app, routes.update, async (req) => s.update(principalOf(req), req.body));
  registerRoute(app, routes.delete, async (req) => s.remove(principalOf(req), req.body.ids));
  registerRoute(app, routes.publish, async (req) => s.publish(principalOf(req), req.body.ids));
  registerRoute(app, routes.unpublish, async (req) => s.unpublish(principalOf(req), req.body.ids));
  registerRoute(app, routes.progress, async (req) => s.progress(principalOf(req), req.body));
  registerRoute(app, routes.exportProgress, async (req, reply) => {
    const file = await s.exportProgress(principalOf(req), req.body);
    return sendXlsx(reply, file.body, file.fileName);
  });
}
