import { loadConfig } from './platform/config.js';
import { startInfrastructure } from './platform/infrastructure.js';
import { seed } from './platform/seed.js';
import { buildApp } from './app.js';

const config = loadConfig();
const say = (m: string) => process.stdout.write(`${m}\n`);

say(config.databaseUrl ? 'Hanlin: using DATABASE_URL' : `Hanlin: starting embedded PostgreSQL in ${config.dataDir}/pg (port ${config.embeddedPgPort})`);
const infra = await startInfrastructure(config, say);
const seeded = await seed(infra.database.db, config.adminPassword);
if (seeded.password) {
  say('');
  say('  Administrator account created: admin');
  say(`  Password (shown once, change it at first login): ${seeded.password}`);
  say('');
}
const app = await buildApp({ config, db: infra.database.db, plannedDb: infra.database.plannedDb, kv: infra.kv, storage: infra.storage });
await app.listen({ port: config.port, host: config.host });
say(`Hanlin is running on http://localhost:${config.port}`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  say(`Hanlin: ${signal} received, finishing running requests`);
  const force = setTimeout(() => process.exit(1), 20000);
  try {
    await app.close();
    await infra.close();
  } finally {
    clearTimeout(force);
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
