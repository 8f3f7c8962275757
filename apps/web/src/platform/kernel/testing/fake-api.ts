/**
 * A fake server at the `fetch` level for component tests: it knows every route declared in `packages/shared`,
 * answers each with a typed body (`on`), or a sample built from the route's response schema when the test says
 * nothing (an empty page, empty lists, nulls), and records what the page sent (`sent`). A request to a path no
 * route declares fails the test's expectations through `unknown`.
 */
import * as shared from '@hanlin/shared';
import { ERRORS, type ErrorName, type RouteResult, type RouteSpec } from '@hanlin/shared';
import type { z } from 'zod';
import { afterEach, vi } from 'vitest';

/** Every declared route, found among the shared package's `...Routes` objects. */
const ROUTES: RouteSpec[] = Object.values(shared as Record<string, unknown>).flatMap((v) =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.values(v as Record<string, unknown>).filter((r): r is RouteSpec => !!r && typeof r === 'object' && 'path' in r && 'method' in r && 'response' in r)
    : [],
);

const pattern = (path: string) => new RegExp(`^${path.replace(/\/\*$/, '/(?<wild>.*)').replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`);
const matchers = ROUTES.map((r) => ({ route: r, re: pattern(r.path) }));

type Def = { type: string } & Record<string, unknown>;
const defOf = (s: unknown) => (s as { _zod: { def: Def } })._zod.def;
let nextId = 1;

/**
 * A value of `schema` as JSON carries it: empty strings, zeros, `false`, empty lists, `null` where allowed,
 * the first choice of an enum, and a fresh number for each `id`; `over` replaces fields of an object.
 */
export function sample<S extends z.ZodType>(schema: S, over?: DeepPartial<z.input<S>>): z.input<S> {
  return merge(build(schema, ''), over) as z.input<S>;
}

/** Fields of `over` replace those of `base`; nested plain objects (abilities …) are merged, lists replaced. */
export type DeepPartial<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;
const plain = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
function merge(base: unknown, over: unknown): unknown {
  if (!plain(base) || !plain(over)) return over === undefined ? base : over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = merge(base[k], v);
  return out;
}

function build(schema: unknown, key: string): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(shape)
          .filter(([, s]) => defOf(s).type !== 'optional')
          .map(([k, s]) => [k, build(s, k)]),
      );
    }
    case 'string': {
      const format = def.format as string | undefined;
      if (format === 'datetime') return '2026-11-28T08:00:00.000Z';
      if (format === 'date') return '2026-11-28';
      return '';
    }
    case 'number':
    case 'int': {
      if (key === 'id') return nextId++;
      // The smallest value the schema accepts (a limit of at least 1 minute …), 0 when it sets none.
      const checks = (def.checks ?? []) as { _zod: { def: { check: string; value?: number; inclusive?: boolean } } }[];
      return checks.reduce((n, c) => (c._zod.def.check === 'greater_than' ? Math.max(n, Number(c._zod.def.value) + (c._zod.def.inclusive ? 0 : 1)) : n), 0);
    }
    case 'bigint':
      return 0;
    case 'boolean':
      return false;
    case 'array':
    case 'set':
      return [];
    case 'record':
    case 'map':
      return {};
    case 'tuple':
      return (def.items as unknown[]).map((s) => build(s, key));
    case 'nullable':
    case 'null':
    case 'any':
    case 'unknown':
    case 'void':
    case 'undefined':
    case 'optional':
      return null;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'union':
      return build((def.options as unknown[])[0], key);
    case 'intersection':
      return { ...(build(def.left, key) as object), ...(build(def.right, key) as object) };
    case 'default':
    case 'prefault':
      return typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
    case 'pipe':
      return build(def.in, key);
    case 'lazy':
      return build((def.getter as () => unknown)(), key);
    case 'date':
      return '2026-11-28T08:00:00.000Z';
    default:
      // readonly, catch, nonoptional, success …: the wrapped schema.
      return def.innerType ? build(def.innerType, key) : null;
  }
}

/** The row schema of a route answering a page (`pageSchema(row)`). */
function rowSchema(route: RouteSpec): z.ZodType {
  const records = (defOf(route.response).shape as Record<string, unknown> | undefined)?.records;
  if (!records) throw new Error(`${route.path} does not answer a page`);
  return defOf(records).element as z.ZodType;
}

