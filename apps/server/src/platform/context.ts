import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Kv } from './kv.js';
import type { Storage } from './storage.js';

/** What modules receive when they register: the shared infrastructure, nothing domain-specific. */
export interface AppContext {
  config: Config;
  db: Db;
  kv: Kv;
  storage: Storage;
  log: FastifyBaseLogger;
}
