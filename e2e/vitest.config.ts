import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The browser tier: one real server (embedded PostgreSQL, built web app) for the whole run,
 * Debian Chromium driven by playwright-core, one file at a time and no retries, so a flaky
 * flow fails loudly instead of hiding behind a second attempt.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    retry: 0,
    testTimeout: 90_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
  },
});
