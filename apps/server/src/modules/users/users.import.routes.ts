import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { employeeRoutes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { UsersImportService } from './users.import.js';
import { contentDisposition, excelLocaleOf, readImportUpload, registerImportMultipart, XLSX_MIME, type Texts } from '../../platform/excel.js';
import { USER_PAGES } from './users.routes.js';

const FILE_NAMES: Record<'employee' | 'student', Record<'template' | 'export' | 'errors', Texts>> = {
  employee: {
    template: { 'zh-CN': '用户导入模板.xlsx', 'en-US': 'User import template.xlsx', pt: 'Modelo de importação de usuários.xlsx' },
    export: { 'zh-CN': '用户列表.xlsx', 'en-US': 'Users.xlsx', pt: 'Usuários.xlsx' },
    errors: { 'zh-CN': '用户导入错误.xlsx', 'en-US': 'User import errors.xlsx', pt: 'Erros de importação de usuários.xlsx' },
  },
  student: {
    template: { 'zh-CN': '学员导入模板.xlsx', 'en-US': 'Student import template.xlsx', pt: 'Modelo de importação de alunos.xlsx' },
    export: { 'zh-CN': '学员列表.xlsx', 'en-US': 'Students.xlsx', pt: 'Alunos.xlsx' },
    errors: { 'zh-CN': '学员导入错误.xlsx', 'en-US': 'Student import errors.xlsx', pt: 'Erros de importação de alunos.xlsx' },
  },
};

/** Template, import, error file and export of both user pages; multipart stays inside this scope. */
export async function registerUsersExcelRoutes(app: FastifyInstance, { importer }: { importer: UsersImportService }) {
  await app.register(async (scoped) => {
    await registerImportMultipart(scoped);
    for (const page of USER_PAGES) {
      const { kind } = page;
      const routes = page.routes as typeof employeeRoutes;
      const names = FILE_NAMES[kind];
      // File names, headers and values in the caller's language (`Accept-Language`), times in its zone.
      const xlsx = (name: Texts, req: FastifyRequest) => ({ 'content-type': XLSX_MIME, 'content-disposition': contentDisposition(name[excelLocaleOf(req).lang]) });

      registerRoute(scoped, routes.template, async (req, reply) => reply.headers(xlsx(names.template, req)).send(await importer.template(kind, excelLocaleOf(req).lang)));
      registerRoute(scoped, routes.import, async (req) => {
        const { file, mode, skipInvalid } = await readImportUpload(req, req.query);
        return importer.run(principalOf(req), kind, file, mode, skipInvalid, excelLocaleOf(req).lang);
      });
      registerRoute(scoped, routes.importErrors, async (req, reply) => reply.headers(xlsx(names.errors, req)).send(await importer.errorFile(principalOf(req), req.body.id)));
      registerRoute(scoped, routes.export, async (req, reply) =>
        reply.headers(xlsx(names.export, req)).send(await importer.export(principalOf(req), kind, req.body, excelLocaleOf(req))),
      );
    }
  });
}
