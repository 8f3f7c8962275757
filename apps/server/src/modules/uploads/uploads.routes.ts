import type { FastifyInstance, FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import { UPLOAD_KINDS, UPLOAD_LIMITS, UPLOAD_PURPOSES, uploadRoutes as routes, type UploadKind, type UploadPurpose } from '@hanlin/shared';
import { registerRoute } from '../../platform/route.js';
import { AppError } from '../../platform/errors.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { UploadsService } from './uploads.service.js';

const MULTIPART_LIMITS = { fileSize: UPLOAD_LIMITS.attachment, files: 1, fields: 5, fieldSize: 1000, parts: 6 };

function send(reply: FastifyReply, f: Awaited<ReturnType<UploadsService['open']>>, cache: string) {
  return reply.type(f.mime).header('content-length', f.size).header('content-disposition', f.disposition).header('cache-control', cache).send(f.stream);
}

export async function registerUploadsRoutes(app: FastifyInstance, uploads: UploadsService) {
  // Encapsulated so the multipart parser exists only for these routes.
  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart, { limits: MULTIPART_LIMITS });
    registerRoute(scope, routes.file, async (req) => {
      const part = await req.file({ limits: MULTIPART_LIMITS });
      if (!part || part.fieldname !== 'file') throw new AppError('PARAMETER_INVALID', { field: 'file' });
      // `kind` and `purpose` as query parameters, or as form fields sent before the file.
      const formField = (name: string) => {
        const field = part.fields[name];
        return field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
      };
      const kind = (req.query.kind ?? formField('kind') ?? 'attachment') as UploadKind;
      if (!UPLOAD_KINDS.includes(kind)) throw new AppError('PARAMETER_INVALID', { field: 'kind' });
      const purpose = (req.query.purpose ?? formField('purpose')) as UploadPurpose | undefined;
      if (!purpose || !UPLOAD_PURPOSES.includes(purpose)) throw new AppError('PARAMETER_INVALID', { field: 'purpose' });
      const data = await part.toBuffer();
      // The parser stops at the limit and ends the part as if complete: when the extra bytes
      // arrive in a later packet, toBuffer() returns the cut file without an error.
      if (part.file.truncated) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
      return uploads.save({ name: part.filename, data, kind, purpose, userId: principalOf(req).userId });
    });

    registerRoute(scope, routes.base64, async (req) => uploads.saveBase64({ ...req.body, userId: principalOf(req).userId }));

    registerRoute(scope, routes.read, async (req, reply) => send(reply, await uploads.open(req.params.id, { principal: principalOf(req) }), 'private, max-age=86400'));

    // <img> tags cannot send the bearer header: a signed, expiring link instead (images only).
    registerRoute(scope, routes.readSigned, async (req, reply) => send(reply, await uploads.openSigned(req.params.id, req.query.exp, req.query.sig), 'private, max-age=86400'));
  });
}
