import type { FastifyInstance } from 'fastify';
import { noticeRoutes as routes } from '@hanlin/shared';
import { registerBatchRoutes, registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { NoticesService } from './notices.service.js';

export function registerNoticesRoutes(app: FastifyInstance, notices: NoticesService) {
  registerCrudRoutes(app, routes, notices);
  registerRoute(app, routes.checkTitle, async (req) => notices.checkTitle(req.body));
  registerBatchRoutes(app, routes, {
    release: notices.release,
    unrelease: notices.unrelease,
    freeze: notices.freeze,
    unfreeze: notices.unfreeze,
    pin: notices.pin,
    unpin: notices.unpin,
  });
  registerRoute(app, routes.sort, async (req) => notices.sort(principalOf(req), req.body));
  registerRoute(app, routes.my, async (req) => notices.mine(principalOf(req), req.body));
  registerRoute(app, routes.detail, async (req) => notices.detail(principalOf(req), req.body.id));
}
