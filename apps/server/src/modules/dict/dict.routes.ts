import type { FastifyInstance } from 'fastify';
import { dictRoutes as routes } from '@hanlin/shared';
import { principalOf } from '../../platform/auth/guard.js';
import { registerRoute } from '../../platform/route.js';
import type { DictService } from './dict.service.js';

export function registerDictRoutes(app: FastifyInstance, dict: DictService) {
  registerRoute(app, routes.list, async (req) => dict.list(principalOf(req), req.body));
  registerRoute(app, routes.insert, async (req) => dict.insert(principalOf(req), req.body));
  registerRoute(app, routes.update, async (req) => dict.update(principalOf(req), req.body));
  registerRoute(app, routes.freeze, async (req) => dict.setStatus(req.body.ids, 'freeze'));
  registerRoute(app, routes.unfreeze, async (req) => dict.setStatus(req.body.ids, 'unfreeze'));
  registerRoute(app, routes.delete, async (req) => dict.remove(req.body.ids));
  // Every signed-in page fills its dropdowns from here (spec: "Dictionary: list by type (GET, query type)").
  registerRoute(app, routes.types, async () => dict.types());
  registerRoute(app, routes.insertType, async (req) => dict.insertType(req.body));
  registerRoute(app, routes.updateType, async (req) => dict.updateType(req.body));
  registerRoute(app, routes.deleteType, async (req) => dict.removeTypes(req.body.ids));
  registerRoute(app, routes.byType, async (req) => dict.byType(req.query.type));
}
