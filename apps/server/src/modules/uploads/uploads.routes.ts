import type { FastifyInstance, FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import { CONSTANTS, isOneOf, ORDINARY_UPLOAD_MAX, UPLOAD_CHUNK_BYTES, UPLOAD_KINDS, UPLOAD_PURPOSES, uploadRoutes as routes, type UploadKind } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import { principalOf } from '../../platform/auth/guard.js';
import { registerRoute } from '../../platform/route.js';
import type { UploadsService } from './uploads.service.js';
import type { ChunkedUploads } from './uploads.chunked.js';

const MULTIPART_LIMITS = { fileSize: ORDINARY_UPLOAD_MAX, files: 1, fields: 5, fieldSize: 1000, parts: 6 };
/** Ordinary uploads are held in memory: at most the kind's limit (parameters page), and never above ORDINARY_UPLOAD_MAX. */
const ordinaryLimit = async (uploads: UploadsService, kind: UploadKind | undefined) => Math.min(kind ? await uploads.limitOf(kind) : ORDINARY_UPLOAD_MAX, ORDINARY_UPLOAD_MAX);

function send(reply: FastifyReply, f: Awaited<ReturnType<UploadsService['open']>>, cache: string) {
  return reply.type(f.mime).header('content-length', f.size).header('content-disposition', f.disposition).header('cache-control', cache).send(f.stream);
}

export async function registerUploadsRoutes(app: FastifyInstance, uploads: UploadsService, chunked: ChunkedUploads) {
  // Encapsulated so the multipart parser exists only for these routes.
  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart, { limits: MULTIPART_LIMITS });

    registerRoute(scope, routes.file, async (req) => {
      const part = await req.file({ limits: { ...MULTIPART_LIMITS, fileSize: await ordinaryLimit(uploads, req.query.kind) } });
      if (!part || part.fieldname !== 'file') throw new AppError('PARAMETER_INVALID', { field: 'file' });
      // `kind` and `purpose` as query parameters, or as form fields sent before the file.
      const formField = (name: string) => {
        const field = part.fields[name];
        return field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
      };
      const kind = req.query.kind ?? formField('kind') ?? 'attachment';
      if (!isOneOf(UPLOAD_KINDS, kind)) throw new AppError('PARAMETER_INVALID', { field: 'kind' });
      const purpose = req.query.purpose ?? formField('purpose');
      if (!isOneOf(UPLOAD_PURPOSES, purpose)) throw new AppError('PARAMETER_INVALID', { field: 'purpose' });
      const data = await part.toBuffer();
      // The parser stops at the limit and ends the part as if complete: when the extra bytes
      // arrive in a later packet, toBuffer() returns the cut file without an error.
      if (part.file.truncated) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
      return uploads.save({ name: part.filename, data, kind, purpose, userId: principalOf(req).userId });
    });

    // Several files at once (spec §9: at most 10 a batch); all are checked before any is stored.
    registerRoute(scope, routes.files, async (req) => {
      const kind = req.query.kind ?? 'attachment';
      const max = CONSTANTS.FILES_PER_UPLOAD_BATCH;
      const files: { name: string; data: Buffer }[] = [];
      for await (const part of req.parts({ limits: { ...MULTIPART_LIMITS, files: max + 1, parts: max + 6, fileSize: await ordinaryLimit(uploads, kind) } })) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'file') throw new AppError('PARAMETER_INVALID', { field: 'file' });
        if (files.length === max) throw new AppError('UPLOAD_TOO_MANY_FILES', { field: 'file' });
        const data = await part.toBuffer();
        if (part.file.truncated) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
        files.push({ name: part.filename, data });
      }
      if (!files.length) throw new AppError('PARAMETER_INVALID', { field: 'file' });
      return uploads.saveMany({ files, kind, purpose: req.query.purpose, userId: principalOf(req).userId });
    });

    registerRoute(scope, routes.base64, async (req) => uploads.saveBase64({ ...req.body, userId: principalOf(req).userId }));

    // Chunked, resumable upload: init (or resume) → check → chunks (any order, repeatable) → complete.
    registerRoute(scope, routes.chunkedInit, async (req) => chunked.init({ ...req.body, userId: principalOf(req).userId }));
    registerRoute(scope, routes.chunkedCheck, async (req) => chunked.check(req.params.uploadId, principalOf(req).userId));
    registerRoute(
      scope,
      routes.chunk,
      async (req) => {
        if (!Buffer.isBuffer(req.body)) throw new AppError('PARAMETER_INVALID', { field: 'chunk' });
        return chunked.putChunk(req.params.uploadId, req.params.index, req.body, principalOf(req).userId);
      },
      { bodyLimit: UPLOAD_CHUNK_BYTES },
    );
    registerRoute(scope, routes.chunkedComplete, async (req) => chunked.complete(req.params.uploadId, principalOf(req).userId));
    registerRoute(scope, routes.chunkedAbort, async (req) => {
      await chunked.abort(req.params.uploadId, principalOf(req).userId);
      return null;
    });

    registerRoute(scope, routes.read, async (req, reply) => send(reply, await uploads.open(req.params.id, { principal: principalOf(req) }), 'private, max-age=86400'));
    registerRoute(scope, routes.download, async (req, reply) => send(reply, await uploads.open(req.body.id, { principal: principalOf(req) }), 'private, max-age=86400'));
    registerRoute(scope, routes.readSigned, async (req, reply) =>
      send(reply, await uploads.openSigned(req.params.id, req.query.exp, req.query.sig), 'private, max-age=86400'),
    );
  });
}
