import type { FastifyInstance } from 'fastify';
import { leaderRoutes as routes } from '@hanlin/shared';
import { registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { LeadersService } from './leaders.service.js';

export function registerLeadersRoutes(app: FastifyInstance, leaders: LeadersService) {
  registerCrudRoutes(app, routes, leaders);
  registerRoute(app, routes.center, async (req) => leaders.center(principalOf(req), req.body));
}
