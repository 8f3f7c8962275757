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

export const UploadKindQuerySchema = z.object({ kind: z.enum(UPLOAD_KINDS).optional() });

/** Small images sent as base64 (optionally a `data:` URL) inside JSON. */
export const Base64UploadSchema = z.object({
  name: z.string().trim().min(1).max(200),
  data: z.string().min(1).max(1_000_000),
});
export type Base64Upload = z.infer<typeof Base64UploadSchema>;

export interface UploadResult {
  id: number;
  /** Needs the session headers (fetch as a blob). */
  url: string;
  name: string;
  size: number;
  mime: string;
  /** Images only: signed link usable in <img src>, valid 30 days. */
  publicUrl?: string;
}
