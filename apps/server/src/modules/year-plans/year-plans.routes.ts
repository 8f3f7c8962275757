import type { FastifyInstance } from 'fastify';
import { yearPlanRoutes as routes } from '@hanlin/shared';
import { registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { sendXlsx } from '../../platform/xlsx.js';
import type { YearPlansService } from './year-plans.service.js';

export function registerYearPlansRoutes(app: FastifyInstance, plans: YearPlansService) {
  registerCrudRoutes(app, routes, plans);
  registerRoute(app, routes.submit, async (req) => plans.submit(principalOf(req), req.body.id));
  registerRoute(app, routes.export, async (req, reply) => {
    const file = await plans.exportPlan(principalOf(req), req.body);
    return sendXlsx(reply, file.body, file.fileName);
  });
  registerRoute(app, routes.exportYear, async (req, reply) => {
    const file = await plans.exportYear(principalOf(req), req.body);
    return sendXlsx(reply, file.body, file.fileName);
  });
}
