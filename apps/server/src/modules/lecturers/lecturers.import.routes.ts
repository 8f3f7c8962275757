import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lecturerRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { contentDisposition, excelLocaleOf, readImportUpload, registerImportMultipart, XLSX_MIME, type Texts } from '../../platform/excel.js';
import type { LecturersImportService } from './lecturers.import.js';

const FILE_NAMES: Record<'template' | 'errors' | 'export', Texts> = {
  template: { 'zh-CN': '讲师导入模板.xlsx', 'en-US': 'Lecturer import template.xlsx', pt: 'Modelo de importação de instrutores.xlsx' },
  errors: { 'zh-CN': '讲师导入错误.xlsx', 'en-US': 'Lecturer import errors.xlsx', pt: 'Erros de importação de instrutores.xlsx' },
  export: { 'zh-CN': '讲师列表.xlsx', 'en-US': 'Lecturers.xlsx', pt: 'Instrutores.xlsx' },
};

/** Template, import (check → commit), error file and export of lecturers; multipart stays inside this scope. */
export async function registerLecturersExcelRoutes(app: FastifyInstance, importer: LecturersImportService) {
  await app.register(async (scoped) => {
    await registerImportMultipart(scoped);
    // File names, headers and values in the caller's language (`Accept-Language`), times in its zone.
    const xlsx = (name: Texts, req: FastifyRequest) => ({ 'content-type': XLSX_MIME, 'content-disposition': contentDisposition(name[excelLocaleOf(req).lang]) });

    registerRoute(scoped, routes.template, async (req, reply) => reply.headers(xlsx(FILE_NAMES.template, req)).send(await importer.template(excelLocaleOf(req).lang)));
    registerRoute(scoped, routes.import, async (req) => {
      const { file, mode, skipInvalid } = await readImportUpload(req, req.query);
      return importer.run(principalOf(req), file, mode, skipInvalid, excelLocaleOf(req).lang);
    });
    registerRoute(scoped, routes.importErrors, async (req, reply) =>
      reply.headers(xlsx(FILE_NAMES.errors, req)).send(await importer.errorFile(principalOf(req), req.body.id)),
    );
    registerRoute(scoped, routes.export, async (req, reply) =>
      reply.headers(xlsx(FILE_NAMES.export, req)).send(await importer.export(principalOf(req), req.body, excelLocaleOf(req))),
    );
  });
}
