import { defineScenario, type Scenario } from './scenario.js';
import { bareFastifyPg, bareFastifyPglite } from './targets/bare.js';
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
