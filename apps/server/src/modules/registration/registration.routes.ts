import type { FastifyInstance } from 'fastify';
import { registrationRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { RegistrationService } from './registration.service.js';

const REGISTER_RATE = { max: 10, timeWindow: '1 minute' };

export function registerRegistrationRoutes(app: FastifyInstance, svc: RegistrationService) {
  // Public side of `/registered`.
  registerRoute(app, routes.departments, async () => svc.departments(), { rateLimit: { max: 60, timeWindow: '1 minute' } });
  registerRoute(app, routes.submit, async (req) => svc.submit(req.body), { rateLimit: REGISTER_RATE });
  // Back office: registered users awaiting approval.
  registerRoute(app, routes.list, async (req) => svc.list(principalOf(req), req.body));
  registerRoute(app, routes.get, async (req) => svc.get(principalOf(req), req.body.id));
  registerRoute(app, routes.approve, async (req) => svc.approve(principalOf(req), req.body.ids));
  registerRoute(app, routes.refuse, async (req) => svc.refuse(principalOf(req), req.body.ids, req.body.reason));
}
