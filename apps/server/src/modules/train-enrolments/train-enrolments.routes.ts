import type { FastifyInstance, FastifyRequest } from 'fastify';
import { trainEnrolmentRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { contentDisposition, excelLocaleOf, readImportUpload, registerImportMultipart, XLSX_MIME, type Texts } from '../../platform/excel.js';
import type { TrainEnrolmentsService } from './train-enrolments.service.js';
import type { TrainEnrolmentsExcel } from './train-enrolments.excel.js';

const FILE_NAMES: Record<'template' | 'errors' | 'export', Texts> = {
  template: { 'zh-CN': '报名名单导入模板.xlsx', 'en-US': 'Sign-up import template.xlsx', pt: 'Modelo de importação de inscrições.xlsx' },
  errors: { 'zh-CN': '报名名单导入错误.xlsx', 'en-US': 'Sign-up import errors.xlsx', pt: 'Erros de importação de inscrições.xlsx' },
  export: { 'zh-CN': '报名名单.xlsx', 'en-US': 'Sign-ups.xlsx', pt: 'Inscrições.xlsx' },
};

export async function registerTrainEnrolmentsRoutes(app: FastifyInstance, s: TrainEnrolmentsService, excel: TrainEnrolmentsExcel) {
  registerRoute(app, routes.list, async (req) => s.list(principalOf(req), req.body));
  registerRoute(app, routes.seats, async (req) => s.seats(principalOf(req), req.body.classId));
  registerRoute(app, routes.enrol, async (req) => s.enrol(principalOf(req), req.body));
  registerRoute(app, routes.cancel, async (req) => s.cancel(principalOf(req), req.body));
  registerRoute(app, routes.decide, async (req) => s.decide(principalOf(req), req.body));
  registerRoute(app, routes.apply, async (req) => s.apply(principalOf(req), req.body.classId));
  registerRoute(app, routes.cancelMine, async (req) => s.cancelMine(principalOf(req), req.body.classId));
  registerRoute(app, routes.my, async (req) => s.my(principalOf(req), req.body));
  registerRoute(app, routes.catalog, async (req) => s.catalog(principalOf(req), req.body));
  registerRoute(app, routes.catalogGet, async (req) => s.catalogGet(principalOf(req), req.body.id));

  await app.register(async (scoped) => {
    await registerImportMultipart(scoped);
    const xlsx = (name: Texts, req: FastifyRequest) => ({ 'content-type': XLSX_MIME, 'content-disposition': contentDisposition(name[excelLocaleOf(req).lang]) });
    registerRoute(scoped, routes.template, async (req, reply) => reply.headers(xlsx(FILE_NAMES.template, req)).send(await excel.template(excelLocaleOf(req).lang)));
    registerRoute(scoped, routes.import, async (req) => {
      const { file, mode, skipInvalid } = await readImportUpload(req, req.query);
      return excel.run(principalOf(req), req.query.classId, file, mode, skipInvalid, excelLocaleOf(req).lang);
    });
    registerRoute(scoped, routes.importErrors, async (req, reply) => reply.headers(xlsx(FILE_NAMES.errors, req)).send(await excel.errorFile(principalOf(req), req.body.id)));
    // The export names its language and time zone in the body (`exportLocale()` on the web), as the other exports do.
    registerRoute(scoped, routes.export, async (req, reply) =>
      reply
        .headers({ 'content-type': XLSX_MIME, 'content-disposition': contentDisposition(FILE_NAMES.export[req.body.lang]) })
        .send(await excel.export(principalOf(req), req.body, { lang: req.body.lang, timeZone: req.body.timeZone })),
    );
  });
}
