import { defineConfig } from 'vitest/config';
import { errorTextsByLanguage } from './apps/web/build/error-texts.ts';

export default defineConfig({
  plugins: [errorTextsByLanguage({ strip: false })],
  test: {
    include: ['packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx', 'apps/web/build/**/*.test.ts'],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    // Component tests (*.test.tsx) choose happy-dom in their first line (`@vitest-environment happy-dom`).
    environment: 'node',
    testTimeout: 60000, // behaviour, not speed: a loaded CI machine must not turn a slow pass into a failure
    hookTimeout: 120000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
