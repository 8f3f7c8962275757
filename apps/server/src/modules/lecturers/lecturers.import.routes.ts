import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LecturerExportQuerySchema, LecturerImportErrorsSchema, LecturerImportQuerySchema } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import { principalOf } from '../../platform/auth/guard.js';
import { contentDisposition, readImportUpload, registerImportMultipart, XLSX_MIME } from '../../platform/excel.js';
import type { LecturersImportService } from './lecturers.import.js';

const FILE_NAMES = { template: '讲师导入模板.xlsx', errors: '讲师导入错误.xlsx', export: '讲师列表.xlsx' };

/** Template, import (check → commit), error file and export of lecturers; multipart stays inside this scope. */
export async function registerLecturersExcelRoutes(app: FastifyInstance, importer: LecturersImportService) {
  await app.register(async (scoped) => {
    await registerImportMultipart(scoped);
    const r = scoped.withTypeProvider<ZodTypeProvider>();
    const tags = ['teacher'];
    const xlsx = (name: string) => ({ 'content-type': XLSX_MIME, 'content-disposition': contentDisposition(name) });

    r.post('/api/teacher/template', { config: { permission: ['jsgl:import'], operation: 'teacher.template' }, schema: { tags } }, async (_req, reply) =>
      reply.headers(xlsx(FILE_NAMES.template)).send(await importer.template()),
    );
    r.post(
      '/api/teacher/import',
      { config: { permission: ['jsgl:import'], operation: 'teacher.import' }, schema: { tags, querystring: LecturerImportQuerySchema } },
      async (req) => {
        const { file, mode, skipInvalid } = await readImportUpload(req, req.query);
        return ok(await importer.run(principalOf(req), file, mode, skipInvalid));
      },
    );
    r.post(
      '/api/teacher/import/errors',
      { config: { permission: ['jsgl:import'], operation: 'teacher.import.errors' }, schema: { tags, body: LecturerImportErrorsSchema } },
      async (req, reply) => reply.headers(xlsx(FILE_NAMES.errors)).send(await importer.errorFile(principalOf(req), req.body.id)),
    );
    r.post('/api/teacher/export', { config: { permission: ['jsgl:export'], operation: 'teacher.export' }, schema: { tags, body: LecturerExportQuerySchema } }, async (req, reply) =>
      reply.headers(xlsx(FILE_NAMES.export)).send(await importer.export(principalOf(req), req.body)),
    );
  });
}
