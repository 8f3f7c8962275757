import type { FastifyInstance } from 'fastify';
import { PERMISSION_TREE, roleRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { RolesService } from './roles.service.js';

export function registerRolesRoutes(app: FastifyInstance, roles: RolesService) {
  registerRoute(app, routes.list, async (req) => roles.list(principalOf(req), req.body));
  // Role selectors of the user and student forms.
  registerRoute(app, routes.all, async () => roles.all());
  registerRoute(app, routes.get, async (req) => roles.get(principalOf(req), req.body.id));
  registerRoute(app, routes.insert, async (req) => roles.insert(principalOf(req), req.body));
  registerRoute(app, routes.update, async (req) => roles.update(principalOf(req), req.body));
  registerRoute(app, routes.delete, async (req) => roles.remove(req.body.ids));
  registerRoute(app, routes.freeze, async (req) => roles.setStatus(req.body.ids, 'frozen'));
  registerRoute(app, routes.unfreeze, async (req) => roles.setStatus(req.body.ids, 'normal'));
  registerRoute(app, routes.permissionTree, async () => PERMISSION_TREE);
}
