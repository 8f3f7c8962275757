import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Kv } from './kv.js';
import type { Storage } from './storage.js';
import type { PrincipalLoader } from './auth/principal.js';
import type { AuthSettings } from './auth/login-settings.js';
import type { RsaKeys } from './auth/rsa.js';
import type { ListRuntime } from './list.js';

/** What modules receive when they register: the shared infrastructure, nothing domain-specific. */
export interface AppContext {
  config: Config;
  db: Db;
  /** See `Database.plannedDb`: for named statements whose generic plan is as good as a custom one. */
  plannedDb: Db;
  kv: Kv;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Session cache (call `forgetUsers` after freezing users or changing their roles or scope). */
  principals: PrincipalLoader;
  authSettings: AuthSettings;
  rsa: RsaKeys;
  /** Runs `defineList` lists: connections, kv and this app's statements and remembered totals (platform/list.ts). */
  lists: ListRuntime;
}

/** A domain module: `modules/<domain>/<domain>.module.ts` default-exports one; app.ts finds them all. */
export interface HanlinModule {
  name: string;
  register(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
}

export function defineModule(m: HanlinModule): HanlinModule {
  return m;
}
