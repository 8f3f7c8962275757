import type { FastifyInstance } from 'fastify';
import { trainCourseRoutes as routes } from '@hanlin/shared';
import { principalOf } from '../../platform/auth/guard.js';
import { registerBatchRoutes, registerCategoryRoutes, registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { sendXlsx } from '../../platform/xlsx.js';
import type { TrainCoursesService } from './train-courses.service.js';

export function registerTrainCoursesRoutes(app: FastifyInstance, s: TrainCoursesService) {
  registerCategoryRoutes(app, routes, s.categories);
  registerCrudRoutes(app, routes, s);
  registerBatchRoutes(app, routes, { enable: s.enable, disable: s.disable });
  registerRoute(app, routes.export, async (req, reply) => {
    const file = await s.exportList(principalOf(req), req.body);
    return sendXlsx(reply, file.body, file.fileName);
  });
  registerRoute(app, routes.options, async (req) => s.options(req.body));
  registerRoute(app, routes.lecturerOptions, async (req) => s.lecturerOptions(req.body.keyword));
}
