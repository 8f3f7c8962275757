import type { FastifyInstance, FastifyRequest } from 'fastify';
import { propOf } from '@hanlin/shared';
import type { Db } from '../../platform/db/client.js';
import { insertOperationLog } from './audit.repository.js';

/** The `code` of each answer object, taken before it is serialized. */
const answerCodes = new WeakMap<FastifyRequest, number>();

/**
 * Writes one operation-log row for every call of a route that declares `config.operation`,
 * before the answer leaves, so a caller that saw the answer can rely on the row being there.
 * The result code is the `code` of the answer object (`{ code, msg, data }`), read before
 * serialization; raw answers (files, text) count as 200 when the status is 200.
 */
export function installOperationLog(app: FastifyInstance, db: Db) {
  app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
    if (!req.routeOptions.config?.operation) return payload;
    const code = propOf(payload, 'code');
    if (typeof code === 'number' && Number.isInteger(code)) answerCodes.set(req, code);
    return payload;
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const operation = req.routeOptions.config?.operation;
    if (!operation) return payload;
    const resultCode = answerCodes.get(req) ?? (reply.statusCode === 200 ? 200 : null);
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
