// Lint gate run by CI (`npm run lint`): TypeScript rules, React hooks rules, and the module
// boundaries of docs/architecture.md (platform never imports a module; a module imports another
// module only through its public index.ts).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/** Selectors of a `.status` / `.state` (optional chain too) compared with a string literal, in a switch or an array's includes. */
function webStatusLiteralRules() {
  // Also myStatus, attemptStatus…; the DOM's own visibilityState and readyState are not a row's state.
  const named = '/^(status|state)$|^(?!visibility|ready)[a-z]+(Status|State)$/';
  const member = (side) => [
    `[${side}.type='MemberExpression'][${side}.property.name=${named}]`,
    `[${side}.type='ChainExpression'][${side}.expression.property.name=${named}]`,
  ];
  // A string: a quoted literal, or a template without expressions.
  const strings = (side) => [`[${side}.type='Literal'][${side}.raw=/^['"]/]`, `[${side}.type='TemplateLiteral'][${side}.expressions.length=0]`];
  const other = (side) => (side === 'left' ? 'right' : 'left');
  const comparisons = ['left', 'right'].flatMap((side) => member(side).flatMap((m) => strings(other(side)).map((str) => `${m}${str}`)));
  const message =
    "Do not compare .status/.state with a string in a web page: obey the row's `abilities`, or use a helper or constant of the shared lifecycle (packages/shared).";
  return [
    { selector: `BinaryExpression[operator=/^[!=]==?$/]:matches(${comparisons.join(', ')})`, message },
    { selector: `SwitchStatement:matches([discriminant.property.name=${named}], [discriminant.expression.property.name=${named}]) > SwitchCase[test.raw=/^['"]/]`, message },
    {
      selector: `CallExpression[callee.property.name='includes'][callee.object.type='ArrayExpression']:matches([arguments.0.property.name=${named}], [arguments.0.expression.property.name=${named}])`,
      message,
    },
  ];
}

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
  // One rule, one place: a web page obeys the `abilities` and `state` the server sends and reads display
  // choices through the shared lifecycle helpers (`attemptSubmitted(r)`, `isFrozen(r)`, `LifecycleTag`),
  // never by comparing `.status` / `.state` with a string (docs/architecture.md, "Lifecycles and abilities").
  {
    files: ['apps/web/src/modules/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'no-restricted-syntax': ['error', ...webStatusLiteralRules()],
    },
  },
  {
    // Same boundaries on the web side; app/ (router, layouts) may import any module's pages.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'apps/web/tsconfig.json' } },
      'boundaries/include': ['apps/web/src/**/*'],
      'boundaries/elements': [
        { type: 'platform', pattern: 'apps/web/src/platform' },
        { type: 'module', pattern: 'apps/web/src/modules/*', capture: ['name'] },
        { type: 'app', pattern: 'apps/web/src/app' },
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
