import type { FastifyInstance } from 'fastify';
import { mailRoutes as routes } from '@hanlin/shared';
import { principalOf } from '../../platform/auth/guard.js';
import { registerRoute } from '../../platform/route.js';
import type { MailService } from './mail.service.js';

export function registerMailRoutes(app: FastifyInstance, mail: MailService) {
  registerRoute(app, routes.getSettings, async () => mail.getSettings());
  registerRoute(app, routes.saveSettings, async (req) => mail.saveSettings(req.body));
  registerRoute(app, routes.listLogs, async (req) => mail.listLogs(principalOf(req), req.body));
  registerRoute(app, routes.resend, async (req) => mail.resend(req.body.ids));
  registerRoute(app, routes.markRead, async (req) => mail.markRead(req.body.ids));
}
