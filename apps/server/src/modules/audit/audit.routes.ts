import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LoginLogExportSchema, LoginLogQuerySchema, OperationLogExportSchema, OperationLogQuerySchema } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import { sendXlsx, stampedName } from './xlsx.js';
import type { AuditService } from './audit.service.js';

export function registerAuditRoutes(app: FastifyInstance, audit: AuditService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['report'];
  r.post('/api/report/login-log', { config: { permission: ['rzgl'] }, schema: { tags, body: LoginLogQuerySchema } }, async (req) =>
    ok(await audit.loginLogs(req.body)),
  );
  r.post('/api/report/operation-log', { config: { permission: ['rzgl'] }, schema: { tags, body: OperationLogQuerySchema } }, async (req) =>
    ok(await audit.operationLogs(req.body)),
  );
  r.post(
    '/api/report/login-log/export',
    { config: { permission: ['rzgl:export'], operation: 'report.login-log.export' }, schema: { tags, body: LoginLogExportSchema } },
    async (req, reply) => sendXlsx(reply, await audit.exportLoginLogs(req.body), stampedName('登录日志')),
  );
  r.post(
    '/api/report/operation-log/export',
    { config: { permission: ['rzgl:export'], operation: 'report.operation-log.export' }, schema: { tags, body: OperationLogExportSchema } },
    async (req, reply) => sendXlsx(reply, await audit.exportOperationLogs(req.body), stampedName('操作日志')),
  );
}
