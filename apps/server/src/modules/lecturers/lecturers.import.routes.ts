import type { FastifyInstance } from 'fastify';
import { lecturerRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { contentDisposition, readImportUpload, registerImportMultipart, XLSX_MIME } from '../../platform/excel.js';
import type { LecturersImportService } from './lecturers.import.js';

const FILE_NAMES = { template: '讲师导入模板.xlsx', errors: '讲师导入错误.xlsx', export: '讲师列表.xlsx' };

/** Template, import (check → commit), error file and export of lecturers; multipart stays inside this scope. */
export async function registerLecturersExcelRoutes(app: FastifyInstance, importer: LecturersImportService) {
  await app.register(async (scoped) => {
    await registerImportMultipart(scoped);
    const xlsx = (name: string) => ({ 'content-type': XLSX_MIME, 'content-disposition': contentDisposition(name) });

    registerRoute(scoped, routes.template, async (_req, reply) => reply.headers(xlsx(FILE_NAMES.template)).send(await importer.template()));
    registerRoute(scoped, routes.import, async (req) => {
      const { file, mode, skipInvalid } = await readImportUpload(req, req.query);
      return importer.run(principalOf(req), file, mode, skipInvalid);
    });
    registerRoute(scoped, routes.importErrors, async (req, reply) => reply.headers(xlsx(FILE_NAMES.errors)).send(await importer.errorFile(principalOf(req), req.body.id)));
    registerRoute(scoped, routes.export, async (req, reply) => reply.headers(xlsx(FILE_NAMES.export)).send(await importer.export(principalOf(req), req.body)));
  });
}
