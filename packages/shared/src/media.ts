import { z } from 'zod';

/** How a stored file is played: video as HLS, audio and PDF as they are, Office converted to PDF when possible. */
export const MEDIA_KINDS = ['video', 'audio', 'pdf', 'office', 'other'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * none: never asked to process; pending → processing → ready | failed; download: cannot be shown
 * in the browser (an Office file without LibreOffice on the server, or another type), offered as a download.
 */
export const MEDIA_STATES = ['none', 'pending', 'processing', 'ready', 'failed', 'download'] as const;
export type MediaStateName = (typeof MEDIA_STATES)[number];

export const MediaStateSchema = z.object({
  /** The file's public id. */
  fileId: z.string(),
  kind: z.enum(MEDIA_KINDS),
  state: z.enum(MEDIA_STATES),
  /** 0–100 while processing. */
  progress: z.number(),
  /** Probed length of video and audio, in milliseconds (null until known). */
  durationMs: z.number().nullable(),
  /** Error code when failed (VIDEO_SLICE_FAILED for a video that cannot be sliced). */
  error: z.string().nullable(),
  /**
   * What the player loads, without session headers (a signed path valid some hours): the HLS
   * playlist of a video, the audio file, the PDF (the converted one for Office files).
   */
  playUrl: z.string().nullable(),
  /** The original file (needs the session headers). */
  downloadUrl: z.string(),
});
export type MediaState = z.infer<typeof MediaStateSchema>;

export const MediaIdsQuerySchema = z.object({
  /** Public file ids, comma-separated (at most 100). */
  ids: z
    .string()
    .max(100 * 37)
    .transform((s) => s.split(',').filter(Boolean)),
});
