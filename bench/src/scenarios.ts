import { defineScenario, type Scenario } from './scenario.js';
import { accessFixture } from './targets/access-fixture.js';
import { bareFastifyPg, bareFastifyPglite } from './targets/bare.js';
import {
  householdSearchTarget,
  householdVehiclesTarget,
  SEARCH_KINDS,
  vinDecodeTarget,
  type SearchKind,
} from './targets/customers.js';
import { fanOut } from './targets/fanout.js';
import { loginTarget } from './targets/login.js';
import { dashboardCountTarget, dashboardListTarget, fanOutTarget } from './targets/repair-orders.js';
import { startServiceBay } from './targets/servicebay.js';
import { resultSaveTarget, resultsLoadTarget } from './targets/inspections.js';
import { reportViewTarget } from './targets/reports.js';
import { storeScopedFixture } from './targets/store-fixture.js';
import { accountStoresTarget, storeFiguresTarget } from './targets/store-figures.js';
import { conversationListTarget, textingFanOutTarget, unreadCountsTarget } from './targets/texting.js';
import { chatFanOutTarget, chatHistoryTarget } from './targets/internal-chat.js';

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
  // Customers: on the large data set, generated in SQL (bench/sql/customers.sql).
  ...(Object.keys(SEARCH_KINDS) as SearchKind[]).map((kind) =>
    defineScenario({
      id: `customers-search-${kind}`,
      title: `household search by ${SEARCH_KINDS[kind]}, 1M customers`,
      engine: 'postgres',
      baseline: 'baseline-pg',
      group: 'customers',
      dataset: 'customers',
      start: (env) => householdSearchTarget(env, kind),
    }),
  ),
  defineScenario({
    id: 'customers-household-vehicles',
    title: "a fleet household's vehicle list (first page of 20 of 26), 1.5M vehicles",
    engine: 'postgres',
    baseline: 'baseline-pg',
    group: 'customers',
    dataset: 'customers',
    start: householdVehiclesTarget,
  }),
  defineScenario({
    id: 'vin-decode-pg',
    title: 'GET /v1/api/vin/{vin}, 60 VINs in turn, offline vPIC',
    engine: 'postgres',
    baseline: 'baseline-pg',
    group: 'customers',
    start: vinDecodeTarget,
  }),
  // Orders: on the large data set with its orders (bench/sql/orders.sql).
  defineScenario({
    id: 'baseline-pg-50',
    title: 'bare Fastify + pg, SELECT 1',
    engine: 'postgres',
    group: 'orders',
    connections: 50,
    start: (env) => bareFastifyPg(env.databaseUrl),
  }),
  ...([10, 50] as const).flatMap((connections) => [
    defineScenario({
      id: `orders-list-${connections}`,
      title: "the dashboard's first page (in the shop, RO desc, 10), 1M orders",
      engine: 'postgres',
      baseline: connections === 10 ? 'baseline-pg' : 'baseline-pg-50',
      group: 'orders',
      dataset: 'orders',
      connections,
      start: dashboardListTarget,
    }),
    defineScenario({
      id: `orders-count-${connections}`,
      title: "the dashboard's order count (in the shop), 1M orders",
      engine: 'postgres',
      baseline: connections === 10 ? 'baseline-pg' : 'baseline-pg-50',
      group: 'orders',
      dataset: 'orders',
      connections,
      start: dashboardCountTarget,
    }),
  ]),
  defineScenario({
    id: 'orders-ws-fanout',
    title: 'one order update delivered to 1,000 subscribed dashboards (/ws)',
    engine: 'postgres',
    group: 'orders',
    dataset: 'orders',
    start: fanOutTarget,
    drive: fanOut,
  }),
  defineScenario({
    id: 'inspection-results-load-pg',
    title: 'GET the 150 results of an inspection (grouped, with pictures and previous measurements)',
    engine: 'postgres',
    baseline: 'baseline-pg',
    group: 'inspections',
    start: (env) => resultsLoadTarget(env, 'postgres'),
  }),
  defineScenario({
    id: 'inspection-result-save-pg',
    title: 'PUT one result (a note) of a 150-result inspection: checked, order locked, effects',
    engine: 'postgres',
    baseline: 'baseline-pg',
    group: 'inspections',
    start: (env) => resultSaveTarget(env, 'postgres'),
  }),
  defineScenario({
    id: 'report-view-pg',
    title: "GET the customer's report by its link (10 items, 20 pictures, estimate; marks it read)",
    engine: 'postgres',
    baseline: 'baseline-pg',
    group: 'reports',
    start: (env) => reportViewTarget(env, 'postgres'),
  }),
  // The owner's first screen: ten stores among fifty, two years of orders each (targets/store-figures.ts).
  defineScenario({
    id: 'store-figures-pg',
    title: "GET the day's figures of an account's 10 stores (cars, ARO, approval rate, stages), 100k orders",
    engine: 'postgres',
    baseline: 'baseline-pg',
    group: 'accounts',
    start: (env) => storeFiguresTarget(env, 'postgres'),
  }),
  defineScenario({
    id: 'account-stores-pg',
    title: "GET the account's 10 stores with their counts (the same page's other call), same data",
    engine: 'postgres',
    baseline: 'baseline-pg',
    group: 'accounts',
    start: (env) => accountStoresTarget(env, 'postgres'),
  }),
  // Texting: a store with 100,000 texts over 2,000 customers, written in SQL into the run's own
  // database by the first of them (bench/sql/texting.sql, targets/texting.ts).
  defineScenario({
    id: 'texting-conversations',
    title: "GET the dashboard's conversation list (first page of 20), 100k texts over 2,000 customers",
    engine: 'postgres',
    baseline: 'baseline-pg',
    group: 'texting',
    start: conversationListTarget,
  }),
  defineScenario({
    id: 'texting-unread',
    title: 'GET the unread counts (badge), same store',
    engine: 'postgres',
    baseline: 'baseline-pg',
    group: 'texting',
    start: unreadCountsTarget,
  }),
  defineScenario({
    id: 'texting-ws-fanout',
    title: 'one inbound text (signed Twilio webhook) delivered to 200 subscribed dashboards (/ws)',
    engine: 'postgres',
    group: 'texting',
    start: textingFanOutTarget,
    drive: fanOut,
  }),
  // The shop chat: one order's channel with 10,000 messages in the texting data's large store
  // (targets/internal-chat.ts).
  defineScenario({
    id: 'chat-history',
    title: "GET a page of 20 of an order's shop chat (keyset, from the middle of 10,000 messages)",
    engine: 'postgres',
    baseline: 'baseline-pg',
    group: 'chat',
    start: chatHistoryTarget,
  }),
  defineScenario({
    id: 'chat-ws-fanout',
    title: 'one shop chat message (POST) delivered to 50 subscribed workers (/ws)',
    engine: 'postgres',
    group: 'chat',
    start: chatFanOutTarget,
    drive: fanOut,
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
