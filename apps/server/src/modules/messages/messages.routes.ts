import type { FastifyInstance } from 'fastify';
import { messageRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { MessagesService } from './messages.service.js';

/** The caller's own in-site messages; every route works on the signed-in user only. */
export function registerMessagesRoutes(app: FastifyInstance, messages: MessagesService) {
  registerRoute(app, routes.unreadCount, async (req) => messages.unreadCount(principalOf(req).userId));
  registerRoute(app, routes.mine, async (req) => messages.mine(principalOf(req).userId, req.body));
  registerRoute(app, routes.get, async (req) => messages.get(principalOf(req).userId, req.body.id));
  registerRoute(app, routes.read, async (req) => messages.read(principalOf(req).userId, req.body.ids));
  registerRoute(app, routes.readAll, async (req) => messages.readAll(principalOf(req).userId));
  registerRoute(app, routes.delete, async (req) => messages.remove(principalOf(req).userId, req.body.ids));
  registerRoute(app, routes.getConfig, async (req) => messages.getConfig(principalOf(req).userId));
  registerRoute(app, routes.saveConfig, async (req) => messages.saveConfig(principalOf(req).userId, req.body));
}
