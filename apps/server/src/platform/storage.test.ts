import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamToBuffer } from './excel.js';
import { createS3Storage, type S3StorageOptions } from './storage-s3.js';
import { createLocalStorage, parseRange, type Storage } from './storage.js';

const MiB = 1024 * 1024;

/** A real S3-compatible server (s3rver) on a free port with its data in a temporary folder. */
async function startS3Server() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true, configureBuckets: [{ name: 'hanlin-test', configs: [] }] });
  const { port } = await server.run();
  const options: S3StorageOptions = {
    bucket: 'hanlin-test',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, // s3rver's built-in account
    forcePathStyle: true,
  };
  return {
    options,
    async stop() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Opened = { storage: Storage; close(): Promise<void> };

const backends: { name: string; open(): Promise<Opened> }[] = [
  {
    name: 'local disk',
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-files-'));
      return { storage: createLocalStorage(dir), close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3',
    async open() {
      const s3 = await startS3Server();
      const storage = createS3Storage(s3.options);
      return {
        storage,
        async close() {
          storage.close?.();
          await s3.stop();
        },
      };
    },
  },
];

/** `total` random bytes as a stream of 64 KiB chunks, and their hash. */
function randomStream(total: number): { stream: Readable; sha256: string } {
  const data = crypto.randomBytes(total);
  const chunks = Array.from({ length: Math.ceil(total / 65536) }, (_, i) => data.subarray(i * 65536, (i + 1) * 65536));
  return { stream: Readable.from(chunks), sha256: sha256(data) };
}
const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

async function read(storage: Storage, key: string): Promise<Buffer | null> {
  const stream = await storage.get(key);
  return stream && streamToBuffer(stream);
}

describe.each(backends)('storage contract: $name', (backend) => {
  let storage: Storage;
  let opened: Opened | undefined;
  beforeAll(async () => {
    opened = await backend.open();
    storage = opened.storage;
  });
  afterAll(async () => {
    await opened?.close();
  });

  it('stores a Buffer and gives the same bytes back', async () => {
    const body = Buffer.from('第一行\nsecond line\n\u0000\u00ff');
    expect(await storage.put('files/2026/01/a.txt', body)).toEqual({ key: 'files/2026/01/a.txt', size: body.length });
    expect(await read(storage, 'files/2026/01/a.txt')).toEqual(body);
  });

  it('gives back a byte range of what it stores', async () => {
    const body = crypto.randomBytes(5000);
    await storage.put('files/range.bin', body);
    const part = await storage.get('files/range.bin', { start: 1000, end: 2999 });
    expect(await streamToBuffer(part!)).toEqual(body.subarray(1000, 3000));
  });

  it('stores a stream of unknown length (several MiB) and reports its size', async () => {
    const total = 6 * MiB + 12345; // more than one 5 MiB part on S3
    const { stream, sha256: expected } = randomStream(total);
    expect(await storage.put('big/blob.bin', stream)).toEqual({ key: 'big/blob.bin', size: total });
    const back = await read(storage, 'big/blob.bin');
    expect(back?.length).toBe(total);
    expect(sha256(back!)).toBe(expected);
  });

  it('stores a small stream and an empty one', async () => {
    expect(await storage.put('small.txt', Readable.from([Buffer.from('ab'), Buffer.from('cd')]))).toEqual({ key: 'small.txt', size: 4 });
    expect((await read(storage, 'small.txt'))?.toString()).toBe('abcd');
    expect(await storage.put('empty.txt', Readable.from([]))).toEqual({ key: 'empty.txt', size: 0 });
    expect(await read(storage, 'empty.txt')).toEqual(Buffer.alloc(0));
  });

  it('overwrites a key with shorter content', async () => {
    await storage.put('over.txt', Buffer.from('a longer first version'));
    await storage.put('over.txt', Readable.from([Buffer.from('short')]));
    expect((await read(storage, 'over.txt'))?.toString()).toBe('short');
  });

  it('gives null for a missing key', async () => {
    expect(await storage.get('never/stored.txt')).toBeNull();
  });

  it('removes a key, and removing a missing key is fine', async () => {
    await storage.put('gone.txt', Buffer.from('x'));
    await storage.remove('gone.txt');
    expect(await storage.get('gone.txt')).toBeNull();
    await expect(storage.remove('gone.txt')).resolves.toBeUndefined();
    await expect(storage.remove('never/stored.txt')).resolves.toBeUndefined();
  });

  it('rejects a failing stream and stores nothing under its key', async () => {
    async function* failing() {
      yield Buffer.alloc(1024, 1);
      throw new Error('client went away');
    }
    await expect(storage.put('broken.bin', Readable.from(failing()))).rejects.toThrow('client went away');
    expect(await storage.get('broken.bin')).toBeNull();
  });

  it.each(['../x', 'a/../../x', '', 'with space.txt', 'a\\b', 'x'.repeat(301)])('refuses the unsafe key %j', async (key) => {
    await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow('unsafe storage key');
    await expect(storage.get(key)).rejects.toThrow('unsafe storage key');
    await expect(storage.remove(key)).rejects.toThrow('unsafe storage key');
  });
});

describe('local disk storage', () => {
  it('leaves no partial file behind when the incoming stream fails', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hanlin-files-'));
    try {
      async function* failing() {
        yield Buffer.alloc(1024, 1);
        throw new Error('client went away');
      }
      await expect(createLocalStorage(dir).put('a/broken.bin', Readable.from(failing()))).rejects.toThrow('client went away');
      expect(fs.readdirSync(path.join(dir, 'a'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('S3 storage', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  const opened: Storage[] = [];
  const open = (o: Partial<S3StorageOptions>) => {
    const storage = createS3Storage({ ...s3.options, ...o });
    opened.push(storage);
    return storage;
  };
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    for (const s of opened) s.close?.();
    await s3?.stop();
  });

  it('keeps objects under the prefix', async () => {
    const tenant = open({ prefix: 'tenant/a' });
    const whole = open({});
    await tenant.put('files/x.txt', Buffer.from('inside'));
    expect((await read(whole, 'tenant/a/files/x.txt'))?.toString()).toBe('inside');
    expect(await whole.get('files/x.txt')).toBeNull();
    await tenant.remove('files/x.txt');
    expect(await whole.get('tenant/a/files/x.txt')).toBeNull();
  });

  it('reports a missing bucket as an error, not as a missing file', async () => {
    const wrong = open({ bucket: 'no-such-bucket' });
    await expect(wrong.get('a.txt')).rejects.toThrow(/bucket/i);
    await expect(wrong.put('a.txt', Buffer.from('x'))).rejects.toThrow(/bucket/i);
  });

  it('reports an unknown access key as an error', async () => {
    const wrong = open({ credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'S3RVER' } });
    await expect(wrong.get('a.txt')).rejects.toThrow(/access key/i);
  });
});

describe('HTTP Range', () => {
  it('reads one bytes range, a suffix or an open end, and refuses what lies beyond the body', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-200', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
    // Several ranges or another unit: the whole body is sent.
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('items=0-1', 100)).toBeNull();
  });
});
