import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Kv } from './kv.js';
import type { Storage } from './storage.js';
import type { PrincipalLoader } from './auth/principal.js';
import type { AuthSettings } from './auth/login-settings.js';
import type { RsaKeys } from './auth/rsa.js';
import type { Sessions } from './auth/sessions.js';
import type { Credentials } from './auth/credentials.js';
import type { JobQueue } from './jobs.js';
import type { ListRuntime } from './list.js';
import type { DashboardRegistry } from './dashboard.js';
import type { ContentOrigin } from './content-origin.js';

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
  /** Ends sessions (and clears them from the cache in the same call); see `platform/auth/sessions.ts`. */
  sessions: Sessions;
  /** The one writer of passwords; see `platform/auth/credentials.ts`. */
  credentials: Credentials;
  authSettings: AuthSettings;
  rsa: RsaKeys;
  /** Background jobs: modules register handlers (`jobs.handle`) and enqueue; started when the app is ready. */
  jobs: JobQueue;
  /** Runs `defineList` lists: connections, kv and this app's statements and remembered totals (platform/list.ts). */
  lists: ListRuntime;
  /** The management home's cards: a module adds the ones its data answers (`platform/dashboard.ts`). */
  dashboard: DashboardRegistry;
  /** The content listener: user content (SCORM packages) is served there, never on the app's origin. */
  content: ContentOrigin;
}

/** A domain module: `modules/<domain>/<domain>.module.ts` default-exports one; app.ts finds them all. */
export interface HanlinModule {
  name: string;
  register(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
}

export function defineModule(m: HanlinModule): HanlinModule {
  return m;
}
