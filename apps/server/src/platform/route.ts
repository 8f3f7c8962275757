import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorEnvelopeSchema, FileAnswerSchema, envelopeSchema, type RouteInput, type RouteResult, type RouteSpec } from '@hanlin/shared';
import { ok } from './http.js';
import { AppError } from './errors.js';

/** Server-only settings of a route (the declaration in `packages/shared` stays what both sides share). */
export interface RouteServerOptions {
  rateLimit?: { max: number; timeWindow: string };
  /** Largest request body in bytes (e.g. the raw body of a `binary` route); the app's limit otherwise. */
  bodyLimit?: number;
}

/** `binary` routes take the body as it is: a Buffer in `req.body`. */
function acceptRawBodies(app: FastifyInstance) {
  if (!app.hasContentTypeParser('application/octet-stream'))
    app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * Form-encoded bodies become plain objects of strings, on the routes that declare `formEncoded`
 * only: elsewhere a cross-site HTML form could post to the API without a CORS preflight.
 */
function acceptFormBodies(app: FastifyInstance) {
  if (app.hasContentTypeParser(FORM_TYPE)) return;
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (req, body, done) => {
    if (!(req.routeOptions.config as { formEncoded?: boolean } | undefined)?.formEncoded) {
      done(new AppError('PARAMETER_INVALID', { field: 'content-type' }), undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

export type RouteRequest<R extends RouteSpec> = FastifyRequest & RouteInput<R>;

/**
 * A JSON or upload route returns its `data` (the envelope is added here and the answer is sent
 * through the declared schema); a download route sends the file on `reply` and returns it.
 */
export type RouteHandler<R extends RouteSpec> = R['kind'] extends 'download'
  ? (req: RouteRequest<R>, reply: FastifyReply) => Promise<FastifyReply>
  : (req: RouteRequest<R>, reply: FastifyReply) => Promise<RouteResult<R> | (null extends RouteResult<R> ? void : never)>;

/**
 * Registers a route from its shared declaration: method, URL, permission and operation (read by
 * the guard, the operation log and the OpenAPI document), input schemas, and the response schema
 * of the success and error answers.
 */
export function registerRoute<const R extends RouteSpec>(app: FastifyInstance, route: R, handler: RouteHandler<R>, opts: RouteServerOptions = {}) {
  const download = route.kind === 'download';
  const tags = route.tags ?? [route.path.split('/')[2]!];
  if (route.kind === 'binary') acceptRawBodies(app);
  if (route.formEncoded) acceptFormBodies(app);
  app.route({
    method: route.method,
    url: route.path,
    ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
    config: {
      permission: route.permission,
      ...(route.operation ? { operation: route.operation } : {}),
      ...(route.beforePasswordChange ? { beforePasswordChange: true } : {}),
      ...(route.formEncoded ? { formEncoded: true } : {}),
      ...(opts.rateLimit ? { rateLimit: opts.rateLimit } : {}),
    },
    schema: {
      tags: [...tags],
      ...(route.params ? { params: route.params } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.kind === 'upload' ? { consumes: ['multipart/form-data'] } : {}),
      ...(route.kind === 'binary' ? { consumes: ['application/octet-stream'] } : {}),
      response: {
        200: download
          ? { description: 'The file itself; failures answer the JSON envelope', content: { 'application/octet-stream': { schema: FileAnswerSchema } } }
          : envelopeSchema(route.response),
        '4xx': ErrorEnvelopeSchema,
        '5xx': ErrorEnvelopeSchema,
      },
    },
    handler: async (req, reply) => {
      const result = await (handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>)(req, reply);
      return download ? result : ok(result);
    },
  });
}
