import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkStorageKey, type Storage } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  /** Address of an S3-compatible server (MinIO, ...); AWS itself when absent. */
  endpoint?: string;
  region: string;
  /** Without them the SDK's default chain is used (AWS_* variables, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** Folder inside the bucket, without slashes at its ends, e.g. `hanlin/prod`. */
  prefix?: string;
}

/** Objects in an S3 bucket (or an S3-compatible server), keyed as on the local disk. */
export function createS3Storage(options: S3StorageOptions): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Many S3-compatible servers do not understand the checksum trailers the SDK sends by default.
    ...(options.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
  });
  const Bucket = options.bucket;
  const objectKey = (key: string) => (options.prefix ? `${options.prefix}/${checkStorageKey(key)}` : checkStorageKey(key));

  return {
    async put(key, body) {
      const Key = objectKey(key);
      let size = 0;
      async function* counted(source: Readable) {
        for await (const chunk of source) {
          size += chunk.length;
          yield chunk;
        }
      }
      // Upload sends one PUT for small bodies and a multipart upload (aborted on failure) for large ones.
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: Buffer.isBuffer(body) ? body : Readable.from(counted(body), { objectMode: false }) },
      });
      await upload.done();
      return { key, size: Buffer.isBuffer(body) ? body.length : size };
    },
    async get(key, range) {
      try {
        const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), Range }));
        if (!(Body instanceof Readable)) throw new Error(`unexpected S3 body for ${key}`);
        return Body;
      } catch (e) {
        if (isMissingObject(e)) return null;
        throw e;
      }
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (e) {
        // S3 answers 204 for a missing key; some compatible servers answer 404.
        if (!isMissingObject(e)) throw e;
      }
    },
    close() {
      client.destroy();
    },
  };
}

/** A missing object, but not a missing bucket (a configuration error that must surface). */
function isMissingObject(e: unknown): boolean {
  return e instanceof S3ServiceException && (e.name === 'NoSuchKey' || (e.$metadata.httpStatusCode === 404 && e.name !== 'NoSuchBucket'));
}
