import type { FastifyInstance } from 'fastify';
import { exerciseRoutes, mistakeRoutes, practiceRoutes } from '@hanlin/shared';
import { registerBatchRoutes, registerCrudRoutes, registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { PracticeService } from './practice.service.js';

export function registerPracticeRoutes(app: FastifyInstance, s: PracticeService) {
  registerCrudRoutes(app, exerciseRoutes, s);
  registerRoute(app, exerciseRoutes.papers, async (req) => s.papers(req.body));
  registerRoute(app, exerciseRoutes.banks, async () => s.banks());
  registerBatchRoutes(app, exerciseRoutes, { publish: s.publish, unpublish: s.unpublish });

  registerRoute(app, practiceRoutes.my, async (req) => s.my(principalOf(req), req.body));
  registerRoute(app, practiceRoutes.start, async (req) => s.start(principalOf(req), req.body.exerciseId));
  registerRoute(app, practiceRoutes.session, async (req) => s.session(principalOf(req), req.body.sessionId));
  registerRoute(app, practiceRoutes.answer, async (req) => s.answer(principalOf(req), req.body));
  registerRoute(app, practiceRoutes.finish, async (req) => s.finish(principalOf(req), req.body.sessionId));

  registerRoute(app, mistakeRoutes.list, async (req) => s.mistakes(principalOf(req), req.body));
  registerRoute(app, mistakeRoutes.sources, async (req) => s.mistakeSources(principalOf(req)));
  registerRoute(app, mistakeRoutes.answer, async (req) => s.answerMistake(principalOf(req), req.body.id, req.body.answer));
  registerRoute(app, mistakeRoutes.remove, async (req) => s.removeMistakes(principalOf(req), req.body.ids));
}
