import { z } from 'zod';
import { CONSTANTS } from './constants.js';

const MiB = 1024 * 1024;
/**
 * What an upload is, deciding its size limit and the file types accepted (spec §9): `image` and
 * `cover` JPG/PNG < 5 MB, attachments 10 MB (20 MB where the spec says so), courseware and video
 * up to 500 MB, audio 200 MB. The server checks the type by the bytes, not only the suffix.
 */
export const UPLOAD_KINDS = ['image', 'attachment', 'cover', 'attachment_large', 'document', 'courseware', 'video', 'audio'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_LIMITS: Record<UploadKind, number> = {
  image: CONSTANTS.COVER_MAX_BYTES,
  attachment: CONSTANTS.IMPORT_MAX_BYTES,
  cover: CONSTANTS.COVER_MAX_BYTES,
  attachment_large: 20 * MiB,
  document: 200 * MiB,
  courseware: 500 * MiB,
  video: 500 * MiB,
  audio: 200 * MiB,
};
/** The parameters (MB, "manage-parameter") that set the upload limits. */
export interface UploadLimitParams {
  uploadLimitMb: number;
  courseFileLimitMb: number;
  coursewareLimitMb: number;
}
/**
 * A kind's limit in bytes as the parameters set it: attachments `uploadLimitMb`, documents (course
 * files) `courseFileLimitMb`, courseware and video `coursewareLimitMb`, audio the same up to 200 MB;
 * images and covers stay 5 MB. The defaults give UPLOAD_LIMITS.
 */
export function uploadLimitBytes(kind: UploadKind, p: UploadLimitParams): number {
  switch (kind) {
    case 'attachment':
      return p.uploadLimitMb * MiB;
    case 'document':
      return p.courseFileLimitMb * MiB;
    case 'courseware':
    case 'video':
      return p.coursewareLimitMb * MiB;
    case 'audio':
      return Math.min(p.coursewareLimitMb * MiB, UPLOAD_LIMITS.audio);
    default:
      return UPLOAD_LIMITS[kind];
  }
}
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'mov', 'm4v', 'webm', 'avi', 'flv', 'mkv'] as const;
export const AUDIO_EXTENSIONS = ['mp3', 'm4a', 'wav', 'ogg', 'oga'] as const;
export const OFFICE_EXTENSIONS = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'] as const;
/** Suffixes accepted per kind; null: any suffix (attachments), the bytes must still match a known suffix. */
export const UPLOAD_EXTENSIONS: Record<UploadKind, readonly string[] | null> = {
  image: IMAGE_EXTENSIONS,
  cover: IMAGE_EXTENSIONS,
  attachment: null,
  attachment_large: null,
  document: ['pdf', ...OFFICE_EXTENSIONS],
  courseware: ['pdf', ...OFFICE_EXTENSIONS, 'zip', ...VIDEO_EXTENSIONS, ...AUDIO_EXTENSIONS],
  video: VIDEO_EXTENSIONS,
  audio: AUDIO_EXTENSIONS,
};
/** Ordinary (one request) uploads are held in memory: larger files go through the chunked upload. */
export const ORDINARY_UPLOAD_MAX = 20 * MiB;
/** Chunk size of resumable uploads (the last chunk is smaller). */
export const UPLOAD_CHUNK_BYTES = 5 * MiB;
/** Chunked upload sessions untouched this long are removed with their chunks. */
export const UPLOAD_SESSION_TTL_MS = 24 * 3600_000;
/** Signed public links of images stay valid this long. */
export const PUBLIC_URL_TTL_MS = 30 * 24 * 3600_000;

/**
 * What a file is for, given at upload and stored with it: it decides who besides the uploader may
 * read the file (server `uploads.access.ts`; each context registers its rule). Add new contexts here.
 */
export const UPLOAD_PURPOSES = [
  'avatar',
  'notice',
  'feedback',
  'courseware',
  'cover',
  'attachment',
  'certificate',
  'textbook',
  'exam-photo',
  'outside-training',
  'train-course',
  'help-template',
] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/** Files are addressed by a random UUID, never by their serial number. */
export const FILE_PUBLIC_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `purpose` may also come as a form field before the file (multipart). */
export const UploadKindQuerySchema = z.object({ kind: z.enum(UPLOAD_KINDS).optional(), purpose: z.enum(UPLOAD_PURPOSES).optional() });

/** Small images sent as base64 (optionally a `data:` URL) inside JSON. */
export const Base64UploadSchema = z.object({
  name: z.string().trim().min(1).max(200),
  data: z.string().min(1).max(1_000_000),
  purpose: z.enum(UPLOAD_PURPOSES),
});
export type Base64Upload = z.infer<typeof Base64UploadSchema>;

export const UploadResultSchema = z.object({
  /** The file's public id (a UUID). */
  id: z.string(),
  /** Needs the session headers (fetch as a blob). */
  url: z.string(),
  name: z.string(),
  size: z.number(),
  mime: z.string(),
  /** Images only: signed link usable in <img src>, valid 30 days. */
  publicUrl: z.string().optional(),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;

/** Starts (or resumes: same caller, size and checksum) a chunked upload. */
export const ChunkedUploadInitSchema = z.object({
  name: z.string().trim().min(1).max(255),
  size: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
  /** Hex SHA-256 of the whole file, verified when the chunks are merged. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  kind: z.enum(UPLOAD_KINDS),
  purpose: z.enum(UPLOAD_PURPOSES),
});
export type ChunkedUploadInit = z.infer<typeof ChunkedUploadInitSchema>;

export const ChunkedUploadStateSchema = z.object({
  uploadId: z.string(),
  chunkSize: z.number().int(),
  totalChunks: z.number().int(),
  /** Indexes (from 0) of the chunks the server already has: send only the others. */
  received: z.array(z.number().int()),
});
export type ChunkedUploadState = z.infer<typeof ChunkedUploadStateSchema>;
