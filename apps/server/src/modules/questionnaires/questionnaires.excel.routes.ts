import type { FastifyInstance } from 'fastify';
import { questionnaireRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { contentDisposition, excelLocaleOf, readImportUpload, registerImportMultipart, XLSX_MIME, type Texts } from '../../platform/excel.js';
import type { QuestionnaireExcel } from './questionnaires.excel.js';

const FILE_NAMES = {
  template: { 'zh-CN': '问卷模板导入模板', 'en-US': 'Questionnaire import template', pt: 'Modelo de importação de questionário' },
  errors: { 'zh-CN': '问卷导入错误', 'en-US': 'Questionnaire import errors', pt: 'Erros da importação de questionário' },
} satisfies Record<string, Texts>;

/** Template, import (check → commit), error file and export of one questionnaire template; multipart stays inside this scope. */
export async function registerQuestionnaireExcelRoutes(app: FastifyInstance, excel: QuestionnaireExcel) {
  await app.register(async (scoped) => {
    await registerImportMultipart(scoped);
    const xlsx = (name: string) => ({ 'content-type': XLSX_MIME, 'content-disposition': contentDisposition(`${name}.xlsx`) });

    registerRoute(scoped, routes.template, async (req, reply) => {
      const { lang } = excelLocaleOf(req);
      return reply.headers(xlsx(FILE_NAMES.template[lang])).send(await excel.template(lang));
    });
    registerRoute(scoped, routes.import, async (req) => {
      const { file, mode, skipInvalid } = await readImportUpload(req, req.query);
      return excel.run(principalOf(req), req.query, file, mode, skipInvalid, excelLocaleOf(req).lang);
    });
    registerRoute(scoped, routes.importErrors, async (req, reply) =>
      reply.headers(xlsx(FILE_NAMES.errors[excelLocaleOf(req).lang])).send(await excel.errorFile(principalOf(req), req.body.id)),
    );
    registerRoute(scoped, routes.export, async (req, reply) => {
      const { name, data } = await excel.export(principalOf(req), req.body.id, excelLocaleOf(req).lang);
      return reply.headers(xlsx(name)).send(data);
    });
  });
}
