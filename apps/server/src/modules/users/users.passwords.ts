import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { Credentials } from '../../platform/auth/credentials.js';

/**
 * Stored instead of a hash for users created in bulk (Excel import) until the background hasher
 * has written the real argon2id hash of "user name + 123". Until then the login accepts exactly
 * that initial password and hashes it on the spot (auth.service). A full-strength argon2id hash costs ~50 ms of CPU, so 10,000 of them
 * cannot fit in the import request; they are computed right after the commit instead.
 */
export { PENDING_PASSWORD_HASH } from '../../platform/auth/password.js';

const BATCH = 32;

declare module 'fastify' {
  interface FastifyInstance {
    /** The background hasher of initial passwords: tests and benchmarks await `idle()` instead of polling. */
    initialPasswords: Pick<InitialPasswordHasher, 'idle'>;
  }
}

export function createInitialPasswordHasher({ db, log, credentials }: { db: Db; log: FastifyBaseLogger; credentials: Pick<Credentials, 'hashPendingPasswords'> }) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function drain() {
    while (!stopped) {
      if (!(await credentials.hashPendingPasswords(db, BATCH, () => stopped))) return;
    }
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err) => {
        if (!stopped) log.error({ err }, 'initial password hashing failed');
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          kick();
        }
      });
  }

  return {
    /** Starts hashing pending users (no-op when already running). */
    kick,
    /** Resolves when nothing is pending any more (tests and benchmarks). */
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}
export type InitialPasswordHasher = ReturnType<typeof createInitialPasswordHasher>;
