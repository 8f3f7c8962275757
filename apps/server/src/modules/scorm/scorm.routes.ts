import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { SCORM_LIMITS, scormRoutes as routes } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import { principalOf } from '../../platform/auth/guard.js';
import { registerRoute } from '../../platform/route.js';
import type { ScormService } from './scorm.service.js';

const MULTIPART_LIMITS = { fileSize: SCORM_LIMITS.packedMaxBytes, files: 1, fields: 2, fieldSize: 1000, parts: 3 };

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

/**
 * Package content runs in the player's iframe, same origin as the app (the SCORM API is found on
 * the parent window): authored pages need inline scripts and handlers, so their policy allows
 * them, while framing stays limited to this origin. The rest of the app keeps app.ts's policy.
 */
export const CONTENT_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline' https:",
  "img-src 'self' data: blob: https:",
  "media-src 'self' data: blob: https:",
  "font-src 'self' data: https:",
  "connect-src 'self'",
  "frame-src 'self' https:",
  "object-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

export async function registerScormRoutes(app: FastifyInstance, scorm: ScormService) {
  // Encapsulated so the multipart parser exists only for the import.
  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart, { limits: MULTIPART_LIMITS });
    registerRoute(scope, routes.import, async (req) => {
      const part = await req.file({ limits: MULTIPART_LIMITS });
      if (!part || part.fieldname !== 'file') throw new AppError('PARAMETER_INVALID', { field: 'file' });
      return scorm.importPackage(principalOf(req), { stream: part.file, fileName: part.filename, truncated: () => part.file.truncated });
    });
  });

  registerRoute(app, routes.list, async (req) => scorm.list(principalOf(req)));
  registerRoute(app, routes.get, async (req) => scorm.get(principalOf(req), req.body.id));
  registerRoute(app, routes.launch, async (req) => scorm.launch(principalOf(req), req.body));
  registerRoute(app, routes.commit, async (req) => scorm.commit(principalOf(req), req.body));
  registerRoute(app, routes.finish, async (req) => scorm.finish(principalOf(req), req.body));
  registerRoute(app, routes.progress, async (req) => scorm.progress(principalOf(req), req.body));

  registerRoute(app, routes.content, async (req, reply) => {
    const f = await scorm.openContent(req.params.packageId, req.params.token, req.params['*']);
    reply.raw.removeHeader('content-security-policy');
    return reply
      .type(mimeOf(f.path))
      .header('content-length', f.size)
      .header('content-security-policy', CONTENT_CSP)
      .header('x-frame-options', 'SAMEORIGIN')
      .header('cache-control', 'private, max-age=3600')
      .send(f.stream);
  });
}
