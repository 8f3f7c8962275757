import type { FastifyInstance } from 'fastify';
import { helpTemplateRoutes as routes } from '@hanlin/shared';
import { registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { HelpTemplatesService } from './help-templates.service.js';

export function registerHelpTemplatesRoutes(app: FastifyInstance, s: HelpTemplatesService) {
  registerCrudRoutes(app, routes, s);
  registerRoute(app, routes.published, async (req) => s.published(principalOf(req), req.body));
  registerRoute(app, routes.read, async (req) => s.read(principalOf(req), req.body.id));
}
