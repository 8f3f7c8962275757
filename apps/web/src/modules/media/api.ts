import { api } from '../../platform/api/client';
import type { ChunkedUploadInit, ChunkedUploadState, MediaState, UploadResult } from '@hanlin/shared';

/** Starts a chunked upload, or resumes the caller's unfinished upload of the same file (same SHA-256). */
export function initChunkedUpload(input: ChunkedUploadInit, opts: { signal?: AbortSignal } = {}) {
  return api<ChunkedUploadState>('upload/chunked', input, { silent: true, signal: opts.signal });
}

export function putChunk(input: { uploadId: string; index: number; data: Blob }, opts: { signal?: AbortSignal } = {}) {
  const body = new Blob([input.data], { type: 'application/octet-stream' });
  return api<ChunkedUploadState>(`upload/chunked/${input.uploadId}/chunks/${input.index}`, body, { silent: true, signal: opts.signal, timeout: 5 * 60_000 });
}

export function completeChunkedUpload(input: { uploadId: string }, opts: { signal?: AbortSignal } = {}) {
  // Merging and hashing 500 MB takes a while on a busy server.
  return api<UploadResult>(`upload/chunked/${input.uploadId}/complete`, {}, { silent: true, signal: opts.signal, timeout: 10 * 60_000 });
}

export function abortChunkedUpload(input: { uploadId: string }) {
  return api<null>(`upload/chunked/${input.uploadId}/abort`, {}, { silent: true });
}

/** State, progress, duration and signed play URL of stored files (for lists and players). */
export function getMediaStates(input: { ids: string[] }) {
  return api<MediaState[]>('media/state', undefined, { method: 'GET', query: { ids: input.ids.join(',') } });
}

export function requestMediaProcessing(input: { id: string }) {
  return api<MediaState>(`media/${input.id}/process`, {});
}
