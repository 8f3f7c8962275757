import type { RouteCallInput, RouteResponse, RouteSpec } from '@hanlin/shared';
import { api, type ApiOptions, type DownloadResult } from './client';

/** What a caller may tune per call; method, path, body encoding and sign headers come from the route. */
export type CallOptions = Pick<ApiOptions, 'timeout' | 'silent' | 'signal' | 'keepalive'>;

/** `data` of the route's success answer, or the file of a download route. */
export type CallResult<R extends RouteSpec> = R['kind'] extends 'download' ? DownloadResult : RouteResponse<R>;

/** Path parameters, query and body in one object; an upload route also takes the multipart `form`, a binary route the raw `data`. */
export type CallInput<R extends RouteSpec> = R['kind'] extends 'upload'
  ? RouteCallInput<R> & { form: FormData }
  : R['kind'] extends 'binary'
    ? RouteCallInput<R> & { data: Blob }
    : RouteCallInput<R>;

type Args<R extends RouteSpec> = object extends CallInput<R> ? [input?: CallInput<R>, opts?: CallOptions] : [input: CallInput<R>, opts?: CallOptions];

/**
 * Calls a route declared in `packages/shared`: `:name` path segments are filled from the input,
 * and a trailing `/*` from `'*'` (each segment encoded, slashes kept); a GET sends the rest as the
 * query string, a POST as the JSON body (an upload sends `form`, a binary route `data` as
 * application/octet-stream, and the rest as the query). Public routes go without session headers.
 */
export function call<const R extends RouteSpec>(route: R, ...[input, opts = {}]: Args<R>): Promise<CallResult<R>> {
  const rest: Record<string, unknown> = { ...(input ?? {}) };
  let path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  if (path.endsWith('/*')) {
    path = `${path.slice(0, -1)}${String(rest['*'] ?? '')
      .split('/')
      .map(encodeURIComponent)
      .join('/')}`;
    delete rest['*'];
  }
  const options: ApiOptions = { ...opts, method: route.method, anonymous: route.permission === 'public', download: route.kind === 'download' };
  let body: unknown;
  if (route.kind === 'upload') {
    body = rest.form;
    delete rest.form;
    options.query = rest;
  } else if (route.kind === 'binary') {
    const { data } = rest;
    if (!(data instanceof Blob)) throw new TypeError(`${route.path}: a binary route sends a Blob as data`);
    body = new Blob([data], { type: 'application/octet-stream' });
    delete rest.data;
    options.query = rest;
  } else if (route.method === 'GET') {
    options.query = rest;
  } else if (route.body) {
    body = rest;
  }
  return api<CallResult<R>>(path, body, options);
}
