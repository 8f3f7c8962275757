import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERRORS, type ErrorName, type RoutePermission } from '@hanlin/shared';
import { AppError } from './errors.js';
import { pgErrorOf } from './db/pg-errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: `public`, any signed-in user, or any of these permission codes. */
    permission?: RoutePermission;
    /** Name written to the operation log; changing calls default to their path. */
    operation?: string;
    /** Allowed while the user still has to change the first-login password. */
    beforePasswordChange?: boolean;
  }
}

/** Success answer of spec section 7. */
export function ok<T>(data: T): { code: 200; msg: 'OK'; data: T } {
  return { code: 200, msg: 'OK', data: data === undefined ? (null as T) : data };
}

export function sendError(reply: FastifyReply, name: ErrorName, extra: { field?: string; data?: unknown } = {}) {
  const e = ERRORS[name];
  return reply.code(e.status).send({
    code: e.code,
    msg: name,
    data: extra.data ?? null,
    ...(extra.field ? { field: extra.field } : {}),
    requestId: reply.request.id,
  });
}


/** Maps every failure to the catalogue; internals never reach the answer. */
export function installErrorHandling(app: FastifyInstance, opts: { spaIndex?: Buffer } = {}) {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, 'domain error');
      return sendError(reply, err.errorName, err.details);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || undefined;
      return sendError(reply, 'PARAMETER_INVALID', {
        field,
        data: err.validation.slice(0, 10).map((v) => ({ field: v.instancePath.replace(/^\//, '').replace(/\//g, '.'), message: v.message })),
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response does not match its schema');
      return sendError(reply, 'SERVER_ERROR');
    }
    const pg = pgErrorOf(err);
    switch (pg.code ?? err.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return sendError(reply, err.code === 'FST_REQ_FILE_TOO_LARGE' ? 'FILE_TOO_LARGE' : 'REQUEST_TOO_LARGE');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      case 'FST_ERR_VALIDATION':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return sendError(reply, 'PARAMETER_INVALID');
      case '23505':
        return sendError(reply, 'DUPLICATE_DATA');
      case '23503':
      case '23001':
        return sendError(reply, 'DATA_IN_USE');
      case '22001':
      case '22003':
      case '22007':
      case '22008':
      case '22P02':
        return sendError(reply, 'PARAMETER_INVALID');
    }
    if (err.statusCode === 429) return sendError(reply, 'TOO_MANY_REQUESTS');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, ...).
      return sendError(reply, 'PARAMETER_INVALID');
    }
    req.log.error({ err }, 'unexpected error');
    return sendError(reply, 'SERVER_ERROR');
  });

  // Deep links of the single-page app: any non-API GET that is not a file gets index.html.
  app.setNotFoundHandler((req, reply) => {
    // A missing file (`/assets/x.js` after a redeploy) is a 404, not the page: the browser must not run HTML as a script.
    const isFile = /\.[a-z0-9]{1,8}$/i.test(req.url.split('?')[0]!);
    if (opts.spaIndex && req.method === 'GET' && !req.url.startsWith('/api/') && !isFile) return reply.type('text/html').send(opts.spaIndex);
    return sendError(reply, 'NOT_FOUND_ERROR');
  });
}
