// Lint gate run by CI (`npm run lint`): TypeScript rules, React hooks rules, and the module
// boundaries of docs/architecture.md (platform never imports a module; a module imports another
// module only through its public index.ts).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**', 'apps/server/src/db/migrations/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // The codebase uses `any` deliberately in a few generic kernels; keep them visible, not fatal.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Messages and dialogs load on first use (platform/feedback.ts); antd's App is not rendered.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'antd', importNames: ['App', 'message', 'notification'], message: 'Use useFeedback() / feedback from platform/feedback.ts.' }] },
      ],
    },
  },
  {
    files: ['apps/web/src/platform/components/FeedbackHost.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'apps/server/tsconfig.json' } },
      'boundaries/include': ['apps/server/src/**/*'],
      'boundaries/elements': [
        { type: 'platform', pattern: 'apps/server/src/platform' },
        { type: 'module', pattern: 'apps/server/src/modules/*', capture: ['name'] },
        { type: 'test-support', pattern: 'apps/server/src/test' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'platform' } },
              disallow: [{ to: { element: { type: 'module' } } }],
              message: 'platform/ must not import a module (docs/architecture.md)',
            },
            {
              from: { element: { type: 'module' } },
              disallow: [{ to: { element: { type: 'module', captured: { name: '!{{ from.element.captured.name }}' }, fileInternalPath: '!index.ts' } } }],
              message: 'import another module only through its index.ts (docs/architecture.md)',
            },
          ],
        },
      ],
    },
  },
);
