import crypto from 'node:crypto';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ErrorName, LoginResult, UploadResult } from '@hanlin/shared';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../platform/config.js';
import { connectDatabase, type Database } from '../platform/db/client.js';
import { createMemoryKv, createRedisKv, type Kv } from '../platform/kv.js';
import { createLocalStorage } from '../platform/storage.js';
import { encryptWithPublicKey } from '../platform/auth/rsa.js';
import { TEST_ADMIN_PASSWORD } from './constants.js';
import { withDatabase } from './global-setup.js';
import { signHeaders } from './signing.js';
import { buildUser, type BuildUser } from './factories.js';

export { TEST_ADMIN_PASSWORD, signHeaders };

export interface TestApp {
  app: FastifyInstance;
  db: Database['db'];
  pool: Database['pool'];
  kv: Kv;
  config: Config;
  close(): Promise<void>;
}

/**
 * The app of one test file, created before its tests and closed after them:
 * `const t = useTestApp();` then `t.app`, `t.db`… inside hooks and tests.
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(env);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!current) throw new Error('useTestApp: the app exists from the beforeAll hooks on');
      return current[key as keyof TestApp];
    },
  });
}

/** A name for a new test database, unique to this run and file. */
export const newDatabaseName = () => `hanlin_t_${inject('dbTemplate').split('_').pop()}_${crypto.randomBytes(4).toString('hex')}`;

/** Runs one statement on the test database server outside any database of a test (create, drop). */
export async function onDatabaseServer(statement: string) {
  const admin = new pg.Client({ connectionString: inject('dbBaseUrl') });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A fresh database cloned from the migrated template, and the real app on top of it. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const baseUrl = inject('dbBaseUrl');
  const name = newDatabaseName();
  await onDatabaseServer(`create database ${name} template ${inject('dbTemplate')}`);
  const database = connectDatabase(withDatabase(baseUrl, name), 5);
  const config = loadConfig({
    ...process.env,
    DATA_DIR: path.join(os.tmpdir(), name),
    LOGIN_RATE_PER_MINUTE: '1000',
    ...env,
  } as NodeJS.ProcessEnv);
  const kv = config.redisUrl ? createRedisKv(config.redisUrl, `hanlin:${name}:`) : createMemoryKv();
  const storage = createLocalStorage(path.join(config.dataDir, 'files'));
  const app = await buildApp({ config, db: database.db, plannedDb: database.plannedDb, kv, storage, logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    pool: database.pool,
    kv,
    config,
    async close() {
      await app.close();
      await kv.close();
      await database.close();
      await onDatabaseServer(`drop database if exists ${name} with (force)`);
    },
  };
}

export interface Session extends LoginResult {
  headers(): Record<string, string>;
}

export async function publicKey(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/public-key' });
  return res.json().data.publicKey;
}

export async function encrypt(app: FastifyInstance, text: string) {
  return encryptWithPublicKey(await publicKey(app), text);
}

/** Posts a login as the web client does (password RSA-encrypted). */
export async function postLogin(app: FastifyInstance, username: string, password: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/oauth/token',
    payload: { username, password: await encrypt(app, password), grant_type: 'password', scope: 'server', ...extra },
    headers,
  });
}

export async function login(app: FastifyInstance, username = 'admin', password = TEST_ADMIN_PASSWORD): Promise<Session> {
  const res = await postLogin(app, username, password);
  if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.body}`);
  const data = res.json().data as LoginResult;
  return { ...data, headers: () => signHeaders(data.user.id, data.signNumber, data.access_token) };
}

/** A new user (as `buildUser` makes one) signed in: their session, with their id. */
export async function newUserSession(t: Pick<TestApp, 'app' | 'db'>, opts: BuildUser = {}): Promise<Session & { id: number }> {
  const u = await buildUser(t.db, opts);
  return { ...(await login(t.app, u.username, u.password)), id: u.id };
}

/** An authenticated POST with a JSON body. */
export function call(app: FastifyInstance, session: Session | null, url: string, payload: unknown = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: payload as object, headers: session ? session.headers() : {} });
}

/** The answer envelope of every /api route: `msg` names the error ('OK' on success), `field` the field at fault. */
interface Answer<T> {
  code: number;
  msg: ErrorName | 'OK';
  data: T;
  field?: string;
}

/** A refusal as the user meets it: the error's name, the field it names and its data (the rows it names…), when it has one. */
export interface Refusal {
  code: ErrorName;
  field?: string;
  data?: unknown;
}

/** The name of the error an answer carries ('OK' on success), whatever its status. */
export const codeOf = (res: LightMyRequestResponse) => (res.json() as Answer<unknown>).msg;

/** The `data` of an answer that must be a success (HTTP 200; the body is the failure message). */
export function dataOf<T = any>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Answer<T>).data;
}

/** The refusal an answer carries, which must be one (a 4xx: not a success, not a crash). */
export function refusalOf(res: LightMyRequestResponse): Refusal {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  const { msg, field, data } = res.json() as Answer<unknown>;
  return { code: msg as ErrorName, ...(field === undefined ? {} : { field }), ...(data == null ? {} : { data }) };
}

/** An authenticated POST that must succeed: its `data`. */
export async function ok<T = any>(app: FastifyInstance, session: Session | null, url: string, payload: unknown = {}): Promise<T> {
  return dataOf<T>(await call(app, session, url, payload));
}

/** An authenticated POST that must be refused (4xx): its refusal. */
export async function refusal(app: FastifyInstance, session: Session | null, url: string, payload: unknown = {}): Promise<Refusal> {
  return refusalOf(await call(app, session, url, payload));
}

/** An ordinary upload (`POST /api/upload/file`, one multipart file) as `session`; answers the raw response. */
export function postUpload(app: FastifyInstance, session: Session, file: { filename: string; data: Buffer; kind: string; purpose: string }): Promise<LightMyRequestResponse> {
  const boundary = `----hanlin${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/upload/file?kind=${file.kind}&purpose=${file.purpose}`,
    payload,
    headers: { ...session.headers(), 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** An ordinary upload that must succeed: the stored file (its public `id` and signed `url`). */
export async function uploaded(app: FastifyInstance, session: Session, file: { filename: string; data: Buffer; kind: string; purpose: string }): Promise<UploadResult> {
  return dataOf<UploadResult>(await postUpload(app, session, file));
}

/** The smallest PDF the upload checks accept (a document or courseware file). */
export const MINIMAL_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
