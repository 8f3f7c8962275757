import type { FastifyInstance } from 'fastify';
import { noticeRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { NoticesService } from './notices.service.js';

export function registerNoticesRoutes(app: FastifyInstance, notices: NoticesService) {
  registerRoute(app, routes.list, async (req) => notices.list(principalOf(req), req.body));
  registerRoute(app, routes.get, async (req) => notices.get(principalOf(req), req.body.id));
  registerRoute(app, routes.checkTitle, async (req) => notices.checkTitle(req.body));
  registerRoute(app, routes.insert, async (req) => notices.insert(principalOf(req), req.body));
  registerRoute(app, routes.update, async (req) => notices.update(principalOf(req), req.body));
  registerRoute(app, routes.delete, async (req) => notices.remove(principalOf(req), req.body.ids));
  registerRoute(app, routes.release, async (req) => notices.release(principalOf(req), req.body.ids));
  registerRoute(app, routes.unrelease, async (req) => notices.unrelease(principalOf(req), req.body.ids));
  registerRoute(app, routes.freeze, async (req) => notices.freeze(principalOf(req), req.body.ids));
  registerRoute(app, routes.unfreeze, async (req) => notices.unfreeze(principalOf(req), req.body.ids));
  registerRoute(app, routes.pin, async (req) => notices.pin(principalOf(req), req.body.ids));
  registerRoute(app, routes.unpin, async (req) => notices.unpin(principalOf(req), req.body.ids));
  registerRoute(app, routes.sort, async (req) => notices.sort(principalOf(req), req.body));
  registerRoute(app, routes.my, async (req) => notices.mine(principalOf(req), req.body));
  registerRoute(app, routes.detail, async (req) => notices.detail(principalOf(req), req.body.id));
}
