import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { FILE_PUBLIC_ID_PATTERN, OFFICE_EXTENSIONS, type MediaKind, type MediaState, type MediaStateName, isOneOf, propOf } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import { parseRange, type Storage } from '../../platform/storage.js';
import { JobFailure, type JobQueue, type JobRun } from '../../platform/jobs.js';
import { getFileByPublicId, type FileRow, type FileSigner } from '../uploads/index.js';
import * as repo from './media.repository.js';
import type { AssetRow } from './media.repository.js';
import { convertToPdf, probeMedia, transcodeTimeLimitMs, TranscodeTimeout, transcodeToHls, videoLimitExceeded } from './media.ffmpeg.js';
import { countPdfPages } from './media.pdf.js';
import { makeWorkDir } from './media.processes.js';
import { withSessionLockFor } from '../../platform/locks.js';

export const JOB_TRANSCODE = 'media.transcode';
export const JOB_PROBE = 'media.probe';
export const JOB_OFFICE = 'media.office';
/** Signed play links stay valid this long (a long lesson with pauses). */
const PLAY_TTL_MS = 8 * 3600_000;

export function mediaKindOf(file: Pick<FileRow, 'mime' | 'originalName'>): MediaKind {
  if (file.mime.startsWith('video/')) return 'video';
  if (file.mime.startsWith('audio/')) return 'audio';
  if (file.mime === 'application/pdf') return 'pdf';
  const ext = path.extname(file.originalName).slice(1).toLowerCase();
  if (isOneOf(OFFICE_EXTENSIONS, ext)) return 'office';
  return 'other';
}

/** Where derived files of a stored file live: `media/<public id>/…`. */
export const mediaFolder = (publicId: string) => `media/${publicId}`;
/** Names a play link may ask for inside a media folder; `original` is the uploaded file itself. */
export const PLAY_NAME = /^(?:index\.m3u8|seg_\d{4,6}\.ts|document\.pdf|original)$/;

interface Deps {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  signer: Pick<FileSigner, 'folderToken' | 'verifyFolderToken'>;
  log?: FastifyBaseLogger;
  /** LibreOffice binary detected at start, or null (Office files then stay downloads). */
  libreOffice: string | null;
  /** The ffmpeg binary chosen at start (the machine's own when on PATH, else the bundled one). */
  ffmpeg: string;
  /** TRANSCODE_TIME_LIMIT (seconds): how long one slicing may run; unset: from the video's length. */
  transcodeTimeLimitSeconds?: number;
}

