import type { FastifyInstance } from 'fastify';
import { studentRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { StudentService } from './student.service.js';

/** The header's student info and daily sign-in (spec section 3: isSigned, signDays, exp, nextExp). */
export function registerStudentRoutes(app: FastifyInstance, student: StudentService) {
  registerRoute(app, routes.info, async (req) => student.info(principalOf(req).userId));
  registerRoute(app, routes.signIn, async (req) => student.signIn(principalOf(req).userId));
  registerRoute(app, routes.searchRecord, async (req) => student.recordSearch(principalOf(req).userId, req.body));
  registerRoute(app, routes.searchSuggest, async (req) => student.suggest(req.body.keyword));
  registerRoute(app, routes.hotWords, async () => student.hotWords());
}
