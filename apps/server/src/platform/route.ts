import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ErrorEnvelopeSchema,
  FileAnswerSchema,
  envelopeSchema,
  type CategoryRoutes,
  type Ids,
  type RouteInput,
  type RouteResult,
  type RouteSpec,
  type TreeSort,
} from '@hanlin/shared';
import { ok } from './http.js';
import { AppError } from './errors.js';
import { principalOf } from './auth/guard.js';
import type { Principal } from './auth/principal.js';

/** Server-only settings of a route (the declaration in `packages/shared` stays what both sides share). */
export interface RouteServerOptions {
  /**
   * Calls per address in the window (TOO_MANY_REQUESTS beyond); `installationMax` also caps the
   * calls of every address together that pass their own limit and the input check.
   */
  rateLimit?: { max: number; timeWindow: string; installationMax?: number };
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
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string' }, (req, body: string, done) => {
    if (!req.routeOptions.config?.formEncoded) {
      done(new AppError('PARAMETER_INVALID', { field: 'content-type' }), undefined);
      return;
    }
    done(null, Object.fromEntries(new URLSearchParams(body)));
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

/** A handler as Fastify calls it: any request, any answer. */
type FastifyHandler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Registers a route from its shared declaration: method, URL, permission and operation (read by
 * the guard, the operation log and the OpenAPI document), input schemas, and the response schema
 * of the success and error answers.
 */
export function registerRoute<const R extends RouteSpec>(app: FastifyInstance, route: R, handler: RouteHandler<R>, opts?: RouteServerOptions): void;
// The handler sees the request typed by the route's schemas (`RouteRequest<R>`): Fastify runs it only
// once params, body and query passed those schemas, and sends its answer through the response schema.
export function registerRoute(app: FastifyInstance, route: RouteSpec, handler: FastifyHandler, opts: RouteServerOptions = {}) {
  const download = route.kind === 'download';
  const limit = opts.rateLimit;
  // One counter for the route on every node (the limiter's store: Redis with REDIS_URL), counted after
  // the per-address limit and the input check, so one address's refused calls do not use it up.
  // (`createRateLimit`: the plugin's own hook runs once per request, the per-address one already did.)
  const installation =
    limit?.installationMax === undefined
      ? undefined
      : app.createRateLimit({ max: limit.installationMax, timeWindow: limit.timeWindow, keyGenerator: () => `installation:${route.path}` });
  const installationLimit =
    installation &&
    (async (req: FastifyRequest) => {
      const counted = await installation(req);
      if (!counted.isAllowed && counted.isExceeded) throw new AppError('TOO_MANY_REQUESTS');
    });
  const tags = route.tags ?? [domainOf(route.path)];
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
      ...(limit ? { rateLimit: { max: limit.max, timeWindow: limit.timeWindow } } : {}),
    },
    ...(installationLimit ? { preHandler: installationLimit } : {}),
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
      const result = await handler(req, reply);
      return download ? result : ok(result);
    },
  });
}

/** The OpenAPI tag of a route without its own: its domain, `/api/<domain>/...`. */
function domainOf(path: string) {
  const domain = path.split('/')[2];
  if (!domain) throw new Error(`route ${path}: no domain in the path, declare its tags`);
  return domain;
}

type Body<R extends RouteSpec> = RouteInput<R>['body'];
type Answer<R extends RouteSpec> = Promise<RouteResult<R> | (null extends RouteResult<R> ? void : never)>;

/** Registers routes of one declaration set, each with its handler (the route sets below check the handlers' types). */
type RouteSet<R> = { [K in keyof R]: RouteSpec };

function registerHandlers<R extends RouteSet<R>>(app: FastifyInstance, routes: R, handlers: { [K in keyof R]?: (req: RouteRequest<R[K]>) => Promise<unknown> }): void;
// Each handler is registered on the route of its own key (`registerRoute`'s typing, key by key).
function registerHandlers(app: FastifyInstance, routes: Readonly<Record<string, RouteSpec>>, handlers: Readonly<Record<string, FastifyHandler | undefined>>) {
  for (const [key, handler] of Object.entries(handlers)) {
    const route = routes[key];
    if (!route) throw new Error(`handler ${key}: no route of that name`);
    if (handler) registerRoute(app, route, handler);
  }
}

