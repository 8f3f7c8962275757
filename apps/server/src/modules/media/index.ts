// Public surface of the media module: other modules import only from here.
import type { FastifyInstance } from 'fastify';
import type { MediaState } from '@hanlin/shared';
import { mediaServiceOf } from './media.module.js';

/**
 * Starts what a stored file needs to be played (video → HLS job, audio → duration, Office → PDF
 * when LibreOffice exists, PDF → ready). Call it when a file becomes courseware; idempotent.
 */
export function requestMediaProcessing(app: FastifyInstance, fileId: string): Promise<MediaState> {
  return mediaServiceOf(app).requestMediaProcessing(fileId);
}

/** State, progress, duration and a signed play URL per public file id (for the courseware list and the player). */
export function getMediaState(app: FastifyInstance, fileIds: string[]): Promise<Map<string, MediaState>> {
  return mediaServiceOf(app).getMediaState(fileIds);
}

/** Pages of a ready PDF (or an Office file's conversion), counted once and kept; null when unknown. */
export function getDocumentPages(app: FastifyInstance, fileId: string): Promise<number | null> {
  return mediaServiceOf(app).getDocumentPages(fileId);
}

export { mediaKindOf } from './media.service.js';
export { mediaAssets } from './media.schema.js';
