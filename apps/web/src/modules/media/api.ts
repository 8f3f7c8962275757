import { mediaRoutes, uploadRoutes, type ChunkedUploadInit } from '@hanlin/shared';
import { call } from '../../platform/api/call';

/** Starts a chunked upload, or resumes the caller's unfinished upload of the same file (same SHA-256). */
export function initChunkedUpload(input: ChunkedUploadInit, opts: { signal?: AbortSignal } = {}) {
  return call(uploadRoutes.chunkedInit, input, { silent: true, signal: opts.signal });
}

export function putChunk(input: { uploadId: string; index: number; data: Blob }, opts: { signal?: AbortSignal } = {}) {
  return call(uploadRoutes.chunk, input, { silent: true, signal: opts.signal, timeout: 5 * 60_000 });
}

export function completeChunkedUpload(input: { uploadId: string }, opts: { signal?: AbortSignal } = {}) {
  // Merging and hashing 500 MB takes a while on a busy server.
  return call(uploadRoutes.chunkedComplete, input, { silent: true, signal: opts.signal, timeout: 10 * 60_000 });
}

export function abortChunkedUpload(input: { uploadId: string }) {
  return call(uploadRoutes.chunkedAbort, input, { silent: true });
}

/** State, progress, duration and signed play URL of stored files (for lists and players). */
export function getMediaStates(input: { ids: string[] }) {
  return call(mediaRoutes.state, { ids: input.ids.join(',') });
}

export function requestMediaProcessing(input: { id: string }) {
  return call(mediaRoutes.process, input);
}

/** The original file of a media (with the session headers). */
export function downloadMediaFile(input: { fileId: string }) {
  return call(uploadRoutes.read, { id: input.fileId });
}
