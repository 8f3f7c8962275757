import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const minio = { S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

describe('S3 settings', () => {
  it('keep files on the local disk without S3_BUCKET', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('read an S3-compatible server with path-style addresses by default', () => {
    expect(loadConfig({ ...minio, S3_PREFIX: '/hanlin/prod/' }).s3).toEqual({
      bucket: 'files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      prefix: 'hanlin/prod',
    });
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
  });

  it('leave credentials to the AWS SDK on AWS itself', () => {
    expect(loadConfig({ S3_BUCKET: 'files', S3_REGION: 'eu-west-1' }).s3).toEqual({
      bucket: 'files',
      endpoint: undefined,
      region: 'eu-west-1',
      credentials: undefined,
      forcePathStyle: false,
      prefix: undefined,
    });
  });

  it.each([
    [{ ...minio, S3_BUCKET: '' }, /S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY set but S3_BUCKET is not/],
    [{ S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
    [{ ...minio, S3_SECRET_ACCESS_KEY: '' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
    [{ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' }, /go together/],
    [{ ...minio, S3_ENDPOINT: '127.0.0.1:9000' }, /S3_ENDPOINT must be an http/],
    [{ ...minio, S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be true or false/],
    [{ ...minio, S3_PREFIX: '../other' }, /S3_PREFIX may hold only/],
  ])('refuse to start with %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('content origin settings', () => {
  it('serve uploaded content on the next port by default, or where CONTENT_URL says', () => {
    expect(loadConfig({ PORT: '8080' })).toMatchObject({ contentPort: 8081, contentUrl: undefined, contentSandbox: 'package' });
    expect(loadConfig({ CONTENT_SANDBOX: 'page' }).contentSandbox).toBe('page');
    expect(loadConfig({ PORT: '8080', CONTENT_PORT: '9000', PUBLIC_URL: 'https://learn.example.com', CONTENT_URL: 'https://content.example.com/' })).toMatchObject({
      contentPort: 9000,
      contentUrl: 'https://content.example.com',
    });
  });

  it.each([
    [{ PORT: '8080', CONTENT_PORT: '8080' }, /CONTENT_PORT must differ from PORT/],
    [{ CONTENT_PORT: 'x' }, /CONTENT_PORT must be a port number/],
    [{ CONTENT_SANDBOX: 'none' }, /CONTENT_SANDBOX must be package or page/],
    [{ CONTENT_URL: 'https://content.example.com' }, /CONTENT_URL needs PUBLIC_URL/],
    [{ CONTENT_URL: 'https://learn.example.com/content', PUBLIC_URL: 'https://learn.example.com' }, /CONTENT_URL must be another origin/],
    [{ CONTENT_URL: 'ftp://content.example.com', PUBLIC_URL: 'https://learn.example.com' }, /CONTENT_URL must be an http/],
  ])('refuse to start with %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('background job settings', () => {
  it('leave the defaults of platform/jobs.ts unset, or read the poll period and the archive days', () => {
    expect(loadConfig({}).jobs).toEqual({ pollMs: undefined, retentionDays: undefined });
    expect(loadConfig({ JOBS_POLL_SECONDS: '0.5', JOBS_RETENTION_DAYS: '30' }).jobs).toEqual({ pollMs: 500, retentionDays: 30 });
    expect(() => loadConfig({ JOBS_RETENTION_DAYS: '0' })).toThrow(/JOBS_RETENTION_DAYS must be a number of days above 0/);
  });
});
