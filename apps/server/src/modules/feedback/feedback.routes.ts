import type { FastifyInstance } from 'fastify';
import { feedbackRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { sendXlsx, stampedName } from '../../platform/xlsx.js';
import type { FeedbackService } from './feedback.service.js';

export function registerFeedbackRoutes(app: FastifyInstance, fb: FeedbackService) {
  registerRoute(app, routes.list, async (req) => fb.list(principalOf(req), req.body));
  registerRoute(app, routes.reply, async (req) => fb.reply(principalOf(req), req.body));
  // Author or administrator in scope: checked by the service.
  registerRoute(app, routes.replies, async (req) => fb.replies(principalOf(req), req.params.id));
  registerRoute(app, routes.get, async (req) => fb.getById(principalOf(req), req.params.id));
  registerRoute(app, routes.export, async (req, reply) => sendXlsx(reply, await fb.exportExcel(principalOf(req), req.body), stampedName('意见反馈')));
  registerRoute(app, routes.add, async (req) => fb.add(principalOf(req), req.body));
  registerRoute(app, routes.mine, async (req) => fb.mine(principalOf(req), req.body));
}
