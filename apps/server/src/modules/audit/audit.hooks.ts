import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { insertOperationLog } from './audit.repository.js';

/**
 * Writes one operation-log row for every call of a route that declares `config.operation`,
 * before the answer leaves, so a caller that saw the answer can rely on the row being there.
 */
export function installOperationLog(app: FastifyInstance, db: Db) {
  app.addHook('onSend', async (req, reply, payload) => {
    const operation = req.routeOptions.config?.operation;
    if (!operation) return payload;
    let resultCode: number | null = null;
    if (typeof payload === 'string' && payload.startsWith('{"code":')) {
      const n = Number(payload.slice(8, payload.indexOf(',')));
      resultCode = Number.isFinite(n) ? n : null;
    } else if (reply.statusCode === 200) {
      resultCode = 200; // files and other raw answers
    }
    try {
      await insertOperationLog(db, {
        userId: req.principal?.userId ?? null,
        username: req.principal?.username ?? null,
        operation,
        method: req.method,
        path: req.url.slice(0, 300),
        status: reply.statusCode,
        resultCode,
        ip: req.ip,
        requestId: req.id,
      });
    } catch (err) {
      req.log.error({ err }, 'operation log not written');
    }
    return payload;
  });
}
