import { z } from 'zod';
import { FileAnswerSchema, defineRoute } from './contract.js';
import { Base64UploadSchema, UploadKindQuerySchema, UploadResultSchema } from './uploads.js';

// Any short string: ids that are not a file's public id (old serial numbers included) are simply not found.
const FileParamsSchema = z.object({ id: z.string().max(64) });
const SignedQuerySchema = z.object({ exp: z.string().max(32).optional(), sig: z.string().max(200).optional() });

/** Uploaded files: multipart or base64 in, read back with the session or a signed link. */
export const uploadRoutes = {
  /** Multipart `file`; `kind` and `purpose` as query parameters or form fields sent before the file. */
  file: defineRoute({ method: 'POST', path: '/api/upload/file', permission: 'authenticated', operation: 'upload.file', query: UploadKindQuerySchema, response: UploadResultSchema, kind: 'upload' }),
  base64: defineRoute({ method: 'POST', path: '/api/upload/base64', permission: 'authenticated', operation: 'upload.base64', body: Base64UploadSchema, response: UploadResultSchema }),
  read: defineRoute({ method: 'GET', path: '/api/upload/file/:id', permission: 'authenticated', params: FileParamsSchema, response: FileAnswerSchema, kind: 'download' }),
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
