import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ContentOrigin } from '../../platform/content-origin.js';
import type { ScormService } from './scorm.service.js';

/** Types of what web content packages hold; anything else is sent as bytes to download. */
const MIME: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  xhtml: 'application/xhtml+xml',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
  xsd: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  vtt: 'text/vtt',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
  swf: 'application/x-shockwave-flash',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
  wasm: 'application/wasm',
};
export const mimeOf = (file: string) => MIME[path.extname(file).slice(1).toLowerCase()] ?? 'application/octet-stream';

/** Where the SCORM API of a package's page comes from (on the content origin, one file for all packages). */
export const SCORM_API_PATH = '/_hanlin/scorm-api.js';
/** `window.name` of the package frame starts with this, followed by the launch's JSON (see ScormPlayer). */
export const SCORM_SEED_PREFIX = 'hanlin-scorm:';

/**
 * The policy of package files: authored pages need inline scripts, eval and handlers, and load
 * pictures, media and fonts from anywhere, but they connect, submit and frame only on the content
 * origin, never the app's; only the app frames them; the frame's sandbox applies also to a page
 * opened outside the player.
 */
export function contentCsp(frameAncestors: string[], sandbox: string): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline' https:",
    "img-src 'self' data: blob: https:",
    "media-src 'self' data: blob: https:",
    "font-src 'self' data: https:",
    "connect-src 'self'",
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // The package's own pages frame each other; above them only the app.
    `frame-ancestors 'self' ${frameAncestors.join(' ')}`.trim(),
    `sandbox ${sandbox}`,
  ].join('; ');
}

/**
 * Runs first in every page of a package: when the page is the one the player launched (its frame's
 * name carries the launch), it gets a SCORM 1.2 API of its own (scorm-again, seeded with the
 * learner's values, so GetValue and the error codes answer at once) whose values, commits and
 * finish go to the player by postMessage. The player is another origin: it checks that the
 * message comes from its frame and stores the values for the SCO it launched, nothing else. The
 * package's other pages (frames) find this API by walking up their parents, as SCORM wants. `var API = null` of
 * the SCO's own scripts (ADL's discovery code) must not hide it: a property whose setter ignores.
 */
const BRIDGE = `;(function () {
  var PREFIX = ${JSON.stringify(SCORM_SEED_PREFIX)};
  var seed = null;
  try {
    if (String(window.name).indexOf(PREFIX) === 0) seed = JSON.parse(String(window.name).slice(PREFIX.length));
  } catch (e) { seed = null; }
  var Api = window.Scorm12API;
  // Kept: while the frame is being removed, its unload handlers (LMSFinish) no longer see a parent.
  var player = window.parent;
  if (!seed || !Api || player === window) return;
  var api = new Api({ autocommit: false, lmsCommitUrl: false, logLevel: 5 });
  api.loadFromJSON(seed.cmi);
  function values() {
    var cmi = api.renderCommitCMI(false).cmi || {};
    var core = cmi.core || {};
    var score = core.score || {};
    return {
      lesson_status: core.lesson_status,
      score_raw: score.raw || '',
      score_min: score.min || '',
      score_max: score.max || '',
      lesson_location: core.lesson_location || '',
      suspend_data: cmi.suspend_data || '',
      exit: core.exit || '',
      session_time: core.session_time || ''
    };
  }
  function post(kind) {
    player.postMessage({ hanlinScorm: seed.channel, kind: kind, values: values() }, seed.origin);
  }
  api.on('LMSSetValue.cmi.*', function () { post('values'); });
  api.on('LMSCommit', function () { post('commit'); });
  api.on('LMSFinish', function () { post('finish'); });
  Object.defineProperty(window, 'API', { configurable: true, get: function () { return api; }, set: function () {} });
})();
`;

let apiScript: Buffer | undefined;
/** scorm-again's SCORM 1.2 API (its browser build) followed by the bridge. */
function scormApiScript(): Buffer {
  apiScript ??= Buffer.concat([fs.readFileSync(createRequire(import.meta.url).resolve('scorm-again/scorm12/min')), Buffer.from(`\n${BRIDGE}`)]);
  return apiScript;
}

const HTML_INJECT_MAX = 8 * 1024 * 1024;

/** The page with the API script first in its head (after the doctype, which must stay first). */
export function withScormApi(html: Buffer): Buffer {
  // UTF-16 pages are left alone (an ASCII tag would break them); any ASCII-compatible charset works.
  if (html.length >= 2 && ((html[0] === 0xff && html[1] === 0xfe) || (html[0] === 0xfe && html[1] === 0xff))) return html;
  const text = html.toString('latin1');
  const tag = Buffer.from(`<script src="${SCORM_API_PATH}"></script>`);
  const at = /<head(?:\s[^>]*)?>/i.exec(text) ?? /<html(?:\s[^>]*)?>/i.exec(text) ?? /^(?:\uFEFF|\xEF\xBB\xBF)?\s*(?:<!doctype[^>]*>)?/i.exec(text);
  const end = at ? at.index + at[0].length : 0;
  return Buffer.concat([html.subarray(0, end), tag, html.subarray(end)]);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c);
  return Buffer.concat(chunks);
}

/**
 * Package files on the content origin: `/scorm/<packageId>/<token>/<path>`, the token (signed,
 * for one package and user, a few hours) standing for the learner; no session, no cookie. Any
 * origin may read them (`Access-Control-Allow-Origin: *`): sandboxed pages have an opaque origin,
 * so a package's own fetch of its files is cross-origin, and the token is the only key anyway.
 */
export function registerScormContent(content: ContentOrigin, scorm: ScormService) {
  const app: FastifyInstance = content.app;
  app.get(SCORM_API_PATH, (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').header('access-control-allow-origin', '*').send(scormApiScript()),
  );
  app.get<{ Params: { packageId: string; token: string; '*': string } }>('/scorm/:packageId/:token/*', async (req, reply) => {
    const packageId = Number(req.params.packageId);
    if (!/^\d{1,10}$/.test(req.params.packageId) || !Number.isSafeInteger(packageId) || req.params['*'].length > 2000) return reply.callNotFound();
    const f = await scorm.openContent(packageId, req.params.token, req.params['*']);
    const type = mimeOf(f.path);
    reply
      .type(type)
      .header('content-security-policy', contentCsp(content.appOriginsFor(req.raw), content.sandbox))
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('cache-control', 'private, max-age=3600');
    if (type.startsWith('text/html') && f.size <= HTML_INJECT_MAX) {
      const page = withScormApi(await readAll(f.stream));
      return reply.header('content-length', page.length).send(page);
    }
    return reply.header('content-length', f.size).send(f.stream);
  });
}
