import { z } from 'zod';
import type { LifecycleColor } from './lifecycle.js';

/** How a stored file is played: video as HLS, audio and PDF as they are, Office converted to PDF when possible. */
export const MEDIA_KINDS = ['video', 'audio', 'pdf', 'office', 'other'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * none: never asked to process; pending → processing → ready | failed; download: cannot be shown
 * in the browser (an Office file without LibreOffice on the server, or another type), offered as a download.
 */
export const MEDIA_STATES = ['none', 'pending', 'processing', 'ready', 'failed', 'download'] as const;
export type MediaStateName = (typeof MEDIA_STATES)[number];

type WithMediaState = { state: MediaStateName };
/** The browser's player shows it now (its play link is ready). */
export const mediaPlayable = (m: WithMediaState) => m.state === 'ready';
/** Nothing more to wait for: played in the browser, or offered as a download. */
export const mediaSettled = (m: WithMediaState) => m.state === 'ready' || m.state === 'download';
/** Queued or being processed: ask again shortly. */
export const mediaInProgress = (m: WithMediaState) => m.state === 'pending' || m.state === 'processing';
/** Never asked to process (a viewer asks for it). */
export const mediaUnprocessed = (m: WithMediaState) => m.state === 'none';
export const mediaFailed = (m: WithMediaState) => m.state === 'failed';

/**
 * The words a processing state takes depend on what the file is: a video is transcoded and then plays, a
 * document (PDF, Office) is converted and then opens for reading, never "plays". The i18n key of a state's
 * text is `media.states.<words>.<state>` (`{{progress}}` available); its tag colour is `MEDIA_STATE_COLORS`.
 */
export const MEDIA_STATE_WORDS = { video: 'video', audio: 'audio', pdf: 'document', office: 'document', other: 'document' } as const satisfies Record<MediaKind, string>;
/** A document (PDF, Office or another file shown as one): it has pages, not a length. */
export const mediaIsDocument = (m: { kind: MediaKind }) => MEDIA_STATE_WORDS[m.kind] === 'document';
export const mediaStateLabelKey = (m: WithMediaState & { kind: MediaKind }) => `media.states.${MEDIA_STATE_WORDS[m.kind]}.${m.state}`;
export const MEDIA_STATE_COLORS = {
  none: 'default',
  pending: 'default',
  processing: 'processing',
  ready: 'success',
  failed: 'error',
  download: 'warning',
} as const satisfies Record<MediaStateName, LifecycleColor>;

export const MediaStateSchema = z.object({
  /** The file's public id. */
  fileId: z.string(),
  kind: z.enum(MEDIA_KINDS),
  state: z.enum(MEDIA_STATES),
  /** 0–100 while processing. */
  progress: z.number(),
  /** Probed length of video and audio, in milliseconds (null until known). */
  durationMs: z.number().nullable(),
  /**
   * Page count of a document, read by the server from the PDF (an Office file's once converted); null while
   * unknown: not counted yet, not a readable PDF, or an Office file the server cannot convert (no LibreOffice).
   */
  pages: z.number().nullable(),
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