type Row<R extends RouteSpec> = RouteResult<R> extends { records: (infer T)[] } ? T : never;
/** What the page sent: path parameters, query and body in one object (the shape `call` takes). */
export type Sent = Record<string, unknown>;
type Answer<R extends RouteSpec> = RouteResult<R> | ((input: Sent) => RouteResult<R> | Failure);
interface Failure {
  fail: ErrorName;
  field?: string;
  data?: unknown;
}

/** A refusal from the error catalogue (`{ code, msg, data, field }` with the name's HTTP status). */
export const failure = (name: ErrorName, field?: string, data?: unknown): Failure => ({ fail: name, field, data });
const isFailure = (v: unknown): v is Failure => !!v && typeof v === 'object' && 'fail' in v && typeof (v as Failure).fail === 'string';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs `fetch` for the test (restored after it). */
export function fakeApi() {
  const answers = new Map<RouteSpec, Answer<RouteSpec>>();
  const log: { route: RouteSpec; input: Sent }[] = [];
  const unknown: string[] = [];

  vi.stubGlobal('fetch', async (target: string, init: RequestInit = {}) => {
    const u = new URL(target, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const hit = matchers.map((m) => ({ ...m, match: m.route.method === method ? m.re.exec(u.pathname) : null })).find((m) => m.match);
    if (!hit) {
      unknown.push(`${method} ${u.pathname}`);
      return json({ code: ERRORS.NOT_FOUND_ERROR.code, msg: 'NOT_FOUND_ERROR', data: null }, ERRORS.NOT_FOUND_ERROR.status);
    }
    const params: Sent = { ...hit.match!.groups };
    if ('wild' in params) {
      params['*'] = decodeURIComponent(String(params.wild));
      delete params.wild;
    }
    for (const [k, v] of Object.entries(params)) params[k] = decodeURIComponent(String(v));
    let body: Sent = {};
    if (typeof init.body === 'string') {
      try {
        body = JSON.parse(init.body) as Sent;
      } catch {
        body = Object.fromEntries(new URLSearchParams(init.body));
      }
    } else if (init.body instanceof URLSearchParams) body = Object.fromEntries(init.body);
    else if (init.body instanceof FormData) body = { form: init.body };
    const input: Sent = { ...Object.fromEntries(u.searchParams), ...body, ...params };
    log.push({ route: hit.route, input });
    const answer = answers.get(hit.route);
    const data: unknown = answer === undefined ? build(hit.route.response, '') : typeof answer === 'function' ? answer(input) : answer;
    if (isFailure(data)) {
      const e = ERRORS[data.fail];
      return json({ code: e.code, msg: e.name, data: data.data ?? null, ...(data.field ? { field: data.field } : {}) }, e.status);
    }
    if (hit.route.kind === 'download') return new Response(new Blob(['file']), { status: 200, headers: { 'content-type': 'application/octet-stream' } });
    return json({ code: 200, msg: 'OK', data: data ?? null });
  });

  const api = {
    /** Answers `route` with `answer` (or what `answer(input)` returns, `failure(...)` to refuse). */
    on<R extends RouteSpec>(route: R, answer: RouteResult<R> | ((input: Sent) => RouteResult<R> | Failure)) {
      answers.set(route, answer as Answer<RouteSpec>);
      return api;
    },
    /** Answers a list route with one row per entry (sampled from the row schema, the entry's fields over it). */
    rows<R extends RouteSpec>(route: R, rows: DeepPartial<Row<R>>[], total = rows.length) {
      const schema = rowSchema(route);
      const records = rows.map((r) => sample(schema, r as never));
      return api.on(route, ((input: Sent) => ({ records, total, page: Number(input.page ?? 1), size: Number(input.size ?? 20) })) as never);
    },
    /** Refuses every call of `route` with the catalogue's `name`, naming `field`. */
    fail(route: RouteSpec, name: ErrorName, field?: string) {
      answers.set(route, () => failure(name, field));
      return api;
    },
    /** The inputs sent to `route`, oldest first. */
    sent: (route: RouteSpec): Sent[] => log.filter((l) => l.route === route).map((l) => l.input),
    /** The last input sent to `route` (undefined when none). */
    last: (route: RouteSpec): Sent | undefined => log.filter((l) => l.route === route).at(-1)?.input,
    /** Requests to paths no route declares. */
    unknown,
  };
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
});
