import { z } from 'zod';
import { CONSTANTS } from './constants.js';

export const UPLOAD_KINDS = ['image', 'attachment'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_LIMITS: Record<UploadKind, number> = {
  image: CONSTANTS.COVER_MAX_BYTES,
  attachment: 10 * 1024 * 1024,
};
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
/** Signed public links of images stay valid this long. */
export const PUBLIC_URL_TTL_MS = 30 * 24 * 3600_000;

/**
 * What a file is for, given at upload and stored with it: it decides who besides the uploader may
 * read the file (server `uploads.access.ts`; each context registers its rule). Add new contexts here.
 */
export const UPLOAD_PURPOSES = ['avatar', 'notice', 'feedback', 'certificate'] as const;
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

export interface UploadResult {
  /** The file's public id (a UUID). */
  id: string;
  /** Needs the session headers (fetch as a blob). */
  url: string;
  name: string;
  size: number;
  mime: string;
  /** Images only: signed link usable in <img src>, valid 30 days. */
  publicUrl?: string;
}
