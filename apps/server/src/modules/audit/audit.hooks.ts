import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { insertOperationLog } from './audit.repository.js';

/** Writes one operation-log row for every call of a route that declares `config.operation`. */
export function installOperationLog(app: FastifyInstance, db: Db) {
  app.addHook('onSend', async (req, reply, payload) => {
    const operation = req.routeOptions.config?.operation;
    if (!operation) return payload;
    let resultCode: number | null = null;
    if (typeof payload === 'string' && payload.startsWith('{"code":')) {
      resultCode = Number(payload.slice(8, payload.indexOf(',')));
    }
    (req as { auditRow?: unknown }).auditRow = { resultCode };
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    const operation = req.routeOptions.config?.operation;
    if (!operation) return;
    const resultCode = ((req as { auditRow?: { resultCode: number | null } }).auditRow?.resultCode ?? null) as number | null;
    try {
      await insertOperationLog(db, {
        userId: req.principal?.userId ?? null,
        username: req.principal?.username ?? null,
        operation,
        method: req.method,
        path: req.url.slice(0, 300),
        status: reply.statusCode,
        resultCode: Number.isFinite(resultCode) ? resultCode : null,
        ip: req.ip,
        requestId: req.id,
      });
    } catch (err) {
      req.log.error({ err }, 'operation log not written');
    }
  });
}
