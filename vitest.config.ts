import { defineConfig } from 'vitest/config';
import { errorTextsByLanguage } from './apps/web/build/error-texts.ts';

export default defineConfig({
  plugins: [errorTextsByLanguage({ strip: false })],
  test: {
    testTimeout: 60000, // behaviour, not speed: a loaded CI machine must not turn a slow pass into a failure
    hookTimeout: 120000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Two statements at once on one connection (a transaction) throw in every server test.
          setupFiles: ['apps/server/src/test/one-statement-per-connection.ts'],
          environment: 'node',
          // The server's files share one module graph per worker: each file builds its own app on its own
          // database (nothing of an app lives in a module's top level), and importing the app once per worker
          // instead of once per file took the server's suite from 630 s to 220 s here.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx', 'apps/web/build/**/*.test.ts'],
          // Component tests (*.test.tsx) choose happy-dom in their first line (`@vitest-environment happy-dom`);
          // each file keeps its own modules (the session store, the query cache and antd's globals are per page).
          environment: 'node',
        },
      },
    ],
  },
});
