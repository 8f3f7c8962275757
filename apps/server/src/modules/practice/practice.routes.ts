import type { FastifyInstance } from 'fastify';
import { exerciseRoutes, mistakeRoutes, practiceRoutes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { PracticeService } from './practice.service.js';

export function registerPracticeRoutes(app: FastifyInstance, s: PracticeService) {
  registerRoute(app, exerciseRoutes.list, async (req) => s.list(principalOf(req), req.body));
  registerRoute(app, exerciseRoutes.get, async (req) => s.get(principalOf(req), req.body.id));
  registerRoute(app, exerciseRoutes.papers, async (req) => s.papers(req.body));
  registerRoute(app, exerciseRoutes.banks, async () => s.banks());
  registerRoute(app, exerciseRoutes.insert, async (req) => s.insert(principalOf(req), req.body));
  registerRoute(app, exerciseRoutes.update, async (req) => s.update(principalOf(req), req.body));
  registerRoute(app, exerciseRoutes.delete, async (req) => s.remove(principalOf(req), req.body.ids));
  registerRoute(app, exerciseRoutes.publish, async (req) => s.publish(principalOf(req), req.body.ids));
  registerRoute(app, exerciseRoutes.unpublish, async (req) => s.unpublish(principalOf(req), req.body.ids));

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
