import type { FastifyInstance } from 'fastify';
import { propOf } from '@hanlin/shared';
import { loadConfig, type Config } from './platform/config.js';
import { listeningPort } from './platform/content-origin.js';
import { startInfrastructure, type Infrastructure } from './platform/infrastructure.js';
import { isConnectionError, pgErrorOf } from './platform/db/pg-errors.js';
import { seed } from './bootstrap/seed.js';
import { buildApp } from './app.js';

const say = (m: string) => process.stdout.write(`${m}\n`);

let config: Config | undefined;
let infra: Infrastructure | undefined;
let app: FastifyInstance | undefined;
/** The setting naming the port a listen failure is about. */
let listening: 'PORT' | 'CONTENT_PORT' = 'PORT';
try {
  config = loadConfig();
  say(
    config.databaseUrl
      ? `Hanlin: database ${databaseAddress(config.databaseUrl)} (DATABASE_URL)`
      : `Hanlin: starting embedded PostgreSQL in ${config.dataDir}/pg (port ${config.embeddedPgPort})`,
  );
  infra = await startInfrastructure(config, say);
  const seeded = await seed(infra.database.db, config.adminPassword);
  if (seeded.password) {
    say('');
    say('  Administrator account created: admin');
    say(`  Password (shown once, change it at first login): ${seeded.password}`);
    say('');
  }
  app = await buildApp({ config, db: infra.database.db, plannedDb: infra.database.plannedDb, kv: infra.kv, storage: infra.storage });
  await app.listen({ port: config.port, host: config.host });
  listening = 'CONTENT_PORT';
  await app.contentApp.listen({ port: config.contentPort, host: config.host });
  say(
    `Hanlin listening on http://localhost:${config.port} (log level ${config.logLevel}${config.logLevel === 'debug' || config.logLevel === 'trace' ? ', one line per request' : ''})`,
  );
  const contentAt = config.contentUrl ?? `port ${listeningPort(app.contentApp.server)}`;
  say(`Uploaded content (SCORM) is served from ${contentAt}`);
  if (config.tls && !config.contentUrl)
    say('Warning: users reach Hanlin over HTTPS but CONTENT_URL is not set: SCORM packages will not play (set CONTENT_URL to an https origin proxied to CONTENT_PORT).');
} catch (e) {
  // One sentence a person can act on, whatever failed (never a bare "undefined").
  process.stderr.write(`Hanlin could not start: ${whyStartFailed(e, config)}\n`);
  await app?.close().catch(() => {});
  await infra?.close().catch(() => {});
  process.exit(1);
}

/** Where DATABASE_URL points, without its password: `PostgreSQL at host:port/db`. */
function databaseAddress(url: string): string {
  try {
    const u = new URL(url);
    return `PostgreSQL at ${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

function whyStartFailed(e: unknown, c: Config | undefined): string {
  const err = { syscall: propOf(e, 'syscall'), code: propOf(e, 'code'), message: propOf(e, 'message') };
  const port = listening === 'PORT' ? c?.port : c?.contentPort;
  if (err.syscall === 'listen' && err.code === 'EADDRINUSE') {
    return `port ${port} is already in use (another Hanlin or another program): stop it, or set ${listening} to a free port.`;
  }
  if (err.syscall === 'listen' && err.code === 'EACCES') return `not allowed to listen on port ${port}: choose a port above 1023 with ${listening}.`;
  if (c?.databaseUrl) {
    let where = 'DATABASE_URL';
    try {
      const u = new URL(c.databaseUrl);
      where = `DATABASE_URL (${u.hostname}:${u.port || 5432}${u.pathname})`;
    } catch {
      /* shown without the address */
    }
    if (isConnectionError(e)) return `cannot reach the database at ${where}: ${String(err.code ?? err.message)}. Check that PostgreSQL runs there and the address is right.`;
    const code = pgErrorOf(e).code;
    if (code === '28P01' || code === '28000' || code === '3D000')
      return `the database at ${where} refused the connection: ${String(err.message)}. Check the user, password and database name.`;
  }
  if (e instanceof Error && e.message) return e.message;
  const text = e === undefined ? '' : String(e);
  return text && text !== '[object Object]' ? text : 'an unexpected error without a description (please report it).';
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  say(`Hanlin: ${signal} received, finishing running requests`);
  const force = setTimeout(() => process.exit(1), 20000);
  try {
    await app?.close();
    await infra?.close();
  } finally {
    clearTimeout(force);
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
