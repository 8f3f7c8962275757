import type { FastifyInstance } from 'fastify';
import { passwordResetRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import type { PasswordResetService } from './password-reset.service.js';

export function registerPasswordResetRoutes(app: FastifyInstance, svc: PasswordResetService, opts: { ratePerMinute: number }) {
  const rateLimit = { max: opts.ratePerMinute, timeWindow: '1 minute' };
  registerRoute(app, routes.channels, async () => svc.channels());
  registerRoute(app, routes.check, async (req) => svc.check(req.body.username), { rateLimit });
  registerRoute(app, routes.send, async (req) => svc.send(req.body, { origin: req.headers.origin, host: req.headers.host }), { rateLimit });
  registerRoute(app, routes.verify, async (req) => svc.verify(req.body), { rateLimit });
  registerRoute(app, routes.confirm, async (req) => svc.confirm(req.body), { rateLimit });
}
