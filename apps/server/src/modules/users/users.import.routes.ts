import type { FastifyInstance } from 'fastify';
import type { employeeRoutes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { UsersImportService } from './users.import.js';
import { contentDisposition, readImportUpload, registerImportMultipart, XLSX_MIME } from '../../platform/excel.js';
import { USER_PAGES } from './users.routes.js';

const FILE_NAMES = {
  employee: { template: '用户导入模板.xlsx', export: '用户列表.xlsx', errors: '用户导入错误.xlsx' },
  student: { template: '学员导入模板.xlsx', export: '学员列表.xlsx', errors: '学员导入错误.xlsx' },
};

/** Template, import, error file and export of both user pages; multipart stays inside this scope. */
export async function registerUsersExcelRoutes(app: FastifyInstance, { importer }: { importer: UsersImportService }) {
  await app.register(async (scoped) => {
    await registerImportMultipart(scoped);
    for (const page of USER_PAGES) {
      const { kind } = page;
      const routes = page.routes as typeof employeeRoutes;
      const names = FILE_NAMES[kind];
      const xlsx = (name: string) => ({ 'content-type': XLSX_MIME, 'content-disposition': contentDisposition(name) });

      registerRoute(scoped, routes.template, async (_req, reply) => reply.headers(xlsx(names.template)).send(await importer.template(kind)));
      registerRoute(scoped, routes.import, async (req) => {
        const { file, mode, skipInvalid } = await readImportUpload(req, req.query);
        return importer.run(principalOf(req), kind, file, mode, skipInvalid);
      });
      registerRoute(scoped, routes.importErrors, async (req, reply) => reply.headers(xlsx(names.errors)).send(await importer.errorFile(principalOf(req), req.body.id)));
      registerRoute(scoped, routes.export, async (req, reply) => reply.headers(xlsx(names.export)).send(await importer.export(principalOf(req), kind, req.body)));
    }
  });
}
