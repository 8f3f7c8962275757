import type { FastifyInstance, FastifyRequest } from 'fastify';
import { trainAttendanceRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { contentDisposition, excelLocaleOf, readImportUpload, registerImportMultipart, XLSX_MIME, type Texts } from '../../platform/excel.js';
import type { TrainAttendanceService } from './train-attendance.service.js';
import type { AttendanceExcel } from './train-attendance.excel.js';

const FILE_NAMES: Record<'template' | 'errors' | 'export', Texts> = {
  template: { 'zh-CN': '考勤导入模板.xlsx', 'en-US': 'Attendance import template.xlsx', pt: 'Modelo de importação de presença.xlsx' },
  errors: { 'zh-CN': '考勤导入错误.xlsx', 'en-US': 'Attendance import errors.xlsx', pt: 'Erros de importação de presença.xlsx' },
  export: { 'zh-CN': '考勤统计.xlsx', 'en-US': 'Attendance statistics.xlsx', pt: 'Estatísticas de presença.xlsx' },
};

export async function registerTrainAttendanceRoutes(app: FastifyInstance, s: TrainAttendanceService, excel: AttendanceExcel) {
  registerRoute(app, routes.classes, async (req) => s.classes(principalOf(req), req.body));
  registerRoute(app, routes.sheet, async (req) => s.sheet(principalOf(req), req.body.classId));
  registerRoute(app, routes.enter, async (req) => s.enter(principalOf(req), req.body));
  registerRoute(app, routes.submit, async (req) => s.submit(principalOf(req), req.body.classId));
  registerRoute(app, routes.approve, async (req) => s.approve(principalOf(req), req.body.classId));
  registerRoute(app, routes.refuse, async (req) => s.refuse(principalOf(req), req.body.classId, req.body.reason));
  registerRoute(app, routes.reopen, async (req) => s.reopen(principalOf(req), req.body.classId));
  registerRoute(app, routes.qr, async (req) => s.qr(principalOf(req), req.body.stageId));
  registerRoute(app, routes.signIn, async (req) => s.signIn(principalOf(req), req.body.token));
  registerRoute(app, routes.stats, async (req) => s.stats(principalOf(req), req.body.classId));

  // Excel: template, import (check → commit, ≤ 10 MB), error file and the statistics export; multipart stays in this scope.
  await app.register(async (scoped) => {
    await registerImportMultipart(scoped);
    const xlsx = (name: Texts, req: FastifyRequest) => ({ 'content-type': XLSX_MIME, 'content-disposition': contentDisposition(name[excelLocaleOf(req).lang]) });
    registerRoute(scoped, routes.template, async (req, reply) => reply.headers(xlsx(FILE_NAMES.template, req)).send(await excel.template(excelLocaleOf(req).lang)));
    registerRoute(scoped, routes.import, async (req) => {
      const { file, mode, skipInvalid } = await readImportUpload(req, req.query);
      return excel.run(principalOf(req), req.query.classId, file, mode, skipInvalid, excelLocaleOf(req).lang);
    });
    registerRoute(scoped, routes.importErrors, async (req, reply) => reply.headers(xlsx(FILE_NAMES.errors, req)).send(await excel.errorFile(principalOf(req), req.body.id)));
    registerRoute(scoped, routes.statsExport, async (req, reply) =>
      reply.headers(xlsx(FILE_NAMES.export, req)).send(await excel.export(principalOf(req), req.body.classId, excelLocaleOf(req).lang)),
    );
  });
}
