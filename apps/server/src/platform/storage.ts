import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Where uploaded files live. Local disk by default; an S3-compatible bucket can implement the same. */
export interface Storage {
  put(key: string, body: Readable | Buffer): Promise<{ key: string; size: number }>;
  get(key: string): Promise<Readable | null>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-zA-Z0-9/_.-]{1,300}$/;

export function createLocalStorage(root: string): Storage {
  fs.mkdirSync(root, { recursive: true });
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${crypto.randomUUID()}.tmp`;
      if (Buffer.isBuffer(body)) await fs.promises.writeFile(tmp, body);
      else await pipeline(body, fs.createWriteStream(tmp));
      await fs.promises.rename(tmp, file);
      const { size } = await fs.promises.stat(file);
      return { key, size };
    },
    async get(key) {
      const file = resolve(key);
      return fs.existsSync(file) ? fs.createReadStream(file) : null;
    },
    async remove(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
  };
}
