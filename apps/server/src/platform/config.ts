import path from 'node:path';
import { isOneOf } from '@hanlin/shared';
import type { S3StorageOptions } from './storage-s3.js';
import { checkStorageKey } from './storage.js';
import { loadSmsConfig, type SmsConfig } from './sms.js';
import { LOG_LEVELS, type LogFormat, type LogLevel } from './logging.js';

/** Everything the server reads from the environment, read once. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  embeddedPgPort: number;
  redisUrl?: string;
  /** Files go to this S3 bucket when set (S3_BUCKET), else to DATA_DIR/files. */
  s3?: S3StorageOptions;
  adminPassword?: string;
  corsOrigins: string[];
  /**
   * Uploaded web content (SCORM packages) is served by a second listener on this port (CONTENT_PORT,
   * default PORT+1), never on the app's origin; 0 picks a free port.
   */
  contentPort: number;
  /**
   * Origin users reach that listener at (CONTENT_URL, e.g. https://content.example.com behind a
   * proxy or CDN); without it, the host users reach the app at with CONTENT_PORT.
   */
  contentUrl?: string;
  /**
   * CONTENT_SANDBOX: `package` (default) lets the pages of one package script each other on the
   * content origin (framesets, Articulate Rise, ADL's Golf quiz calling `parent.RecordTest`);
   * `page` gives every page an opaque origin of its own (no storage or cookies at all), which
   * breaks such packages.
   */
  contentSandbox: 'package' | 'page';
  /** Address users reach the web app at (links in e-mails); defaults to http://localhost:PORT. */
  publicUrl?: string;
  /**
   * Users reach the server over HTTPS (TLS here or at a proxy): only then are HSTS and the CSP
   * `upgrade-insecure-requests` sent, since over plain HTTP they turn every asset into an
   * https URL that nothing answers. TLS=true|false, else true when PUBLIC_URL is https.
   */
  tls: boolean;
  webDist: string;
  /** LOG_LEVEL: fatal, error, warn, info (default: start-up, warnings, errors), debug (also one line per request), trace, silent. */
  logLevel: LogLevel;
  /** LOG_FORMAT: text (default, readable lines) or json (pino's JSON lines, for a log collector). */
  logFormat: LogFormat;
  trustProxy: boolean;
  /** Login and password calls allowed per IP and minute. */
  loginRatePerMinute: number;
  /** Verification texts: SMS_PROVIDER=log (default: the code goes to the server log and outbox) or aliyun. */
  sms: SmsConfig;
  /** Whom users without a reset channel contact (SUPPORT_CONTACT, e.g. "IT desk, ext. 1234"); shown on the forgot-password page. */
  supportContact?: string;
  /** The vendor's Ed25519 public key (PEM) licences verify against: LICENCE_PUBLIC_KEY, else the bundled one. */
  licencePublicKey?: string;
  /** TRANSCODE_TIME_LIMIT: seconds one video slicing may run (unset: 10 minutes plus four times the video's length). */
  transcodeTimeLimitSeconds?: number;
  /** Background jobs (platform/jobs.ts): JOBS_POLL_SECONDS idle look-up period (default 2), JOBS_RETENTION_DAYS pg-boss archive (default 7). */
  jobs: { pollMs?: number; retentionDays?: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
  const port = Number(env.PORT ?? 8080);
  const publicUrl = env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPgPort: Number(env.EMBEDDED_PG_PORT ?? 54329),
    redisUrl: env.REDIS_URL || undefined,
    s3: loadS3Config(env),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    publicUrl,
    contentPort: loadContentPort(env.CONTENT_PORT, port),
    contentUrl: loadContentUrl(env.CONTENT_URL, publicUrl),
    contentSandbox: loadContentSandbox(env.CONTENT_SANDBOX),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    tls: loadTls(env),
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    logFormat: oneOf(env, 'LOG_FORMAT', ['text', 'json'] as const, 'text'),
    trustProxy: env.TRUST_PROXY === '1',
    loginRatePerMinute: Number(env.LOGIN_RATE_PER_MINUTE ?? 20),
    sms: loadSmsConfig(env),
    supportContact: env.SUPPORT_CONTACT?.trim() || undefined,
    licencePublicKey: env.LICENCE_PUBLIC_KEY?.trim() ? env.LICENCE_PUBLIC_KEY.replace(/\\n/g, '\n') : undefined,
    transcodeTimeLimitSeconds: positiveSeconds(env, 'TRANSCODE_TIME_LIMIT'),
    jobs: { pollMs: secondsToMs(positiveSeconds(env, 'JOBS_POLL_SECONDS')), retentionDays: positiveSeconds(env, 'JOBS_RETENTION_DAYS', 'days') },
  };
}