export function createMediaService({ db, storage, jobs, signer, log, libreOffice, ffmpeg, transcodeTimeLimitSeconds }: Deps) {
  const setAsset = async (fileId: number, values: Parameters<typeof repo.setAsset>[2]) => void (await repo.setAsset(db, fileId, values));

  /** The stored file copied to a temporary folder (ffmpeg and LibreOffice need a seekable local file). */
  async function withLocalCopy<T>(file: FileRow, work: (input: string, dir: string) => Promise<T>): Promise<T> {
    const { dir, done } = await makeWorkDir();
    try {
      const src = await storage.get(file.key);
      if (!src) throw new JobFailure('stored file missing', { retry: false });
      const input = path.join(dir, `input${path.extname(file.key)}`);
      await pipeline(src, fs.createWriteStream(input));
      return await work(input, dir);
    } finally {
      await done();
    }
  }

  /**
   * One job per file at a time across every node (a job claimed again after its node vanished
   * must not run beside one still going); the other waits and retries.
   */
  async function locked(run: JobRun<{ fileId: number }>, work: () => Promise<void>) {
    const got = await withSessionLockFor(db, 'mediaJob', [run.payload.fileId], work);
    if (!got) throw new Error('another job is processing this file');
  }

  async function fileOfJob(run: JobRun<{ fileId: number }>): Promise<FileRow> {
    const file = await repo.getFileById(db, run.payload.fileId);
    if (!file) throw new JobFailure('file removed', { retry: false });
    await setAsset(file.id, { state: 'processing', progress: 0, error: null, jobId: run.id });
    return file;
  }

  async function transcode(run: JobRun<{ fileId: number }>) {
    const file = await fileOfJob(run);
    let lastSaved = 0;
    let saving: Promise<unknown> = Promise.resolve();
    await withLocalCopy(file, async (input, dir) => {
      // Probed first: what is not a video, or is beyond what a server slices, is refused before ffmpeg spends hours on it.
      const probe = await probeMedia(ffmpeg, input, dir, run.signal);
      if (run.signal.aborted) throw run.signal.reason;
      if (probe.durationMs === null || probe.videoStreams === 0) {
        await setAsset(file.id, { state: 'failed', error: 'VIDEO_SLICE_FAILED' });
        throw new JobFailure('not a readable video', { retry: false });
      }
      const beyond = videoLimitExceeded(probe);
      if (beyond) {
        await setAsset(file.id, { state: 'failed', error: 'VIDEO_LIMITS_EXCEEDED' });
        throw new JobFailure(`video refused, ${beyond} beyond the limits (${probe.width}x${probe.height}, ${probe.durationMs} ms, ${probe.streams} streams)`, {
          retry: false,
        });
      }
      const { durationMs } = probe;
      const out = path.join(dir, 'hls');
      try {
        await transcodeToHls(ffmpeg, input, out, {
          dir,
          durationMs,
          timeoutMs: transcodeTimeLimitMs(durationMs, transcodeTimeLimitSeconds),
          signal: run.signal,
          onProgress: (p) => {
            void run.progress(p);
            // The courseware list shows it: saved at most every 2 seconds.
            if (Date.now() - lastSaved > 2000) {
              lastSaved = Date.now();
              saving = setAsset(file.id, { progress: Math.round(p) }).catch(() => undefined);
            }
          },
        });
      } catch (e) {
        if (run.signal.aborted) throw e;
        await saving;
        await setAsset(file.id, { state: 'failed', error: e instanceof TranscodeTimeout ? 'VIDEO_SLICE_TIMEOUT' : 'VIDEO_SLICE_FAILED' });
        throw new JobFailure(e instanceof Error ? e.message : String(e), { retry: false });
      }
      const folder = `${mediaFolder(file.publicId)}/hls`;
      // Segments first, the playlist last: a playlist in storage means a complete rendition.
      const names = (await fs.promises.readdir(out)).filter((n) => n !== 'index.m3u8').sort();
      for (const n of [...names, 'index.m3u8']) await storage.put(`${folder}/${n}`, fs.createReadStream(path.join(out, n)));
      // A progress write still in flight would land after `ready` and leave it at 99%.
      await saving;
      await setAsset(file.id, { state: 'ready', progress: 100, durationMs, outputKey: `${folder}/index.m3u8`, error: null });
    });
  }

  async function probe(run: JobRun<{ fileId: number }>) {
    const file = await fileOfJob(run);
    await withLocalCopy(file, async (input, dir) => {
      const { durationMs } = await probeMedia(ffmpeg, input, dir, run.signal);
      if (durationMs === null) {
        await setAsset(file.id, { state: 'failed', error: 'FILE_TYPE_ERROR' });
        throw new JobFailure('not a readable audio file', { retry: false });
      }
      await setAsset(file.id, { state: 'ready', progress: 100, durationMs, error: null });
    });
  }

  async function office(run: JobRun<{ fileId: number }>) {
    const file = await fileOfJob(run);
    if (!libreOffice) return setAsset(file.id, { state: 'download', progress: 0 });
    await withLocalCopy(file, async (input, dir) => {
      let pdf: string;
      try {
        pdf = await convertToPdf(libreOffice, input, dir, run.signal);
      } catch (e) {
        if (run.signal.aborted) throw e;
        // Not convertible: still offered as a download.
        await setAsset(file.id, { state: 'download', error: 'FILE_TYPE_ERROR' });
        throw new JobFailure(e instanceof Error ? e.message : String(e), { retry: false });
      }
      const key = `${mediaFolder(file.publicId)}/document.pdf`;
      await storage.put(key, fs.createReadStream(pdf));
      // The conversion's page count is the document's (null when the PDF cannot be read: counted again on need).
      const pages = await countPdfPages(fs.createReadStream(pdf));
      await setAsset(file.id, { state: 'ready', progress: 100, outputKey: key, error: null, pages });
    });
  }

  // A job that failed for good (attempts used up) leaves the asset marked, never "processing".
  const onFailed = async (j: { payload: unknown }) => {
    const fileId = propOf(j.payload, 'fileId');
    if (typeof fileId === 'number' && fileId) await repo.markFailed(db, fileId);
  };
  // Two cores: one transcode at a time per node; conversions are heavy too.
  type Run = JobRun<{ fileId: number }>;
  jobs.handle<{ fileId: number }>(JOB_TRANSCODE, (run: Run) => locked(run, () => transcode(run)), { concurrency: 1, maxAttempts: 3, onFailed });
  jobs.handle<{ fileId: number }>(JOB_PROBE, (run: Run) => locked(run, () => probe(run)), { concurrency: 2, maxAttempts: 3, onFailed });
  jobs.handle<{ fileId: number }>(JOB_OFFICE, (run: Run) => locked(run, () => office(run)), { concurrency: 1, maxAttempts: 2, onFailed });

  async function present(file: Pick<FileRow, 'publicId' | 'mime' | 'originalName'>, a: AssetRow | undefined): Promise<MediaState> {
    const kind = a?.kind ?? mediaKindOf(file);
    const state: MediaState = {
      fileId: file.publicId,
      kind,
      state: a?.state ?? 'none',
      progress: a?.progress ?? 0,
      durationMs: a?.durationMs ?? null,
      pages: a?.pages ?? null,
      error: a?.error ?? null,
      playUrl: null,
      downloadUrl: `/api/upload/file/${file.publicId}`,
    };
    if (state.state === 'ready') {
      const token = await signer.folderToken(mediaFolder(file.publicId), PLAY_TTL_MS);
      const name = kind === 'video' ? 'index.m3u8' : kind === 'office' ? 'document.pdf' : 'original';
      state.playUrl = `/api/media/play/${file.publicId}/${token}/${name}`;
    }
    return state;
  }

  /** Page counts being read, per file id: two learners opening the same PDF read it once. */
  const counting = new Map<number, Promise<number | null>>();

  /** The page count of a file's ready PDF, read from storage the first time and kept on its asset. */
  async function countPages(file: FileRow): Promise<number | null> {
    const asset = await repo.getAsset(db, file.id);
    if (asset?.state !== 'ready') return null;
    if (asset.pages !== null) return asset.pages;
    const key = asset.kind === 'pdf' ? file.key : asset.kind === 'office' ? asset.outputKey : null;
    if (!key) return null;
    let run = counting.get(file.id);
    if (!run) {
      run = (async () => {
        const stream = await storage.get(key);
        const pages = stream ? await countPdfPages(stream) : null;
        if (pages === null) log?.warn({ file: file.publicId }, 'media: the page count of a PDF could not be read');
        else await setAsset(file.id, { pages });
        return pages;
      })().finally(() => counting.delete(file.id));
      counting.set(file.id, run);
    }
    return run;
  }

  return {
    /**
     * Starts what a file needs to be played: video → HLS job, audio → duration probe, Office → PDF
     * conversion (when LibreOffice exists), PDF → ready at once. Asking again while pending,
     * processing or ready changes nothing; a failed file is tried again.
     */
    async requestMediaProcessing(publicId: string): Promise<MediaState> {
      const file = FILE_PUBLIC_ID_PATTERN.test(publicId) ? await getFileByPublicId(db, publicId) : null;
      if (!file) throw new AppError('NOT_FOUND_ERROR');
      const kind = mediaKindOf(file);
      const existing = await repo.getAsset(db, file.id);
      if (existing && existing.state !== 'failed') return present(file, existing);
      const job = kind === 'video' ? JOB_TRANSCODE : kind === 'audio' ? JOB_PROBE : kind === 'office' && libreOffice ? JOB_OFFICE : null;
      const state: MediaStateName = job ? 'pending' : kind === 'pdf' ? 'ready' : 'download';
      const values = { fileId: file.id, kind, state, progress: 0, error: null, durationMs: null, pages: null, outputKey: null };
      let row: AssetRow | undefined = await repo.upsertAsset(db, values);
      if (job) {
        const { id } = await jobs.enqueue(job, { fileId: file.id }, { dedupeKey: `media:${file.id}` });
        row = await repo.setAsset(db, file.id, { jobId: id });
      }
      log?.info({ file: file.publicId, kind, state }, 'media processing requested');
      // A PDF is ready at once: its page count is read beside the answer (lists show it once known).
      if (kind === 'pdf') void countPages(file).catch((e: unknown) => log?.warn({ file: file.publicId, err: e }, 'media: page count failed'));
      return present(file, row);
    },

    /** State, progress, duration and a play link per public file id (unknown ids are left out). */
    async getMediaState(publicIds: string[]): Promise<Map<string, MediaState>> {
      const ids = [...new Set(publicIds.filter((id) => FILE_PUBLIC_ID_PATTERN.test(id)))];
      if (!ids.length) return new Map();
      const rows = await repo.findStates(db, ids);
      const out = new Map<string, MediaState>();
      for (const r of rows) out.set(r.file.publicId, await present(r.file, r.asset ?? undefined));
      return out;
    },

    /**
     * The page count of a ready PDF (the file itself, or an Office file's converted PDF), read from
     * the stored file the first time and kept on the asset; null when there is no ready PDF or it
     * cannot be read (the learning module then never takes a page count from the client instead).
     */
    async getDocumentPages(publicId: string): Promise<number | null> {
      const file = FILE_PUBLIC_ID_PATTERN.test(publicId) ? await getFileByPublicId(db, publicId) : null;
      return file ? countPages(file) : null;
    },

    /** A file of a media folder for a signed play link: the storage stream and its type, or NOT_FOUND. */
    /** A playable file of a ready asset; `rangeHeader` (HTTP Range) asks for part of the original file. */
    async openPlayable(publicId: string, token: string, name: string, rangeHeader?: string) {
      if (!FILE_PUBLIC_ID_PATTERN.test(publicId) || !PLAY_NAME.test(name)) throw new AppError('NOT_FOUND_ERROR');
      if (!(await signer.verifyFolderToken(mediaFolder(publicId), token))) throw new AppError('NO_PERMISSION_ERROR');
      const file = await getFileByPublicId(db, publicId);
      if (!file) throw new AppError('NOT_FOUND_ERROR');
      const asset = await repo.getAsset(db, file.id);
      if (asset?.state !== 'ready') throw new AppError('NOT_FOUND_ERROR');
      const key = name === 'original' ? file.key : name === 'document.pdf' ? `${mediaFolder(publicId)}/document.pdf` : `${mediaFolder(publicId)}/hls/${name}`;
      const size = name === 'original' ? file.size : undefined;
      const range = size === undefined ? null : parseRange(rangeHeader, size);
      const mime = name === 'original' ? file.mime : name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : name.endsWith('.ts') ? 'video/mp2t' : 'application/pdf';
      if (range === 'unsatisfiable') return { stream: null, mime, size, range, name: file.originalName };
      const stream = await storage.get(key, range ?? undefined);
      if (!stream) throw new AppError('NOT_FOUND_ERROR');
      return { stream, mime, size, range, name: file.originalName };
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
