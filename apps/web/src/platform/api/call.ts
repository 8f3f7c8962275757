import type { RouteCallInput, RouteResponse, RouteSpec } from '@hanlin/shared';
import { api, type ApiOptions, type DownloadResult } from './client';

/** What a caller may tune per call; method, path, body encoding and sign headers come from the route. */
export type CallOptions = Pick<ApiOptions, 'timeout' | 'silent' | 'signal'>;

/** `data` of the route's success answer, or the file of a download route. */
export type CallResult<R extends RouteSpec> = R['kind'] extends 'download' ? DownloadResult : RouteResponse<R>;

/** Path parameters, query and body in one object; an upload route also takes the multipart `form`. */
export type CallInput<R extends RouteSpec> = R['kind'] extends 'upload' ? RouteCallInput<R> & { form: FormData } : RouteCallInput<R>;

type Args<R extends RouteSpec> = object extends CallInput<R> ? [input?: CallInput<R>, opts?: CallOptions] : [input: CallInput<R>, opts?: CallOptions];
type Query = NonNullable<ApiOptions['query']>;

/**
 * Calls a route declared in `packages/shared`: `:name` path segments are filled from the input,
 * a GET sends the rest as the query string, a POST as the JSON body (an upload sends `form` and
 * the rest as the query). Public routes go without session headers.
 */
export function call<const R extends RouteSpec>(route: R, ...[input, opts = {}]: Args<R>): Promise<CallResult<R>> {
  const rest: Record<string, unknown> = { ...((input ?? {}) as Record<string, unknown>) };
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  const options: ApiOptions = { ...opts, method: route.method, anonymous: route.permission === 'public', download: route.kind === 'download' };
  let body: unknown;
  if (route.kind === 'upload') {
    body = rest.form;
    delete rest.form;
    options.query = rest as Query;
  } else if (route.method === 'GET') {
    options.query = rest as Query;
  } else if (route.body) {
    body = rest;
  }
  return api<CallResult<R>>(path, body, options);
}
