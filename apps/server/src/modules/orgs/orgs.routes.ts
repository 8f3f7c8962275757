import type { FastifyInstance } from 'fastify';
import { OrgTreeQuerySchema, orgRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { OrgsService } from './orgs.service.js';

export function registerOrgsRoutes(app: FastifyInstance, orgs: OrgsService) {
  registerRoute(app, routes.tree, async (req) => orgs.tree(principalOf(req), OrgTreeQuerySchema.parse(req.body ?? {})));
  registerRoute(app, routes.treeByName, async (req) => orgs.treeByName(principalOf(req), req.body));
  registerRoute(app, routes.dataTree, async (req) => orgs.dataTree(principalOf(req)));
  registerRoute(app, routes.get, async (req) => orgs.get(principalOf(req), req.body.id));
  registerRoute(app, routes.insert, async (req) => orgs.insert(principalOf(req), req.body));
  registerRoute(app, routes.update, async (req) => orgs.update(principalOf(req), req.body));
  registerRoute(app, routes.delete, async (req) => orgs.remove(principalOf(req), req.body.id));
  registerRoute(app, routes.freeze, async (req) => orgs.setStatus(principalOf(req), req.body.ids, 'frozen'));
  registerRoute(app, routes.unfreeze, async (req) => orgs.setStatus(principalOf(req), req.body.ids, 'normal'));
  registerRoute(app, routes.sort, async (req) => orgs.sort(principalOf(req), req.body));
}
