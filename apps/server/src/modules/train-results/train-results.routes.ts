import type { FastifyInstance, FastifyRequest } from 'fastify';
import { trainResultRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { contentDisposition, excelLocaleOf, readImportUpload, registerImportMultipart, XLSX_MIME, type Texts } from '../../platform/excel.js';
import type { TrainResultsService } from './train-results.service.js';
import type { SatisfactionService } from './train-results.satisfaction.js';
import type { ChargesService } from './train-results.charges.js';
import type { ResultImportService } from './train-results.import.js';

const FILE_NAMES: Record<'template' | 'errors', Texts> = {
  template: { 'zh-CN': '培训成绩导入模板.xlsx', 'en-US': 'Training result import template.xlsx', pt: 'Modelo de importação de resultados.xlsx' },
  errors: { 'zh-CN': '培训成绩导入错误.xlsx', 'en-US': 'Training result import errors.xlsx', pt: 'Erros de importação de resultados.xlsx' },
};

export async function registerTrainResultsRoutes(
  app: FastifyInstance,
  s: { results: TrainResultsService; satisfaction: SatisfactionService; charges: ChargesService; importer: ResultImportService },
) {
  const { results, satisfaction, charges, importer } = s;
  registerRoute(app, routes.classes, async (req) => results.classes(principalOf(req), req.body));
  registerRoute(app, routes.sheet, async (req) => results.sheet(principalOf(req), req.body.classId));
  registerRoute(app, routes.enter, async (req) => results.enter(principalOf(req), req.body));
  registerRoute(app, routes.submit, async (req) => results.submit(principalOf(req), req.body.classId));
  registerRoute(app, routes.approve, async (req) => results.approve(principalOf(req), req.body.classId));
  registerRoute(app, routes.refuse, async (req) => results.refuse(principalOf(req), req.body.classId, req.body.reason));
  registerRoute(app, routes.examResults, async (req) => results.examResults(principalOf(req), req.body.classId));
  registerRoute(app, routes.linkExams, async (req) => results.linkExams(principalOf(req), req.body.classId, req.body.examIds));
  registerRoute(app, routes.examChoices, async (req) => results.examChoices(principalOf(req), req.body.keyword));
  registerRoute(app, routes.templateChoices, async (req) => satisfaction.templateChoices(principalOf(req), req.body.keyword));
  registerRoute(app, routes.mixed, async (req) => results.mixed(principalOf(req), req.body.classId));
  registerRoute(app, routes.performance, async (req) => results.performance(principalOf(req), req.body));

  registerRoute(app, routes.surveys, async (req) => satisfaction.setup(principalOf(req), req.body.classId));
  registerRoute(app, routes.setSurvey, async (req) => satisfaction.set(principalOf(req), req.body));
  registerRoute(app, routes.satisfaction, async (req) => satisfaction.results(principalOf(req), req.body.classId));
  registerRoute(app, routes.mySurveys, async (req) => satisfaction.mine(principalOf(req), req.body.classId));
  registerRoute(app, routes.answer, async (req) => satisfaction.answer(principalOf(req), req.body.surveyId, req.body.answers));
  registerRoute(app, routes.myEvaluation, async (req) => satisfaction.myEvaluation(principalOf(req)));

  registerRoute(app, routes.charges, async (req) => charges.list(principalOf(req), req.body));
  registerRoute(app, routes.insertCharge, async (req) => charges.insert(principalOf(req), req.body));
  registerRoute(app, routes.updateCharge, async (req) => charges.update(principalOf(req), req.body));
  registerRoute(app, routes.deleteCharge, async (req) => charges.remove(principalOf(req), req.body.ids));
  registerRoute(app, routes.planActual, async (req) => charges.planActual(principalOf(req), req.body.yearPlanId));

  await app.register(async (scoped) => {
    await registerImportMultipart(scoped);
    const xlsx = (name: Texts, req: FastifyRequest) => ({ 'content-type': XLSX_MIME, 'content-disposition': contentDisposition(name[excelLocaleOf(req).lang]) });
    registerRoute(scoped, routes.template, async (req, reply) => reply.headers(xlsx(FILE_NAMES.template, req)).send(await importer.template(excelLocaleOf(req).lang)));
    registerRoute(scoped, routes.import, async (req) => {
      const { file, mode, skipInvalid } = await readImportUpload(req, req.query);
      return importer.run(principalOf(req), req.query.classId, file, mode, skipInvalid, excelLocaleOf(req).lang);
    });
    registerRoute(scoped, routes.importErrors, async (req, reply) =>
      reply.headers(xlsx(FILE_NAMES.errors, req)).send(await importer.errorFile(principalOf(req), req.body.id)),
    );
  });
}
