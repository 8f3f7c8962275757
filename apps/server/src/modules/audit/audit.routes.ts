import type { FastifyInstance } from 'fastify';
import { auditRoutes as routes } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { sendXlsx, stampedName } from '../../platform/xlsx.js';
import type { AuditService } from './audit.service.js';

export function registerAuditRoutes(app: FastifyInstance, audit: AuditService) {
  registerRoute(app, routes.loginLogs, async (req) => audit.loginLogs(req.body));
  registerRoute(app, routes.operationLogs, async (req) => audit.operationLogs(req.body));
  registerRoute(app, routes.exportLoginLogs, async (req, reply) => sendXlsx(reply, await audit.exportLoginLogs(req.body), stampedName('登录日志')));
  registerRoute(app, routes.exportOperationLogs, async (req, reply) => sendXlsx(reply, await audit.exportOperationLogs(req.body), stampedName('操作日志')));
}
