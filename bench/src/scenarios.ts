import { defineScenario, type Scenario } from './scenario.js';
import { accessFixture } from './targets/access-fixture.js';
import { bareFastifyPg, bareFastifyPglite } from './targets/bare.js';
import { loginTarget } from './targets/login.js';
import { startServiceBay } from './targets/servicebay.js';
import { storeScopedFixture } from './targets/store-fixture.js';

/**
 * Every scenario `npm run bench` measures, in the order it runs them. A feature that wants its
 * route measured adds one entry here (see docs/benchmarks.md, "Adding a scenario").
 */
export const scenarios: readonly Scenario[] = [
  defineScenario({
    id: 'baseline-pg',
    title: 'bare Fastify + pg, SELECT 1',
    engine: 'postgres',
    start: (env) => bareFastifyPg(env.databaseUrl),
  }),
  defineScenario({
    id: 'health-pg',
    title: 'GET /health on PostgreSQL',
    engine: 'postgres',
    baseline: 'baseline-pg',
    async start(env) {
      const sb = await startServiceBay(env, 'postgres');
      return { app: sb.app, request: { path: '/health' }, close: sb.close };
    },
  }),
  defineScenario({
    id: 'store-route-pg',
    title: 'authenticated store-scoped GET on PostgreSQL',
    engine: 'postgres',
    baseline: 'baseline-pg',
    start: (env) => storeScopedFixture(env, 'postgres'),
  }),
  defineScenario({
    id: 'public-route-pg',
    title: 'trivial public GET on PostgreSQL, no token',
    engine: 'postgres',
    baseline: 'baseline-pg',
    start: (env) => accessFixture(env, 'postgres', 'public'),
  }),
  defineScenario({
    id: 'signed-in-route-pg',
    title: 'the same GET for a signed-in caller (JWT)',
    engine: 'postgres',
    // The same route without a token: the ratio is what verifying it and the role check cost.
    baseline: 'public-route-pg',
    start: (env) => accessFixture(env, 'postgres', 'signedIn'),
  }),
  defineScenario({
    id: 'login-pg',
    title: 'POST /v2/api/user/login, right password',
    engine: 'postgres',
    baseline: 'baseline-pg',
    // argon2 keeps a core busy per login; more connections than the thread pool's 4 only queue.
    connections: 4,
    start: (env) => loginTarget(env, 'postgres'),
  }),
  defineScenario({
    id: 'baseline-pglite',
    title: 'bare Fastify + PGlite, SELECT 1',
    engine: 'pglite',
    start: (env) => bareFastifyPglite(env.workDir),
  }),
  defineScenario({
    id: 'health-pglite',
    title: 'GET /health on PGlite',
    engine: 'pglite',
    baseline: 'baseline-pglite',
    async start(env) {
      const sb = await startServiceBay(env, 'pglite');
      return { app: sb.app, request: { path: '/health' }, close: sb.close };
    },
  }),
  defineScenario({
    id: 'store-route-pglite',
    title: 'authenticated store-scoped GET on PGlite',
    engine: 'pglite',
    baseline: 'baseline-pglite',
    start: (env) => storeScopedFixture(env, 'pglite'),
  }),
];
