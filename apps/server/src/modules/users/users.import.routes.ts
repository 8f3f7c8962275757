import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UserImportErrorsSchema, UserImportQuerySchema, UserListQuerySchema } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { UsersImportService } from './users.import.js';
import { contentDisposition, readImportUpload, registerImportMultipart, XLSX_MIME } from '../../platform/excel.js';
import { USER_PAGES } from './users.routes.js';

const FILE_NAMES = { employee: { template: '用户导入模板.xlsx', export: '用户列表.xlsx', errors: '用户导入错误.xlsx' }, student: { template: '学员导入模板.xlsx', export: '学员列表.xlsx', errors: '学员导入错误.xlsx' } };

/** Template, import, error file and export of both user pages; multipart stays inside this scope. */
export async function registerUsersExcelRoutes(app: FastifyInstance, { importer }: { importer: UsersImportService }) {
  await app.register(async (scoped) => {
    await registerImportMultipart(scoped);
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
          const { file, mode, skipInvalid } = await readImportUpload(req, req.query);
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
