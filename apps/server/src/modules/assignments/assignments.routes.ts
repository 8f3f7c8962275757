import type { FastifyInstance } from 'fastify';
import { assignmentRoutes as routes } from '@hanlin/shared';
import { registerBatchRoutes, registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { sendXlsx } from '../../platform/xlsx.js';
import type { AssignmentsService } from './assignments.service.js';

export function registerAssignmentsRoutes(app: FastifyInstance, s: AssignmentsService) {
  registerCrudRoutes(app, routes, s);
  registerRoute(app, routes.courses, async (req) => s.courses(req.body));
  registerBatchRoutes(app, routes, { publish: s.publish, unpublish: s.unpublish });
  registerRoute(app, routes.my, async (req) => s.my(principalOf(req), req.body));
  registerRoute(app, routes.progress, async (req) => s.progress(principalOf(req), req.body));
  registerRoute(app, routes.exportProgress, async (req, reply) => {
    const file = await s.exportProgress(principalOf(req), req.body);
    return sendXlsx(reply, file.body, file.fileName);
  });
}
