import { createDashboardRegistry } from './platform/dashboard.js';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { CONSTANTS } from '@hanlin/shared';
import type { AppContext } from './platform/context.js';
import type { Db } from './platform/db/client.js';
import { installErrorHandling, ok, sendError } from './platform/http.js';
import { installGuard } from './platform/auth/guard.js';
import { createPrincipalLoader } from './platform/auth/principal.js';
import { createSessions } from './platform/auth/sessions.js';
import { createCredentials } from './platform/auth/credentials.js';
import { createAuthSettings } from './platform/auth/login-settings.js';
import { createRsaKeys } from './platform/auth/rsa.js';
import { installOpenApi } from './platform/openapi.js';
import { installOperationLog } from './modules/audit/audit.hooks.js';
import { registerModules } from './platform/modules.js';
import { createJobQueue } from './platform/jobs.js';
import { loadConstraintRegistry } from './platform/db/constraints.js';
import { createListRuntime } from './platform/list.js';
import { createContentOrigin } from './platform/content-origin.js';
import { installRequestLog, loggingOptions } from './platform/logging.js';

export interface BuildOptions extends Pick<AppContext, 'config' | 'db' | 'kv' | 'storage'> {
  /** Defaults to `db` (statements are then planned per run, which is only slower). */
  plannedDb?: Db;
  logger?: boolean | object;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Builds the whole HTTP application on top of ready infrastructure (database migrated, kv, storage). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, db, kv, storage } = opts;
  const app = Fastify({
    ...loggingOptions(config),
    ...(opts.logger !== undefined ? { logger: opts.logger } : {}),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: CONSTANTS.JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    ajv: undefined,
  });
  installRequestLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply, payload) => {
    reply.header('x-request-id', req.id);
    // The server's clock in ms (the Date header has seconds): clients sign and count down on it, not on their own clock.
    if (req.url.startsWith('/api/')) reply.header('x-server-time', String(Date.now()));
    return payload;
  });
  const indexFile = path.join(config.webDist, 'index.html');
  const spaIndex = fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : undefined;
  installErrorHandling(app, { spaIndex, constraints: await loadConstraintRegistry() });

  const principals = createPrincipalLoader(db, kv);
  const authSettings = createAuthSettings(db, kv, config.licencePublicKey);
  const sessions = createSessions(principals);
  const credentials = createCredentials(sessions);
  const jobs = createJobQueue({ db, log: app.log, ...config.jobs });
  const content = createContentOrigin(config);
  const ctx: AppContext = {
    config,
    db,
    plannedDb: opts.plannedDb ?? db,
    kv,
    storage,
    log: app.log,
    principals,
    sessions,
    credentials,
    authSettings,
    rsa: createRsaKeys(db),
    jobs,
    lists: createListRuntime({ db, plannedDb: opts.plannedDb, kv }),
    dashboard: createDashboardRegistry(),
    content,
  };
  installGuard(app, { db, principals, sessions, settings: authSettings });
  installOperationLog(app, db);

  // Security headers: helmet's middleware built once (the Fastify plugin rebuilds it per request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // WebAssembly (the SHA-256 of chunked uploads) without allowing eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // hls.js plays through Media Source Extensions: the <video> source is a blob: URL.
        mediaSrc: ["'self'", 'blob:'],
        // The content origin: packages play in a frame there, never on this origin.
        frameSrc: ["'self'", 'blob:', (req) => content.originFor(req)],
        objectSrc: ["'self'", 'blob:'],
        // Over plain HTTP this would turn every asset URL into an https one nothing answers.
        upgradeInsecureRequests: config.tls ? [] : null,
      },
    },
    // HSTS over plain HTTP pins the host to https in the browser, the app then stays blank.
    strictTransportSecurity: config.tls,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined)));
  // API answers above 1 KB, compressed per response (the web app's files are compressed at build).
  // Only text types: files sent as octet-stream, images or Excel stay as they are.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: /^text\/(?!event-stream)|[/+]json(?:;|$)|^application\/(?:javascript|xml)|^image\/svg\+xml/,
    globalDecompression: false,
  });
  await app.register(cors, { origin: config.corsOrigins.length ? config.corsOrigins : false, credentials: true, exposedHeaders: ['x-server-time', 'x-request-id'] });
  await app.register(rateLimit, {
    global: false,
    ...(kv.redis ? { redis: kv.redis, nameSpace: 'rl:' } : {}),
    errorResponseBuilder: (_req, ctx) => Object.assign(new Error('rate limited'), { statusCode: ctx.statusCode }),
  });
  await installOpenApi(app);

  app.get('/api/health', { config: { permission: 'public' }, schema: { hide: true } }, async (_req, reply) => {
    try {
      await db.execute(sql`select 1`);
      return ok({ database: 'up' });
    } catch {
      return sendError(reply, 'NETWORK_DELAY');
    }
  });

  await registerModules(app, ctx);
  // Handlers are registered by now; running jobs get a grace period at shutdown, then go back to the queue.
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  // The content listener lives and dies with the app (server.ts makes it listen).
  app.decorate('contentApp', content.app);
  app.addHook('onReady', async () => {
    await content.app.ready();
  });
  app.addHook('onClose', async () => {
    await content.app.close();
  });

  if (spaIndex) {
    // `npm run build` writes .br and .gz beside each file; file names under /assets carry their
    // content hash, so they never change and are cached for a year. The page is revalidated.
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, file) => reply.header('cache-control', path.relative(config.webDist, file).split(path.sep)[0] === 'assets' ? IMMUTABLE : 'no-cache'),
    });
    app.get('/', { schema: { hide: true } }, (_req, reply) => reply.type('text/html').header('cache-control', 'no-cache').send(spaIndex));
  }
  return app;
}
