import { defineConfig } from 'vitest/config';

const ALL_INTEGRATION = ['apps/server/**/*.int.test.ts'];
/**
 * With a PostgreSQL server to test on, every integration file runs there, and PGlite (the embedded
 * default) runs the platform's: the database client, transactions, outbox, idempotency, realtime,
 * HTTP and file plumbing, where the two engines can differ (one connection against a pool, locks,
 * listen/notify), and the route fuzzer's full run. The modules' queries are the same SQL on both
 * engines, and the end-to-end run drives the whole product on PGlite. Without a server, PGlite
 * runs them all.
 */
const PGLITE_WITH_SERVER = ['apps/server/src/platform/**/*.int.test.ts', 'apps/server/test/**/*.int.test.ts'];

const integration = (name: string, include: string[], env: Record<string, string>) => ({
  test: {
    name,
    include,
    // Files share their worker's loaded modules (see the unit project): the server's modules are
    // imported once per worker, not once per file.
    isolate: false,
    environment: 'node',
    globalSetup: ['apps/server/test/global-setup.ts'],
    env,
    // Most take well under a second; the room is for a busy two-core machine, where these passes
    // run at a lower priority than the end-to-end run beside them (scripts/test.mjs).
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

/**
 * Unit tests sit beside the code (*.test.ts); integration tests (*.int.test.ts) run on a fresh
 * PGlite database per file, and also on a PostgreSQL server when TEST_DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    // A stray .only would quietly skip the rest of the suite: CI refuses it (eslint does everywhere).
    allowOnly: !process.env.CI,
    // Failed tests are listed by file and line at the end of scripts/test.mjs.
    includeTaskLocation: true,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/**/src/**/*.test.{ts,tsx}', 'apps/*/build/**/*.test.ts', 'packages/**/src/**/*.test.{ts,tsx}'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // One worker runs file after file with the modules it has loaded (domain, Mantine, React,
          // jsdom): each file used to load them anew, which was three quarters of the pass's time
          // (2096 tests: 8 minutes on a busy machine, 2 without). So a file restores what it
          // changes of shared state (timers, globals, environment) before it ends.
          isolate: false,
          pool: 'threads',
          setupFiles: ['vitest.unit-setup.ts'],
          // A component test renders in well under a second; on two cores shared with the other
          // CI streams, starting jsdom and Mantine can take several: room so starvation is not a failure.
          testTimeout: 20_000,
        },
      },
      integration('int-pglite', process.env.TEST_DATABASE_URL ? PGLITE_WITH_SERVER : ALL_INTEGRATION, {
        TEST_DB: 'pglite',
      }),
      ...(process.env.TEST_DATABASE_URL ? [integration('int-postgres', ALL_INTEGRATION, { TEST_DB: 'postgres' })] : []),
    ],
  },
});
