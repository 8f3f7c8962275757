import type { FastifyInstance } from 'fastify';
import { trainClassRoutes as routes } from '@hanlin/shared';
import { registerBatchRoutes, registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { sendXlsx } from '../../platform/xlsx.js';
import type { TrainClassesService } from './train-classes.service.js';
import type { TrainClassNoticesService } from './train-classes.notices.js';

export function registerTrainClassesRoutes(app: FastifyInstance, s: TrainClassesService, notices: TrainClassNoticesService) {
  registerCrudRoutes(app, routes, s);
  registerBatchRoutes(app, routes, { publish: s.publish, offline: s.offline, complete: s.complete });
  registerRoute(app, routes.cancel, async (req) => s.cancel(principalOf(req), req.body));
  registerRoute(app, routes.submit, async (req) => s.submit(principalOf(req), req.body.id));
  registerRoute(app, routes.export, async (req, reply) => {
    const file = await s.exportList(principalOf(req), req.body);
    return sendXlsx(reply, file.body, file.fileName);
  });
  registerRoute(app, routes.calendar, async (req) => s.calendar(principalOf(req), req.body));
  registerRoute(app, routes.choices, async (req) => s.choices(principalOf(req), req.body));
  registerRoute(app, routes.options, async (req) => s.options(principalOf(req), req.body));
  registerRoute(app, routes.myHeadmaster, async (req) => s.myHeadmaster(principalOf(req), req.body));
  registerRoute(app, routes.myLecturer, async (req) => s.myLecturer(principalOf(req), req.body));
  registerRoute(app, routes.myGet, async (req) => s.myGet(principalOf(req), req.body.id));
  registerRoute(app, routes.noticeList, async (req) => notices.list(principalOf(req), req.body.classId));
  registerRoute(app, routes.noticeSend, async (req) => notices.send(principalOf(req), req.body));
}
