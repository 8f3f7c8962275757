import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { CONSTANTS, UserImportErrorsSchema, UserImportQuerySchema, UserListQuerySchema } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import { principalOf } from '../../platform/auth/guard.js';
import { AppError } from '../../platform/errors.js';
import type { UsersImportService } from './users.import.js';
import { contentDisposition, XLSX_MIME } from './users.excel.js';
import { USER_PAGES } from './users.routes.js';

const FILE_NAMES = { employee: { template: '用户导入模板.xlsx', export: '用户列表.xlsx', errors: '用户导入错误.xlsx' }, student: { template: '学员导入模板.xlsx', export: '学员列表.xlsx', errors: '学员导入错误.xlsx' } };

/** Template, import, error file and export of both user pages; multipart stays inside this scope. */
export async function registerUsersExcelRoutes(app: FastifyInstance, { importer }: { importer: UsersImportService }) {
  await app.register(async (scoped) => {
    if (!scoped.hasContentTypeParser('multipart/form-data')) {
      await scoped.register(multipart, { limits: { fileSize: CONSTANTS.IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 12 } });
    }
    const r = scoped.withTypeProvider<ZodTypeProvider>();
    for (const page of USER_PAGES) {
      const { prefix, tag, op, kind } = page;
      const tags = [tag];
      const names = FILE_NAMES[kind];

      r.post(`${prefix}/template`, { config: { permission: [`${page.menu}:import`], operation: `${page.menu}.template` }, schema: { tags } }, async (_req, reply) =>
        reply.header('content-type', XLSX_MIME).header('content-disposition', contentDisposition(names.template)).send(await importer.template(kind)),
      );

      r.post(
        `${prefix}/import`,
        { config: { permission: [`${page.menu}:import`], operation: `${op}.import` }, schema: { tags, querystring: UserImportQuerySchema } },
        async (req) => {
          if (!req.isMultipart()) throw new AppError('PARAMETER_INVALID', { field: 'file' });
          let mode = req.query.mode;
          let skipInvalid = req.query.skipInvalid === 'true';
          let file: { filename: string; data: Buffer } | undefined;
          for await (const part of req.parts({ limits: { fileSize: CONSTANTS.IMPORT_MAX_BYTES, files: 1 } })) {
            if (part.type === 'file') {
              if (part.fieldname !== 'file' || file) {
                part.file.resume();
                continue;
              }
              const data = await part.toBuffer();
              file = { filename: part.filename ?? '', data };
            } else if (part.fieldname === 'mode' && (part.value === 'check' || part.value === 'commit')) {
              mode = part.value;
            } else if (part.fieldname === 'skipInvalid') {
              skipInvalid = part.value === 'true' || part.value === true;
            }
          }
          if (!file) throw new AppError('PARAMETER_INVALID', { field: 'file' });
          return ok(await importer.run(principalOf(req), kind, file, mode, skipInvalid));
        },
      );

      r.post(`${prefix}/import/errors`, { config: { permission: [`${page.menu}:import`], operation: `${page.menu}.import.errors` }, schema: { tags, body: UserImportErrorsSchema } }, async (req, reply) =>
        reply
          .header('content-type', XLSX_MIME)
          .header('content-disposition', contentDisposition(names.errors))
          .send(await importer.errorFile(principalOf(req), req.body.id)),
      );

      r.post(
        `${prefix}/export`,
        { config: { permission: [`${page.menu}:export`], operation: `${op}.export` }, schema: { tags, body: UserListQuerySchema.omit({ kind: true }) } },
        async (req, reply) =>
          reply
            .header('content-type', XLSX_MIME)
            .header('content-disposition', contentDisposition(names.export))
            .send(await importer.export(principalOf(req), kind, req.body)),
      );
    }
  });
}
