import type { FastifyInstance } from 'fastify';
import { lecturerRoutes as routes } from '@hanlin/shared';
import { registerBatchRoutes, registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { LecturersService } from './lecturers.service.js';

export function registerLecturersRoutes(app: FastifyInstance, svc: LecturersService) {
  registerCrudRoutes(app, routes, svc);
  registerRoute(app, routes.innerUsers, async (req) => svc.innerUsers(principalOf(req), req.body));
  registerBatchRoutes(app, routes, { freeze: svc.freeze, unfreeze: svc.unfreeze });
  registerRoute(app, routes.certify, async (req) => svc.certify(principalOf(req), req.body.ids, req.body.certified));

  registerRoute(app, routes.levels, async () => svc.levels());
  registerRoute(app, routes.insertLevel, async (req) => svc.insertLevel(req.body));
  registerRoute(app, routes.updateLevel, async (req) => svc.updateLevel(req.body));
  registerRoute(app, routes.deleteLevel, async (req) => svc.removeLevel(req.body.id));
}
