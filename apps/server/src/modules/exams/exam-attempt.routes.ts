import type { FastifyInstance } from 'fastify';
import { examTakingRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { ExamAttemptService } from './exam-attempt.service.js';

/** Taking an exam: the student's own attempts only (the service checks audience and ownership). */
export function registerExamAttemptRoutes(app: FastifyInstance, s: ExamAttemptService) {
  registerRoute(app, routes.start, async (req) => s.start(principalOf(req), req.body.examId));
  registerRoute(app, routes.sheet, async (req) => s.sheet(principalOf(req), req.body.attemptId));
  registerRoute(app, routes.save, async (req) => s.save(principalOf(req), req.body));
  registerRoute(app, routes.submit, async (req) => s.submit(principalOf(req), req.body.attemptId));
  registerRoute(app, routes.leave, async (req) => s.leave(principalOf(req), req.body.attemptId));
  registerRoute(app, routes.photo, async (req) => s.photo(principalOf(req), req.body.attemptId, req.body.data));
  registerRoute(app, routes.results, async (req) => s.results(principalOf(req), req.body.examId));
}
