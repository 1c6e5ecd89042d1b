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
  ...serverImportRules(),
  {
    // A function does one thing: none over 150 lines. React components (.tsx) and tests are left
    // out; data tables (inspection templates, seed data) are objects, not functions.
    files: ['apps/*/src/**/*.ts', 'packages/*/src/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'bench/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
);

/**
 * The server's walls, as `no-restricted-imports` blocks. Flat config lets the last block that sets
 * a rule for a file win, so every block below carries all the restrictions its files are under:
 * - SQL lives in repositories and the database platform only (no drizzle-orm elsewhere; tests
 *   are free);
 * - a module imports another module only through its front door, `modules/<name>/index.js` (a
 *   table's `*.schema.js` file may be imported directly); the demo seed (`modules/demo/**`) and
 *   the tests (every `.test.ts` file; apps/server/test lies outside modules/) are the only exceptions;
 * - `platform/` imports no module.
 * Relative paths are matched by regular expressions, one block per folder depth, so `../x/` means
 * "another module" only where it does. test/architecture.test.ts checks the same walls.
 */
function serverImportRules() {
  const server = 'apps/server/src';
  const tests = ['**/*.test.ts'];
  const sqlAllowed = [`${server}/**/*.repository.ts`, `${server}/**/*.schema.ts`, `${server}/platform/db/**`];
  const noSql = [{ name: 'drizzle-orm', message: 'SQL belongs in a *.repository.ts file' }];
  const notTheDoor = '(?!index\\.js$)(?![^]*\\.schema\\.js$)[^]+$';
  const doorsOnly = (up) => ({
    regex: `^${up}(?!\\.)[^/]+/${notTheDoor}`,
    message: "Import another module through its front door (modules/<name>/index.js); only its *.schema.js files may be imported directly",
  });
  const noModules = { regex: '^(\\.\\./)+modules(/|$)', message: 'platform/ may not import from modules/' };
  /** Two blocks per set of files: with the SQL rule where SQL is not allowed, without it where it is. */
  const restrict = (files, ignores, patterns) => [
    { files, ignores: [...ignores, ...sqlAllowed], rules: { 'no-restricted-imports': ['error', { paths: noSql, patterns }] } },
    { files: files.map((f) => f.replace(/\*\.ts$/, '*.repository.ts')), ignores, rules: { 'no-restricted-imports': ['error', { patterns }] } },
  ];
  const blocks = [
    // Everything in the server first; the blocks after it add the walls of modules/ and platform/.
    { files: [`${server}/**/*.ts`], ignores: [...sqlAllowed, ...tests], rules: { 'no-restricted-imports': ['error', { paths: noSql }] } },
    // The composition root (modules/index.ts) uses the doors too.
    ...restrict([`${server}/modules/*.ts`], tests, [doorsOnly('\\./')]),
  ];
  for (let depth = 0; depth < 4; depth++) {
    const files = [`${server}/modules/*/${'*/'.repeat(depth)}*.ts`];
    blocks.push(...restrict(files, [...tests, `${server}/modules/demo/**`], [doorsOnly(`(\\.\\./){${depth + 1}}`)]));
  }
  blocks.push(
    { files: [`${server}/platform/**/*.ts`], ignores: [...sqlAllowed, ...tests], rules: { 'no-restricted-imports': ['error', { paths: noSql, patterns: [noModules] }] } },
    { files: [...sqlAllowed.filter((f) => f.includes('/platform/')), `${server}/platform/**/*.repository.ts`], ignores: tests, rules: { 'no-restricted-imports': ['error', { patterns: [noModules] }] } },
  );
  return blocks;
}
