import type { FastifyInstance } from 'fastify';
import { surveyRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { sendXlsx } from '../../platform/xlsx.js';
import type { SurveyResultsService } from './results.service.js';

export function registerSurveyResultsRoutes(app: FastifyInstance, s: SurveyResultsService) {
  registerRoute(app, routes.result, async (req) => s.result(principalOf(req), req.body));
  registerRoute(app, routes.resultTexts, async (req) => s.texts(principalOf(req), req.body));
  registerRoute(app, routes.unanswered, async (req) => s.unanswered(principalOf(req), req.body));
  registerRoute(app, routes.remind, async (req) => s.remind(principalOf(req), req.body));
  registerRoute(app, routes.exportAnswers, async (req, reply) => {
    const file = await s.exportAnswers(principalOf(req), req.body);
    return sendXlsx(reply, file.body, file.fileName);
  });
  registerRoute(app, routes.exportSummary, async (req, reply) => {
    const file = await s.exportSummary(principalOf(req), req.body);
    return sendXlsx(reply, file.body, file.fileName);
  });
  registerRoute(app, routes.report, async (req) => s.report(principalOf(req), req.body));
  registerRoute(app, routes.orgReport, async (req) => s.orgReport(principalOf(req), req.body));
  registerRoute(app, routes.myResult, async (req) => s.myResult(principalOf(req), req.body.id));
}
