import { pageSchema } from './api.js';
import { FileAnswerSchema, defineRoute, writeRoute } from './contract.js';
import { LoginLogExportSchema, LoginLogQuerySchema, LoginLogRowSchema, OperationLogExportSchema, OperationLogQuerySchema, OperationLogRowSchema } from './audit.js';

/** Login and operation logs (rzgl), with their Excel exports. */
export const auditRoutes = {
  loginLogs: defineRoute({ method: 'POST', path: '/api/report/login-log', permission: ['rzgl'], body: LoginLogQuerySchema, response: pageSchema(LoginLogRowSchema) }),
  operationLogs: defineRoute({
    method: 'POST',
    path: '/api/report/operation-log',
    permission: ['rzgl'],
    body: OperationLogQuerySchema,
    response: pageSchema(OperationLogRowSchema),
  }),
  exportLoginLogs: writeRoute('/api/report/login-log/export', ['rzgl:export'], 'report.login-log.export', {
    body: LoginLogExportSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
  exportOperationLogs: writeRoute('/api/report/operation-log/export', ['rzgl:export'], 'report.operation-log.export', {
    body: OperationLogExportSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
};
