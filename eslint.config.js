import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**', 'apps/server/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/staff/**/*.{ts,tsx}', 'apps/portal/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}', 'packages/web-core/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The shared packages must not reach into the apps or the server (house style: outline's shared/).
    files: ['packages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/**', '@servicebay/server', '@servicebay/staff', '@servicebay/portal'], message: 'packages/ may not import from apps/' }] },
      ],
    },
  },
  {
    // A stray .only runs one test and quietly skips the rest of its file or suite.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression > MemberExpression.callee[property.name='only']",
          message: 'No .only in tests: it skips the rest of the suite (remove it before committing)',
        },
      ],
    },
  },
  {
    // SQL lives in repositories, the database platform and the table declarations (*.schema.ts) only.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/**/*.schema.ts', 'apps/server/src/platform/db/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'drizzle-orm', message: 'SQL belongs in a *.repository.ts file' }] },
      ],
    },
  },
);