/** A route whose body is `{ id }` (`IdBodySchema`). */
type IdRoute = RouteSpec & { body: z.ZodType<{ id: number }> };
/** A route whose body is `{ ids }` (`batchRoute`). */
type IdsRoute = RouteSpec & { body: z.ZodType<Ids> };

/** What serves them (`categoryTreeCommands`): the forest, and the commands taking the routes' bodies. */
export interface CategoryCommands<R extends CategoryRoutes> {
  forest: () => Answer<R['categoryTree']>;
  insert: (input: Body<R['categoryInsert']>) => Answer<R['categoryInsert']>;
  update: (input: Body<R['categoryUpdate']>) => Answer<R['categoryUpdate']>;
  remove: (id: number) => Answer<R['categoryDelete']>;
  sort: (input: TreeSort) => Answer<R['categorySort']>;
}

/** Registers a domain's category tree routes: the forest, insert, update, delete (by `id`) and sort. */
export function registerCategoryRoutes<const R extends CategoryRoutes & { categoryDelete: IdRoute; categorySort: RouteSpec & { body: z.ZodType<TreeSort> } } & RouteSet<R>>(
  app: FastifyInstance,
  routes: R,
  categories: CategoryCommands<R>,
) {
  registerHandlers(app, routes, {
    categoryTree: () => categories.forest(),
    categoryInsert: (req) => categories.insert(req.body),
    categoryUpdate: (req) => categories.update(req.body),
    categoryDelete: (req) => categories.remove(req.body.id),
    categorySort: (req) => categories.sort(req.body),
  });
}

/** The five routes of a managed record: a paged list, one by `id`, insert, update, delete by `ids`. */
export interface CrudRoutes {
  list: RouteSpec;
  get: IdRoute;
  insert: RouteSpec;
  update: RouteSpec;
  delete: IdsRoute;
}

/** The service functions behind them, each given the caller. */
export interface CrudService<R extends CrudRoutes> {
  list: (principal: Principal, query: Body<R['list']>) => Answer<R['list']>;
  get: (principal: Principal, id: number) => Answer<R['get']>;
  insert: (principal: Principal, input: Body<R['insert']>) => Answer<R['insert']>;
  update: (principal: Principal, input: Body<R['update']>) => Answer<R['update']>;
  remove: (principal: Principal, ids: number[]) => Answer<R['delete']>;
}

/** Registers a record's list, get, insert, update and delete routes on the service of the same names (`remove` for delete). */
export function registerCrudRoutes<const R extends CrudRoutes & RouteSet<R>>(app: FastifyInstance, routes: R, service: CrudService<R>) {
  registerHandlers(app, routes, {
    list: (req) => service.list(principalOf(req), req.body),
    get: (req) => service.get(principalOf(req), req.body.id),
    insert: (req) => service.insert(principalOf(req), req.body),
    update: (req) => service.update(principalOf(req), req.body),
    delete: (req) => service.remove(principalOf(req), req.body.ids),
  });
}

/** Registers writes on many rows by id (`batchRoute`: body `{ ids }`), each calling its command with the caller and the ids. */
export function registerBatchRoutes<const R extends Record<string, RouteSpec>>(
  app: FastifyInstance,
  routes: R,
  commands: { [K in keyof R as R[K] extends IdsRoute ? K : never]?: (principal: Principal, ids: number[]) => Answer<R[K]> },
): void;
// Commands are named only for the routes taking `{ ids }` (the signature above), so those are the routes read here.
export function registerBatchRoutes(
  app: FastifyInstance,
  routes: Readonly<Record<string, IdsRoute>>,
  commands: Readonly<Record<string, ((principal: Principal, ids: number[]) => Promise<unknown>) | undefined>>,
) {
  for (const [key, command] of Object.entries(commands)) {
    const route = routes[key];
    if (!route) throw new Error(`batch command ${key}: no route of that name`);
    if (command) registerRoute(app, route, (req) => command(principalOf(req), req.body.ids));
  }
}
