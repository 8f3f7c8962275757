import type { FastifyInstance } from 'fastify';
import { lecturerRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { LecturersService } from './lecturers.service.js';

export function registerLecturersRoutes(app: FastifyInstance, svc: LecturersService) {
  registerRoute(app, routes.list, async (req) => svc.list(principalOf(req), req.body));
  registerRoute(app, routes.get, async (req) => svc.get(principalOf(req), req.body.id));
  registerRoute(app, routes.innerUsers, async (req) => svc.innerUsers(principalOf(req), req.body));
  registerRoute(app, routes.insert, async (req) => svc.insert(principalOf(req), req.body));
  registerRoute(app, routes.update, async (req) => svc.update(principalOf(req), req.body));
  registerRoute(app, routes.delete, async (req) => svc.remove(principalOf(req), req.body.ids));
  registerRoute(app, routes.freeze, async (req) => svc.freeze(principalOf(req), req.body.ids));
  registerRoute(app, routes.unfreeze, async (req) => svc.unfreeze(principalOf(req), req.body.ids));
  registerRoute(app, routes.certify, async (req) => svc.certify(principalOf(req), req.body.ids, req.body.certified));

  registerRoute(app, routes.levels, async () => svc.levels());
  registerRoute(app, routes.insertLevel, async (req) => svc.insertLevel(req.body));
  registerRoute(app, routes.updateLevel, async (req) => svc.updateLevel(req.body));
  registerRoute(app, routes.deleteLevel, async (req) => svc.removeLevel(req.body.id));
}
