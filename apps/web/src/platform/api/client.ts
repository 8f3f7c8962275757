import i18next from 'i18next';
import { CONSTANTS } from '@hanlin/shared';
import { session } from '../session';
import { signature } from './crypto';
import { fieldOf, isObject } from '../field-of';
import { ApiError, normalizeError, reportError } from './errors';
import { learnServerTime, serverNow } from './server-clock';

export interface ApiOptions {
  method?: 'GET' | 'POST';
  /** Query string (GET parameters). */
  query?: Record<string, unknown>;
  /** application/x-www-form-urlencoded body instead of JSON. */
  form?: boolean;
  /** Answer is a file: resolves to `{ blob, fileName }`. */
  download?: boolean;
  timeout?: number;
  /** Skip bearer and sign headers (login, public key, captcha). */
  anonymous?: boolean;
  /** The caller shows the error itself; the client only throws. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Let the request outlive the page (sent while a tab closes; body under 64 KB). */
  keepalive?: boolean;
}

export interface DownloadResult {
  blob: Blob;
  fileName: string;
}

function url(path: string, query?: ApiOptions['query']): string {
  const base = path.startsWith('/api/') ? path : `/api/${path.replace(/^\//, '')}`;
  if (!query) return base;
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

function fileNameOf(res: Response, fallback: string): string {
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(cd);
  if (star?.[1]) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(cd);
  if (plain?.[1]) {
    try {
      return decodeURIComponent(plain[1].trim());
    } catch {
      return plain[1].trim();
    }
  }
  return fallback;
}

async function authHeaders(): Promise<Record<string, string>> {
  const { token, user, signNumber } = session.get();
  if (!token || !user) return {};
  const ts = Math.round(serverNow());
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'X-Timestamp': String(ts) };
  if (signNumber) headers['X-Sign'] = await signature(user.id, ts, signNumber);
  return headers;
}

function encodeBody(body: unknown, opts: ApiOptions, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined || opts.method === 'GET') return undefined;
  if (body instanceof FormData || body instanceof Blob) return body;
  if (opts.form && isObject(body)) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(body)) {
      if (v !== undefined && v !== null) p.set(k, String(v));
    }
    return p;
  }
  headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

/** The interface language and the browser's time zone: Excel files come back in them (headers, values, local times). */
function localeHeaders(): Record<string, string> {
  const h: Record<string, string> = {};
  if (i18next.language) h['Accept-Language'] = i18next.language;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone) h['X-Time-Zone'] = zone;
  return h;
}

/** A well-signed call refused for its timestamp (the device clock is off): the answer holds the server's time. */
const timeRefused = (err: ApiError): number | undefined => {
  const serverTime = err.dataField('serverTime');
  return err.name === 'UNAUTHENTICATED' && err.field === 'X-Timestamp' && typeof serverTime === 'number' ? serverTime : undefined;
};
const refusedForTime = (err: ApiError) => timeRefused(err) !== undefined;

/**
 * The one API call: POST JSON by default, 60 s timeout, credentials, bearer + sign headers on the
 * server's clock, `{code,msg,data}` unwrapped to `data`; failures are normalized, reported and rethrown.
 * A call refused because the device clock is off learns the server's time from the refusal and is sent once more.
 */
export async function api<T = unknown>(path: string, body?: unknown, opts: ApiOptions = {}): Promise<T> {
  const method = opts.method ?? 'POST';
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), opts.timeout ?? CONSTANTS.REQUEST_TIMEOUT_MS);
  opts.signal?.addEventListener('abort', () => ctrl.abort());
  // What the server answered; the caller names its type (a route's response), which the client takes on trust.
  const send = async (): Promise<unknown> => {
    const headers: Record<string, string> = { Accept: 'application/json', ...localeHeaders(), ...(opts.anonymous ? {} : await authHeaders()) };
    const sentAt = Date.now();
    let res: Response;
    try {
      res = await fetch(url(path, opts.query), {
        method,
        headers,
        body: encodeBody(body, { ...opts, method }, headers),
        credentials: 'include',
        signal: ctrl.signal,
        ...(opts.keepalive ? { keepalive: true } : {}),
      });
    } catch (cause) {
      throw normalizeError(0, null, cause);
    }
    const receivedAt = Date.now();
    const serverTime = Number(res.headers.get('x-server-time'));
    if (serverTime) learnServerTime(serverTime, sentAt, receivedAt);
    const type = res.headers.get('content-type') ?? '';
    if (opts.download && res.ok && !type.includes('application/json')) {
      const blob = await res.blob();
      const file: DownloadResult = { blob, fileName: fileNameOf(res, path.split('/').pop() ?? 'download') };
      return file;
    }
    const envelope: unknown = type.includes('json') ? await res.json().catch(() => null) : null;
    const code = fieldOf(envelope, 'code');
    if (!res.ok || code !== 200) {
      const err = normalizeError(res.status, envelope);
      const told = timeRefused(err);
      if (told !== undefined && !serverTime) learnServerTime(told, sentAt, receivedAt);
      throw err;
    }
    return fieldOf(envelope, 'data');
  };
  try {
    let answer: unknown;
    try {
      answer = await send();
    } catch (e) {
      if (!(e instanceof ApiError && refusedForTime(e))) throw e;
      answer = await send();
    }
    return answer as T;
  } catch (e) {
    const err = e instanceof ApiError ? e : normalizeError(0, null, e);
    // A password the server could not decrypt, or a key it cannot use: the next password is sent with a fresh key.
    if (err.name === 'PASSWORD_DECRYPT_ERROR' || err.name === 'PUBLIC_KEY_ERROR') session.set({ publicKey: null });
    if (!opts.silent && !opts.signal?.aborted) reportError(err);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** Saves a downloaded blob under the server's file name. */
export function saveDownload({ blob, fileName }: DownloadResult): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export { ApiError } from './errors';
