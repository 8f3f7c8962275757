import type { FastifyInstance } from 'fastify';
import { trainPlanRoutes as routes } from '@hanlin/shared';
import { registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { sendXlsx } from '../../platform/xlsx.js';
import type { TrainPlansService } from './train-plans.service.js';

export function registerTrainPlansRoutes(app: FastifyInstance, plans: TrainPlansService) {
  registerCrudRoutes(app, routes, plans);
  registerRoute(app, routes.submit, async (req) => plans.submit(principalOf(req), req.body.id));
  registerRoute(app, routes.export, async (req, reply) => {
    const file = await plans.exportList(principalOf(req), req.body);
    return sendXlsx(reply, file.body, file.fileName);
  });
}
