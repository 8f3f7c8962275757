import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Where uploaded files live: local disk by default, an S3-compatible bucket with S3_BUCKET (storage-s3.ts). */
export interface Storage {
  put(key: string, body: Readable | Buffer): Promise<{ key: string; size: number }>;
  /** The stored bytes (only `range`, inclusive, when given), or null when nothing is stored under the key. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removing a missing key is fine. */
  remove(key: string): Promise<void>;
  /** Lets go of connections (at shutdown). */
  close?(): void;
}

/** Bytes `start` to `end`, both inclusive (an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The single byte range an HTTP `Range` header asks of a body of `size` bytes: null when there is
 * no header or it is not a single bytes range (the whole body is sent), 'unsatisfiable' when it
 * lies beyond the body (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const m = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    // Suffix: the last N bytes.
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

const SAFE_KEY = /^[a-zA-Z0-9/_.-]{1,300}$/;

/** Refuses keys that could leave the storage root or that not every backend accepts; returns the key. */
export function checkStorageKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
  return key;
}

export function createLocalStorage(root: string): Storage {
  fs.mkdirSync(root, { recursive: true });
  const resolve = (key: string) => path.join(root, checkStorageKey(key));
  return {
    async put(key, body) {
      const file = resolve(key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${crypto.randomUUID()}.tmp`;
      const stream = Buffer.isBuffer(body) ? undefined : { body, out: fs.createWriteStream(tmp) };
      const out = stream?.out;
      try {
        if (stream) await pipeline(stream.body, stream.out);
        else await fs.promises.writeFile(tmp, body);
        await fs.promises.rename(tmp, file);
      } catch (e) {
        // The stream opens its file asynchronously: wait until it is closed, or the removal could
        // come before the file exists.
        if (out && !out.closed) await once(out, 'close').catch(() => undefined);
        await fs.promises.rm(tmp, { force: true });
        throw e;
      }
      const { size } = await fs.promises.stat(file);
      return { key, size };
    },
    async get(key, range) {
      const file = resolve(key);
      return fs.existsSync(file) ? fs.createReadStream(file, range ? { start: range.start, end: range.end } : {}) : null;
    },
    async remove(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
  };
}
