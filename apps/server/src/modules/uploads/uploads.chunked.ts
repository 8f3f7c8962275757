import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { UPLOAD_CHUNK_BYTES, UPLOAD_SESSION_TTL_MS, type ChunkedUploadInit, type ChunkedUploadState, type UploadResult } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage.js';
import { definePeriodicJob, type JobQueue } from '../../platform/jobs.js';
import { uploadChunks, uploadSessions } from './uploads.schema.js';
import { cleanFileName, describeUpload, newFileKey, type UploadsService } from './uploads.service.js';

type Session = typeof uploadSessions.$inferSelect;
const chunkKey = (id: string, i: number) => `chunks/${id}/${i}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const CLEANUP_JOB = 'uploads.cleanup-chunks';

interface Deps {
  db: Db;
  storage: Storage;
  uploads: Pick<UploadsService, 'record' | 'limitOf'>;
}

/**
 * Resumable uploads: `init` names the file (size, SHA-256), `check` says which chunks the server
 * has, chunks are sent (again, harmlessly) in any order, `complete` merges them into storage while
 * hashing, and keeps the file only when the checksum matches.
 */
export function createChunkedUploads({ db, storage, uploads }: Deps) {
  async function sessionOf(id: string, userId: number): Promise<Session> {
    const [s] = UUID.test(id)
      ? await db
          .select()
          .from(uploadSessions)
          .where(and(eq(uploadSessions.id, id), eq(uploadSessions.userId, userId)))
      : [];
    if (!s) throw new AppError('NOT_FOUND_ERROR');
    return s;
  }
  async function received(id: string): Promise<number[]> {
    const rows = await db.select({ idx: uploadChunks.idx }).from(uploadChunks).where(eq(uploadChunks.sessionId, id)).orderBy(asc(uploadChunks.idx));
    return rows.map((r) => r.idx);
  }
  const stateOf = async (s: Session): Promise<ChunkedUploadState> => ({ uploadId: s.id, chunkSize: s.chunkSize, totalChunks: s.totalChunks, received: await received(s.id) });

  async function discard(s: Pick<Session, 'id' | 'totalChunks'>) {
    for (let i = 0; i < s.totalChunks; i++) await storage.remove(chunkKey(s.id, i)).catch(() => undefined);
    await db.delete(uploadSessions).where(eq(uploadSessions.id, s.id));
  }

  return {
    /** Starts an upload, or resumes the caller's unfinished upload of the same file. */
    async init(input: ChunkedUploadInit & { userId: number }): Promise<ChunkedUploadState> {
      if (input.size > (await uploads.limitOf(input.kind))) throw new AppError('FILE_TOO_LARGE', { field: 'size' });
      const name = cleanFileName(input.name);
      // The suffix is checked now; the bytes when the first chunk arrives.
      describeUpload(name, Buffer.alloc(0), input.kind, { suffixOnly: true });
      const totalChunks = Math.ceil(input.size / UPLOAD_CHUNK_BYTES);
      await db
        .insert(uploadSessions)
        .values({ userId: input.userId, name, size: input.size, sha256: input.sha256, kind: input.kind, purpose: input.purpose, chunkSize: UPLOAD_CHUNK_BYTES, totalChunks })
        .onConflictDoUpdate({
          target: [uploadSessions.userId, uploadSessions.sha256, uploadSessions.size, uploadSessions.kind, uploadSessions.purpose],
          set: { name, updatedAt: sql`now()` },
        });
      const [s] = await db
        .select()
        .from(uploadSessions)
        .where(
          and(
            eq(uploadSessions.userId, input.userId),
            eq(uploadSessions.sha256, input.sha256),
            eq(uploadSessions.size, input.size),
            eq(uploadSessions.kind, input.kind),
            eq(uploadSessions.purpose, input.purpose),
          ),
        );
      return stateOf(s);
    },

    async check(id: string, userId: number): Promise<ChunkedUploadState> {
      return stateOf(await sessionOf(id, userId));
    },

    /** Stores chunk `index`; sending a chunk again replaces it with the same bytes. */
    async putChunk(id: string, index: number, data: Buffer, userId: number): Promise<ChunkedUploadState> {
      const s = await sessionOf(id, userId);
      if (s.state !== 'open') throw new AppError('UPLOAD_INCOMPLETE');
      if (!Number.isInteger(index) || index < 0 || index >= s.totalChunks) throw new AppError('PARAMETER_INVALID', { field: 'index' });
      const expected = index < s.totalChunks - 1 ? s.chunkSize : s.size - s.chunkSize * (s.totalChunks - 1);
      if (data.length !== expected) throw new AppError('PARAMETER_INVALID', { field: 'chunk' });
      if (index === 0) {
        try {
          describeUpload(s.name, data, s.kind);
        } catch (e) {
          // The file is not what its name says: nothing of it is kept.
          await discard(s);
          throw e;
        }
      }
      await storage.put(chunkKey(s.id, index), data);
      await db.insert(uploadChunks).values({ sessionId: s.id, idx: index, size: data.length }).onConflictDoNothing();
      await db
        .update(uploadSessions)
        .set({ updatedAt: sql`now()` })
        .where(eq(uploadSessions.id, s.id));
      return stateOf(s);
    },

    /** Merges the chunks, verifies size and SHA-256 and records the file; the session is gone after. */
    async complete(id: string, userId: number): Promise<UploadResult> {
      const s = await sessionOf(id, userId);
      const have = await received(s.id);
      if (have.length !== s.totalChunks) throw new AppError('UPLOAD_INCOMPLETE');
      // One merge at a time: a second `complete` while merging waits for the client to retry.
      const [claimed] = await db
        .update(uploadSessions)
        .set({ state: 'merging', updatedAt: sql`now()` })
        .where(and(eq(uploadSessions.id, s.id), eq(uploadSessions.state, 'open')))
        .returning({ id: uploadSessions.id });
      if (!claimed) throw new AppError('UPLOAD_INCOMPLETE');
      const { ext, mime } = describeUpload(s.name, Buffer.alloc(0), s.kind, { suffixOnly: true });
      const key = newFileKey(ext);
      const hash = crypto.createHash('sha256');
      let size = 0;
      async function* merged() {
        for (let i = 0; i < s.totalChunks; i++) {
          const part = await storage.get(chunkKey(s.id, i));
          if (!part) throw new AppError('UPLOAD_INCOMPLETE');
          for await (const c of part) {
            hash.update(c);
            size += c.length;
            yield c;
          }
        }
      }
      try {
        await storage.put(key, Readable.from(merged()));
      } catch (e) {
        await db.update(uploadSessions).set({ state: 'open' }).where(eq(uploadSessions.id, s.id));
        throw e instanceof AppError ? e : new AppError('UPLOAD_INCOMPLETE');
      }
      if (size !== s.size || hash.digest('hex') !== s.sha256) {
        await storage.remove(key);
        await discard(s);
        throw new AppError('UPLOAD_CHECKSUM_MISMATCH');
      }
      let result: UploadResult;
      try {
        result = await uploads.record({ key, name: s.name, mime, size, purpose: s.purpose, userId });
      } catch (e) {
        await storage.remove(key).catch(() => undefined);
        throw e;
      }
      await discard(s);
      return result;
    },

    /** Gives up an upload: its chunks are removed. */
    async abort(id: string, userId: number): Promise<void> {
      await discard(await sessionOf(id, userId));
    },

    /** Removes sessions nobody touched for UPLOAD_SESSION_TTL_MS with their chunks (the cleanup job). */
    async removeAbandoned(olderThanMs = UPLOAD_SESSION_TTL_MS): Promise<number> {
      const old = await db
        .select({ id: uploadSessions.id, totalChunks: uploadSessions.totalChunks })
        .from(uploadSessions)
        .where(lt(uploadSessions.updatedAt, new Date(Date.now() - olderThanMs)))
        .limit(500);
      for (const s of old) await discard(s);
      return old.length;
    },
  };
}
export type ChunkedUploads = ReturnType<typeof createChunkedUploads>;

/** Hourly cleanup of abandoned chunk sessions: one job per hour slot, whichever node enqueues it first. */
export function scheduleChunkCleanup(jobs: JobQueue, chunked: ChunkedUploads) {
  return definePeriodicJob(jobs, CLEANUP_JOB, 3600_000, async () => {
    while ((await chunked.removeAbandoned()) === 500);
  })();
}
