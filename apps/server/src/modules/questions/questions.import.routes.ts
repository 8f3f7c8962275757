import type { FastifyInstance } from 'fastify';
import { questionRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { contentDisposition, excelLocaleOf, readImportUpload, registerImportMultipart, XLSX_MIME, type Texts } from '../../platform/excel.js';
import { templateName, type QuestionsImportService } from './questions.import.js';

const FILE_NAMES = {
  errors: { 'zh-CN': '试题导入错误', 'en-US': 'Question import errors', pt: 'Erros da importação de questões' },
  export: { 'zh-CN': '试题', 'en-US': 'Questions', pt: 'Questões' },
} satisfies Record<string, Texts>;

/** Templates (one per type), import (check → commit), error file and export of questions; multipart stays inside this scope. */
export async function registerQuestionsExcelRoutes(app: FastifyInstance, importer: QuestionsImportService) {
  await app.register(async (scoped) => {
    await registerImportMultipart(scoped);
    const xlsx = (name: string) => ({ 'content-type': XLSX_MIME, 'content-disposition': contentDisposition(`${name}.xlsx`) });

    registerRoute(scoped, routes.template, async (req, reply) =>
      reply.headers(xlsx(templateName(req.body.type, excelLocaleOf(req).lang))).send(await importer.template(req.body.type, excelLocaleOf(req).lang)),
    );
    registerRoute(scoped, routes.import, async (req) => {
      const { file, mode, skipInvalid } = await readImportUpload(req, req.query);
      return importer.run(principalOf(req), req.query.type, file, mode, skipInvalid, excelLocaleOf(req).lang);
    });
    registerRoute(scoped, routes.importErrors, async (req, reply) =>
      reply.headers(xlsx(FILE_NAMES.errors[excelLocaleOf(req).lang])).send(await importer.errorFile(principalOf(req), req.body.id)),
    );
    registerRoute(scoped, routes.export, async (req, reply) =>
      reply.headers(xlsx(FILE_NAMES.export[excelLocaleOf(req).lang])).send(await importer.export(principalOf(req), req.body, excelLocaleOf(req).lang)),
    );
  });
}
