import type { FastifyInstance } from 'fastify';
import { qaRoutes as routes } from '@hanlin/shared';
import { registerBatchRoutes, registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { QaService } from './qa.service.js';

export function registerQaRoutes(app: FastifyInstance, qa: QaService) {
  registerCrudRoutes(app, routes, qa);
  registerBatchRoutes(app, routes, {
    release: qa.release,
    unrelease: qa.unrelease,
    pin: qa.pin,
    unpin: qa.unpin,
    hideReplies: qa.hideReplies,
    restoreReplies: qa.restoreReplies,
  });
  registerRoute(app, routes.replies, async (req) => qa.replies(principalOf(req), req.body));
  registerRoute(app, routes.sensitiveWords, async () => qa.sensitiveWords());
  registerRoute(app, routes.saveSensitiveWords, async (req) => qa.saveSensitiveWords(req.body));
  registerRoute(app, routes.portalList, async (req) => qa.portalList(req.body));
  registerRoute(app, routes.portalDetail, async (req) => qa.portalDetail(req.body.id));
  registerRoute(app, routes.answers, async (req) => qa.answers(principalOf(req), req.body));
  registerRoute(app, routes.answer, async (req) => qa.answer(principalOf(req), req.body));
  registerRoute(app, routes.deleteAnswer, async (req) => qa.deleteAnswer(principalOf(req), req.body.id));
}
