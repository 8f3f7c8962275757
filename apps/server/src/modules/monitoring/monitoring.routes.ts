import type { FastifyInstance } from 'fastify';
import { monitoringRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { MonitoringService } from './monitoring.service.js';

export function registerMonitoringRoutes(app: FastifyInstance, s: MonitoringService) {
  registerRoute(app, routes.exams, async (req) => s.exams(principalOf(req), req.body));
  registerRoute(app, routes.examinees, async (req) => s.examinees(principalOf(req), req.body));
  registerRoute(app, routes.photos, async (req) => s.photos(principalOf(req), req.body.attemptId));
}
