import { z } from 'zod';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  Base64UploadSchema,
  CONSTANTS,
  ChunkedUploadInitSchema,
  ORDINARY_UPLOAD_MAX,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_KINDS,
  UPLOAD_LIMITS,
  UPLOAD_PURPOSES,
  UploadKindQuerySchema,
  type UploadKind,
  type UploadPurpose,
} from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import { AppError } from '../../platform/errors.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { UploadsService } from './uploads.service.js';
import type { ChunkedUploads } from './uploads.chunked.js';

const MULTIPART_LIMITS = { fileSize: UPLOAD_LIMITS.attachment, files: 1, fields: 5, fieldSize: 1000, parts: 6 };
// Any short string: ids that are not a file's public id (old serial numbers included) are simply not found.
const FileParams = z.object({ id: z.string().max(64) });
const SignedQuery = z.object({ exp: z.string().max(32).optional(), sig: z.string().max(200).optional() });
const UploadIdParams = z.object({ uploadId: z.string().max(64) });
const ChunkParams = z.object({ uploadId: z.string().max(64), index: z.coerce.number().int().min(0).max(100_000) });
/** Ordinary uploads are held in memory: at most the kind's limit, and never above ORDINARY_UPLOAD_MAX. */
const ordinaryLimit = (kind: UploadKind | undefined) => Math.min(kind ? UPLOAD_LIMITS[kind] : ORDINARY_UPLOAD_MAX, ORDINARY_UPLOAD_MAX);

function send(reply: FastifyReply, f: Awaited<ReturnType<UploadsService['open']>>, cache: string) {
  return reply.type(f.mime).header('content-length', f.size).header('content-disposition', f.disposition).header('cache-control', cache).send(f.stream);
}

export async function registerUploadsRoutes(app: FastifyInstance, uploads: UploadsService, chunked: ChunkedUploads) {
  // Encapsulated so the multipart parser exists only for these routes.
  await app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart, { limits: MULTIPART_LIMITS });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['upload'];

    r.post(
      '/api/upload/file',
      {
        config: { permission: 'authenticated', operation: 'upload.file' },
        schema: { tags, querystring: UploadKindQuerySchema, consumes: ['multipart/form-data'] },
      },
      async (req) => {
        const part = await req.file({ limits: { ...MULTIPART_LIMITS, fileSize: ordinaryLimit(req.query.kind) } });
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
        return ok(await uploads.save({ name: part.filename, data, kind, purpose, userId: principalOf(req).userId }));
      },
    );

    // Several files at once (spec §9: at most 10 a batch); all are checked before any is stored.
    r.post(
      '/api/upload/files',
      {
        config: { permission: 'authenticated', operation: 'upload.files' },
        schema: { tags, querystring: UploadKindQuerySchema.required({ purpose: true }), consumes: ['multipart/form-data'] },
      },
      async (req) => {
        const kind = req.query.kind ?? 'attachment';
        const max = CONSTANTS.FILES_PER_UPLOAD_BATCH;
        const files: { name: string; data: Buffer }[] = [];
        for await (const part of req.parts({ limits: { ...MULTIPART_LIMITS, files: max + 1, parts: max + 6, fileSize: ordinaryLimit(kind) } })) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file') throw new AppError('PARAMETER_INVALID', { field: 'file' });
          if (files.length === max) throw new AppError('UPLOAD_TOO_MANY_FILES', { field: 'file' });
          const data = await part.toBuffer();
          if (part.file.truncated) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
          files.push({ name: part.filename, data });
        }
        if (!files.length) throw new AppError('PARAMETER_INVALID', { field: 'file' });
        return ok(await uploads.saveMany({ files, kind, purpose: req.query.purpose, userId: principalOf(req).userId }));
      },
    );

    r.post(
      '/api/upload/base64',
      { config: { permission: 'authenticated', operation: 'upload.base64' }, schema: { tags, body: Base64UploadSchema } },
      async (req) => ok(await uploads.saveBase64({ ...req.body, userId: principalOf(req).userId })),
    );

    // Chunked, resumable upload: init (or resume) → check → chunks (any order, repeatable) → complete.
    r.post(
      '/api/upload/chunked',
      { config: { permission: 'authenticated' }, schema: { tags, body: ChunkedUploadInitSchema } },
      async (req) => ok(await chunked.init({ ...req.body, userId: principalOf(req).userId })),
    );
    r.get('/api/upload/chunked/:uploadId', { config: { permission: 'authenticated' }, schema: { tags, params: UploadIdParams } }, async (req) =>
      ok(await chunked.check(req.params.uploadId, principalOf(req).userId)),
    );
    // The chunk is the raw request body (application/octet-stream).
    scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: UPLOAD_CHUNK_BYTES }, (_req, body, done) => done(null, body));
    r.route({
      method: ['PUT', 'POST'],
      url: '/api/upload/chunked/:uploadId/chunks/:index',
      bodyLimit: UPLOAD_CHUNK_BYTES,
      config: { permission: 'authenticated' },
      schema: { tags, params: ChunkParams, consumes: ['application/octet-stream'] },
      handler: async (req) => {
        if (!Buffer.isBuffer(req.body)) throw new AppError('PARAMETER_INVALID', { field: 'chunk' });
        return ok(await chunked.putChunk(req.params.uploadId, req.params.index, req.body, principalOf(req).userId));
      },
    });
    r.post(
      '/api/upload/chunked/:uploadId/complete',
      { config: { permission: 'authenticated', operation: 'upload.chunked' }, schema: { tags, params: UploadIdParams } },
      async (req) => ok(await chunked.complete(req.params.uploadId, principalOf(req).userId)),
    );
    r.post('/api/upload/chunked/:uploadId/abort', { config: { permission: 'authenticated' }, schema: { tags, params: UploadIdParams } }, async (req) => {
      await chunked.abort(req.params.uploadId, principalOf(req).userId);
      return ok(null);
    });

    r.get('/api/upload/file/:id', { config: { permission: 'authenticated' }, schema: { tags, params: FileParams } }, async (req, reply) =>
      send(reply, await uploads.open(req.params.id, { principal: principalOf(req) }), 'private, max-age=86400'),
    );

    // <img> tags cannot send the bearer header: a signed, expiring link instead (images only).
    r.get('/api/upload/public/:id', { config: { permission: 'public' }, schema: { tags, params: FileParams, querystring: SignedQuery } }, async (req, reply) =>
      send(reply, await uploads.openSigned(req.params.id, req.query.exp, req.query.sig), 'private, max-age=86400'),
    );
  });
}
