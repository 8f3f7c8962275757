import type { FastifyInstance } from 'fastify';
import { questionRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { contentDisposition, readImportUpload, registerImportMultipart, XLSX_MIME } from '../../platform/excel.js';
import type { QuestionsImportService } from './questions.import.js';

const TYPE_NAMES = { single: '单选题', multiple: '多选题', judgment: '判断题', fill: '填空题', short: '简答题', operation: '操作题', calculation: '计算题', rating: '评分题' };

/** Templates (one per type), import (check → commit), error file and export of questions; multipart stays inside this scope. */
export async function registerQuestionsExcelRoutes(app: FastifyInstance, importer: QuestionsImportService) {
  await app.register(async (scoped) => {
    await registerImportMultipart(scoped);
    const xlsx = (name: string) => ({ 'content-type': XLSX_MIME, 'content-disposition': contentDisposition(name) });

    registerRoute(scoped, routes.template, async (req, reply) =>
      reply.headers(xlsx(`${TYPE_NAMES[req.body.type]}导入模板.xlsx`)).send(await importer.template(req.body.type)),
    );
    registerRoute(scoped, routes.import, async (req) => {
      const { file, mode, skipInvalid } = await readImportUpload(req, req.query);
      return importer.run(principalOf(req), req.query.type, file, mode, skipInvalid);
    });
    registerRoute(scoped, routes.importErrors, async (req, reply) => reply.headers(xlsx('试题导入错误.xlsx')).send(await importer.errorFile(principalOf(req), req.body.id)));
    registerRoute(scoped, routes.export, async (req, reply) => reply.headers(xlsx('试题.xlsx')).send(await importer.export(principalOf(req), req.body)));
  });
}
