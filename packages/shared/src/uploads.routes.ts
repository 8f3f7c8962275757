import { z } from 'zod';
import { FileAnswerSchema, defineRoute } from './contract.js';
import { Base64UploadSchema, ChunkedUploadInitSchema, ChunkedUploadStateSchema, UploadKindQuerySchema, UploadResultSchema } from './uploads.js';

// Any short string: ids that are not a file's public id (old serial numbers included) are simply not found.
const FileParamsSchema = z.object({ id: z.string().max(64) });
const SignedQuerySchema = z.object({ exp: z.string().max(32).optional(), sig: z.string().max(200).optional() });
const UploadIdParamsSchema = z.object({ uploadId: z.string().max(64) });
const ChunkParamsSchema = z.object({ uploadId: z.string().max(64), index: z.coerce.number().int().min(0).max(100_000) });

/** Uploaded files: multipart or base64 in, read back with the session or a signed link. */
export const uploadRoutes = {
  /** Multipart `file`; `kind` and `purpose` as query parameters or form fields sent before the file. */
  file: defineRoute({
    method: 'POST',
    path: '/api/upload/file',
    permission: 'authenticated',
    operation: 'upload.file',
    query: UploadKindQuerySchema,
    response: UploadResultSchema,
    kind: 'upload',
  }),
  /** Several `file` parts at once (at most FILES_PER_UPLOAD_BATCH); all are checked before any is stored. */
  files: defineRoute({
    method: 'POST',
    path: '/api/upload/files',
    permission: 'authenticated',
    operation: 'upload.files',
    query: UploadKindQuerySchema.required({ purpose: true }),
    response: z.array(UploadResultSchema),
    kind: 'upload',
  }),
  base64: defineRoute({
    method: 'POST',
    path: '/api/upload/base64',
    permission: 'authenticated',
    operation: 'upload.base64',
    body: Base64UploadSchema,
    response: UploadResultSchema,
  }),
  /** Chunked, resumable upload: init (or resume) → check → chunks (any order, repeatable) → complete. */
  chunkedInit: defineRoute({ method: 'POST', path: '/api/upload/chunked', permission: 'authenticated', body: ChunkedUploadInitSchema, response: ChunkedUploadStateSchema }),
  chunkedCheck: defineRoute({
    method: 'GET',
    path: '/api/upload/chunked/:uploadId',
    permission: 'authenticated',
    params: UploadIdParamsSchema,
    response: ChunkedUploadStateSchema,
  }),
  /** The chunk is the raw request body (application/octet-stream, at most UPLOAD_CHUNK_BYTES). */
  chunk: defineRoute({
    method: 'POST',
    path: '/api/upload/chunked/:uploadId/chunks/:index',
    permission: 'authenticated',
    params: ChunkParamsSchema,
    response: ChunkedUploadStateSchema,
    kind: 'binary',
  }),
  chunkedComplete: defineRoute({
    method: 'POST',
    path: '/api/upload/chunked/:uploadId/complete',
    permission: 'authenticated',
    operation: 'upload.chunked',
    params: UploadIdParamsSchema,
    response: UploadResultSchema,
  }),
  chunkedAbort: defineRoute({ method: 'POST', path: '/api/upload/chunked/:uploadId/abort', permission: 'authenticated', params: UploadIdParamsSchema, response: z.null() }),
  read: defineRoute({ method: 'GET', path: '/api/upload/file/:id', permission: 'authenticated', params: FileParamsSchema, response: FileAnswerSchema, kind: 'download' }),
  /** Spec §7 "download by file id (form-encoded)": the same file as `read`, the id in the body. */
  download: defineRoute({
    method: 'POST',
    path: '/api/upload/download',
    permission: 'authenticated',
    body: z.object({ id: z.string().max(64) }),
    response: FileAnswerSchema,
    kind: 'download',
    formEncoded: true,
  }),
  /** <img> tags cannot send the bearer header: a signed, expiring link instead (images only). */
  readSigned: defineRoute({
    method: 'GET',
    path: '/api/upload/public/:id',
    permission: 'public',
    params: FileParamsSchema,
    query: SignedQuerySchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
};
