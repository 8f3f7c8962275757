import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERRORS, isOneOf, type ErrorName, type Lang, type RoutePermission } from '@hanlin/shared';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { AppError } from './errors.js';
import { isConnectionError, pgErrorOf } from './db/pg-errors.js';
import { constraintErrorOf, type ConstraintRegistry } from './db/constraints.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: `public`, any signed-in user, or any of these permission codes. */
    permission?: RoutePermission;
    /** Name written to the operation log; changing calls default to their path. */
    operation?: string;
    /** Allowed while the user still has to change the first-login password. */
    beforePasswordChange?: boolean;
    /** The body may come form-encoded (`RouteSpec.formEncoded`); other routes refuse it. */
    formEncoded?: boolean;
  }
}

/**
 * The interface language a request names in `Accept-Language` (the web sends its own): the first tag that is one
 * of ours (`zh…`, `en…`, `pt…`), or null when none is.
 */
export function requestLang(acceptLanguage: string | string[] | undefined): Lang | null {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  for (const tag of header.split(',')) {
    const t = tag.split(';')[0]!.trim().toLowerCase();
    if (t.startsWith('zh')) return 'zh-CN';
    if (t.startsWith('en')) return 'en-US';
    if (t.startsWith('pt')) return 'pt';
  }
  return null;
}

/** Success answer of spec section 7. */
export function ok<T>(data: T): { code: 200; msg: 'OK'; data: T | null } {
  return { code: 200, msg: 'OK', data: data === undefined ? null : data };
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

/**
 * Where the first NUL character sits in parsed input (`labels.1`), keys included; null when none.
 * PostgreSQL refuses NUL in text, so such input must be a 400 naming the field, not a failed query.
 */
function findNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const at = findNul(value[i], [...path, String(i)], depth + 1);
      if (at) return at;
    }
    return null;
  }
  // Plain objects only (parsed JSON, and query strings whose prototype has no constructor):
  // Buffers, streams and multipart parts are not text fields.
  const ctor = Object.getPrototypeOf(value)?.constructor;
  if (ctor !== undefined && ctor !== Object) return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return path;
    const at = findNul(v, [...path, k], depth + 1);
    if (at) return at;
  }
  return null;
}

/**
 * An error log line: the code, the route and (through `reqId`) the request. Never the message or
 * the request: driver errors quote the statement's parameters, and those are what callers sent.
 */
function logFailure(req: FastifyRequest, err: FastifyError, what: string) {
  const frames = err.stack
    ?.split('\n')
    .filter((l) => /^\s+at /.test(l))
    .join('\n');
  req.log.error({ code: pgErrorOf(err).code ?? err.code ?? err.name, error: err.name, method: req.method, route: req.routeOptions?.url, stack: frames }, what);
}

const METHODS: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Maps every failure to the catalogue; internals never reach the answer. */
export function installErrorHandling(app: FastifyInstance, opts: { spaIndex?: Buffer; constraints?: ConstraintRegistry } = {}) {
  const constraints: ConstraintRegistry = opts.constraints ?? new Map();
  // Every route's path and methods, in a router of the same kind as Fastify's, to tell a wrong
  // method (REQUEST_METHOD_ERROR) from a path that does not exist.
  const known = FindMyWay();
  const noop = () => undefined;
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    // Only the methods a wrong-method answer names are looked up (HEAD answers with GET).
    for (const m of [route.method].flat()) if (isOneOf(METHODS, m)) known.on(m, route.url, noop);
  });
  const allowedMethods = (url: string) => METHODS.filter((m) => known.find(m, url));
  // Every route, before its schema: text with a NUL character is refused naming the field.
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const at = findNul(part);
      if (at) throw new AppError('PARAMETER_INVALID', at.length ? { field: at.join('.') } : {});
    }
  });

  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) logFailure(req, err, 'domain error');
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
      logFailure(req, err, 'response does not match its schema');
      return sendError(reply, 'SERVER_ERROR');
    }
    // A unique, foreign-key or check violation: the error its schema file declared for it. An
    // unmapped constraint falls through to a logged SERVER_ERROR.
    const violated = constraintErrorOf(constraints, err);
    if (violated) return sendError(reply, violated.errorName, violated.details);
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
      case '22001':
      case '22003':
      case '22007':
      case '22008':
      case '22P02':
      case '22021': // a NUL character that got past the input check
      case '22P05': // an unsupported Unicode escape
        return sendError(reply, 'PARAMETER_INVALID');
    }
    // The database is down or restarting: a temporary 503 the client may retry, not a 500.
    if (isConnectionError(err)) {
      req.log.warn({ code: pg.code ?? err.code ?? err.name, route: req.routeOptions?.url }, 'database unavailable');
      return sendError(reply, 'NETWORK_DELAY');
    }
    if (err.statusCode === 429) return sendError(reply, 'TOO_MANY_REQUESTS');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, ...).
      return sendError(reply, 'PARAMETER_INVALID');
    }
    logFailure(req, err, 'unexpected error');
    return sendError(reply, 'SERVER_ERROR');
  });

  // Deep links of the single-page app: any non-API GET that is not a file gets index.html.
  app.setNotFoundHandler((req, reply) => {
    // A missing file (`/assets/x.js` after a redeploy) is a 404, not the page: the browser must not run HTML as a script.
    const isFile = /\.[a-z0-9]{1,8}$/i.test(req.url.split('?')[0]);
    if (opts.spaIndex && req.method === 'GET' && !req.url.startsWith('/api/') && !isFile)
      return reply.type('text/html').header('cache-control', 'no-cache').send(opts.spaIndex);
    const allowed = req.url.startsWith('/api/') ? allowedMethods(req.url.split('?')[0]) : [];
    if (allowed.length) return sendError(reply.header('allow', allowed.join(', ')), 'REQUEST_METHOD_ERROR');
    return sendError(reply, 'NOT_FOUND_ERROR');
  });
}