function loadContentSandbox(given: string | undefined): 'package' | 'page' {
  const v = given?.trim().toLowerCase() || 'package';
  if (v !== 'package' && v !== 'page') throw new Error(`CONTENT_SANDBOX must be package or page, got ${given}`);
  return v;
}

function loadContentPort(given: string | undefined, port: number): number {
  if (!given?.trim()) return port === 0 ? 0 : port + 1;
  const p = Number(given);
  if (!Number.isInteger(p) || p < 0 || p > 65535) throw new Error(`CONTENT_PORT must be a port number, got ${given}`);
  if (p !== 0 && p === port) throw new Error('CONTENT_PORT must differ from PORT: uploaded content must not run on the app’s origin');
  return p;
}

/** CONTENT_URL as an origin; it must differ from the app's, which frames it (so PUBLIC_URL is needed). */
function loadContentUrl(given: string | undefined, publicUrl: string | undefined): string | undefined {
  if (!given?.trim()) return undefined;
  let url: URL;
  try {
    url = new URL(given.trim());
  } catch {
    throw new Error(`CONTENT_URL must be an http:// or https:// address, got ${given}`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new Error(`CONTENT_URL must be an http:// or https:// address, got ${given}`);
  if (!publicUrl) throw new Error('CONTENT_URL needs PUBLIC_URL: the content origin allows only the app’s origin to frame it');
  if (new URL(publicUrl).origin === url.origin)
    throw new Error('CONTENT_URL must be another origin than PUBLIC_URL (another host or port): uploaded content must not run beside the session');
  return url.origin;
}

function oneOf<const T extends string>(env: NodeJS.ProcessEnv, name: string, allowed: readonly T[], fallback: T): T {
  const given = env[name]?.trim().toLowerCase();
  if (!given) return fallback;
  if (!isOneOf(allowed, given)) throw new Error(`${name} must be one of ${allowed.join(', ')}, got ${env[name]}`);
  return given;
}

function positiveSeconds(env: NodeJS.ProcessEnv, name: string, unit = 'seconds'): number | undefined {
  const given = env[name]?.trim();
  if (!given) return undefined;
  const n = Number(given);
  if (!(n > 0)) throw new Error(`${name} must be a number of ${unit} above 0, got ${given}`);
  return n;
}

const secondsToMs = (s: number | undefined) => (s === undefined ? undefined : Math.round(s * 1000));

function loadTls(env: NodeJS.ProcessEnv): boolean {
  const given = env.TLS?.trim().toLowerCase();
  if (!given) return /^https:\/\//i.test(env.PUBLIC_URL ?? '');
  if (['1', 'true'].includes(given)) return true;
  if (['0', 'false'].includes(given)) return false;
  throw new Error(`TLS must be true or false, got ${env.TLS}`);
}

/** The S3_* settings, or undefined without S3_BUCKET; a combination that cannot work stops the start. */
function loadS3Config(env: NodeJS.ProcessEnv): S3StorageOptions | undefined {
  const fail = (why: string): never => {
    throw new Error(`S3 storage settings: ${why}`);
  };
  const bucket = env.S3_BUCKET?.trim() || undefined;
  const set = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'].filter((k) => env[k]);
  if (!bucket) return set.length ? fail(`${set.join(', ')} set but S3_BUCKET is not`) : undefined;

  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/\s]+/.test(endpoint)) fail(`S3_ENDPOINT must be an http:// or https:// address, got ${endpoint}`);
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!!accessKeyId !== !!secretAccessKey) fail('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  // Without an endpoint the AWS SDK may find credentials itself (AWS_* variables, instance role).
  if (endpoint && !accessKeyId) fail('S3_ENDPOINT needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');

  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase() || undefined;
  if (pathStyle && !['1', 'true', '0', 'false'].includes(pathStyle)) fail(`S3_FORCE_PATH_STYLE must be true or false, got ${pathStyle}`);
  const prefix = env.S3_PREFIX?.replace(/^\/+|\/+$/g, '') || undefined;
  if (prefix) {
    try {
      checkStorageKey(prefix);
    } catch {
      fail(`S3_PREFIX may hold only letters, digits and / _ . - (no ..), got ${env.S3_PREFIX}`);
    }
  }
  return {
    bucket,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: pathStyle ? pathStyle === '1' || pathStyle === 'true' : !!endpoint,
    prefix,
  };
}
