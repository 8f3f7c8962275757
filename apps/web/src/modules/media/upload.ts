import type { UploadKind, UploadPurpose, UploadResult } from '@hanlin/shared';
import { completeChunkedUpload, initChunkedUpload, putChunk } from './api';

export type UploadPhase = 'hashing' | 'uploading' | 'merging';
export interface UploadProgress {
  phase: UploadPhase;
  /** 0–100 within the phase. */
  percent: number;
  /** Chunks the server already had when the upload started (a resumed upload). */
  resumedChunks: number;
}

const HASH_SLICE = 4 * 1024 * 1024;

/** Hex SHA-256 of a file read in slices (hash-wasm, loaded on first use), so 500 MB never sits in memory. */
export async function sha256OfFile(file: Blob, onProgress?: (percent: number) => void, signal?: AbortSignal): Promise<string> {
  const { createSHA256 } = await import('hash-wasm');
  const hasher = await createSHA256();
  hasher.init();
  for (let at = 0; at < file.size; at += HASH_SLICE) {
    signal?.throwIfAborted();
    hasher.update(new Uint8Array(await file.slice(at, at + HASH_SLICE).arrayBuffer()));
    onProgress?.(Math.round((Math.min(file.size, at + HASH_SLICE) / file.size) * 100));
  }
  return hasher.digest('hex');
}

/**
 * Uploads a file in chunks and resumes an interrupted upload: the server says which chunks it
 * already has (matched by the file's SHA-256), only the others are sent, then it merges and
 * verifies the checksum. Two chunks travel at once.
 */
export async function uploadResumable(
  file: File,
  opts: { kind: UploadKind; purpose: UploadPurpose; onProgress?: (p: UploadProgress) => void; signal?: AbortSignal; parallel?: number },
): Promise<UploadResult & { uploadId: string }> {
  const { signal } = opts;
  const report = (p: UploadProgress) => opts.onProgress?.(p);
  const sha256 = await sha256OfFile(file, (percent) => report({ phase: 'hashing', percent, resumedChunks: 0 }), signal);
  const state = await initChunkedUpload({ name: file.name, size: file.size, sha256, kind: opts.kind, purpose: opts.purpose }, { signal });
  const have = new Set(state.received);
  const missing = Array.from({ length: state.totalChunks }, (_, i) => i).filter((i) => !have.has(i));
  let sent = have.size;
  report({ phase: 'uploading', percent: Math.round((sent / state.totalChunks) * 100), resumedChunks: have.size });
  const queue = [...missing];
  const worker = async () => {
    for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
      signal?.throwIfAborted();
      await putChunk({ uploadId: state.uploadId, index: i, data: file.slice(i * state.chunkSize, (i + 1) * state.chunkSize) }, { signal });
      sent++;
      report({ phase: 'uploading', percent: Math.round((sent / state.totalChunks) * 100), resumedChunks: have.size });
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.parallel ?? 2, Math.max(1, missing.length)) }, worker));
  report({ phase: 'merging', percent: 100, resumedChunks: have.size });
  const result = await completeChunkedUpload({ uploadId: state.uploadId }, { signal });
  return { ...result, uploadId: state.uploadId };
}
