import { z } from 'zod';
import { IdBodySchema, IdsSchema, pageSchema } from './api.js';
import type { PermissionCode, RoutePermission } from './permissions.js';

/**
 * One route, declared once: the server registers from it (`registerRoute`), the web calls it
 * (`call`), and `/api/openapi.json` documents it. `response` is the `data` of the success answer
 * (`{ code: 200, msg: 'OK', data }`); the server sends it through this schema, so a field the
 * schema does not name never reaches the client.
 *
 * `kind`: `json` (default) answers the envelope; `download` answers a file (errors stay JSON);
 * `upload` takes multipart/form-data (the `file` part) and answers the envelope; `binary` takes
 * the raw request body (application/octet-stream: the caller's `data`, the handler's Buffer
 * `req.body`) and answers the envelope.
 *
 * A path may end in a wildcard `/*`: declare `'*'` in `params` (the rest of the path, slashes kept).
 */
export type RouteKind = 'json' | 'download' | 'upload' | 'binary';
export type RouteMethod = 'GET' | 'POST';

export interface RouteSpec {
  method: RouteMethod;
  /** Fastify syntax: `/api/feedback/getbyid/:id` (then declare `params`). */
  path: string;
  permission: RoutePermission;
  /** Name written to the operation log. */
  operation?: string;
  /** Allowed while the user still has to change the first-login password. */
  beforePasswordChange?: boolean;
  /** OpenAPI tag; defaults to the path's first segment after `/api/`. */
  tags?: readonly string[];
  params?: z.ZodType;
  body?: z.ZodType;
  query?: z.ZodType;
  response: z.ZodType;
  kind?: RouteKind;
  /**
   * The body may also come form-encoded (application/x-www-form-urlencoded, every value a string),
   * as the spec's form-encoded calls send it (login, download by file id). Other routes refuse it.
   */
  formEncoded?: boolean;
}

/** Checks a declaration and keeps its literal types (path, schemas, kind) for the typed callers. */
export function defineRoute<const R extends RouteSpec>(route: R): R {
  return route;
}

/**
 * A write: POST, guarded by codes and written to the operation log under `operation`; `spec` holds the
 * rest (body, response, kind …). `writeRoute('/api/exam/insert', ['ksgl:add'], 'exam.insert', { body, response })`.
 */
export function writeRoute<const P extends string, const C extends readonly [PermissionCode, ...PermissionCode[]], const S extends WriteSpec>(
  path: P,
  permission: C,
  operation: string,
  spec: S,
) {
  return defineRoute({ method: 'POST', path, permission, operation, ...spec });
}
/** What `writeRoute` leaves to the declaration. */
export type WriteSpec = Omit<RouteSpec, 'method' | 'path' | 'permission' | 'operation'>;

/**
 * The two reads of a managed record: `<base>/list` (body: the list's query, answers a page of `row`) and
 * `<base>/get` (body `{ id }`, answers `detail`), both guarded by `permission`.
 * `...listGetRoutes('/api/notice', ['gggl'], { query: NoticeListQuerySchema, row: NoticeRowSchema, detail: NoticeDetailSchema })`.
 */
export function listGetRoutes<const B extends string, const P extends RoutePermission, Q extends z.ZodType, R extends z.ZodType, D extends z.ZodType>(
  base: B,
  permission: P,
  schemas: { query: Q; row: R; detail: D },
) {
  return {
    list: defineRoute({ method: 'POST', path: `${base}/list`, permission, body: schemas.query, response: pageSchema(schemas.row) }),
    get: defineRoute({ method: 'POST', path: `${base}/get`, permission, body: IdBodySchema, response: schemas.detail }),
  };
}

/** A write on many rows chosen by id (delete, publish, freeze …): POST, body `{ ids }`, answers `{ count }`. */
export function batchRoute<const P extends string>(path: P, permission: RoutePermission, operation: string) {
  return defineRoute({ method: 'POST', path, permission, operation, body: IdsSchema, response: CountSchema });
}

/** A menu code that has a `freeze` action. */
type FreezeCode = { [K in PermissionCode]: K extends `${infer M}:freeze` ? M : never }[PermissionCode];

/**
 * The two commands of a freeze lifecycle (`defineFreezeLifecycle`): `<base>/freeze` and
 * `<base>/unfreeze` on many rows (body `{ ids }`), guarded by `<code>:freeze`, logged as `<op>.freeze|unfreeze`.
 */
export function freezeRoutes<const B extends string, const C extends FreezeCode>(base: B, code: C, op: string) {
  const permission = [`${code}:freeze` as Extract<`${C}:freeze`, PermissionCode>] as const;
  return {
    freeze: writeRoute(`${base}/freeze`, permission, `${op}.freeze`, { body: IdsSchema, response: z.null() }),
    unfreeze: writeRoute(`${base}/unfreeze`, permission, `${op}.unfreeze`, { body: IdsSchema, response: z.null() }),
  };
}

/** A menu code that has a `publish` action. */
type PublishCode = { [K in PermissionCode]: K extends `${infer M}:publish` ? M : never }[PermissionCode];

/**
 * The two commands of a publish lifecycle (`definePublishLifecycle`, exams): `<base>/publish` and
 * `<base>/unpublish` on many rows (`batchRoute`), guarded by `<code>:publish|unpublish`, logged as `<op>.publish|unpublish`.
 */
export function publishRoutes<const B extends string>(base: B, code: PublishCode, op: string) {
  return {
    publish: batchRoute(`${base}/publish`, [`${code}:publish`], `${op}.publish`),
    unpublish: batchRoute(`${base}/unpublish`, [`${code}:unpublish` as PermissionCode], `${op}.unpublish`),
  };
}

/** Answer of a `download` route: the file bytes (spreadsheets, attachments). */
export const FileAnswerSchema = z.string().meta({ format: 'binary', description: 'The file itself (errors answer the JSON envelope)' });
/** Answer of a write on many rows: how many it changed. */
export const CountSchema = z.object({ count: z.number().int() });
/** Answer of an insert that returns the new id. */
export const NewIdSchema = z.object({ id: z.number().int() });
/** Answer of a uniqueness check. */
export const AvailableSchema = z.object({ available: z.boolean() });

/** The success envelope of a route's answer (spec section 7). */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

/** Every failure: `msg` is the error name of the catalogue, `field` the offending input. */
export const ErrorEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.unknown(),
  field: z.string().optional(),
  requestId: z.string().optional(),
});

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;
type In<S> = S extends z.ZodType ? z.input<S> : unknown;

/** What a route answers in `data` (or a file, for downloads). */
export type RouteResponse<R extends RouteSpec> = z.output<R['response']>;
/** What the server's handler returns for a route: the schema's input (encode-side) shape. */
export type RouteResult<R extends RouteSpec> = z.input<R['response']>;
/** Parsed input of a route on the server. */
export interface RouteInput<R extends RouteSpec> {
  params: Out<R['params']>;
  body: Out<R['body']>;
  query: Out<R['query']>;
}
/** What a caller sends: body, query and path parameters merged into one object. */
export type RouteCallInput<R extends RouteSpec> = In<R['params']> & In<R['body']> & In<R['query']>;
