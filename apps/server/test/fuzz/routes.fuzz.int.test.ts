import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pathParamNames,
  roleReach,
  rolesOf,
  ROLES,
  routeTable,
  type AnyRoute,
  type Role,
} from '@servicebay/domain';
import { createTestApp, type TestApp } from '../app.js';
import { testDbKind } from '../db.js';
import { bearer } from '../factories.js';
import { paramSamples, type TenantWorld } from '../authz/samples.js';
import { reportLinks } from '../../src/modules/reports/reports.schema.js';
import { leafCount } from './arbitraries.js';
import {
  describeRequest,
  isMultipartRoute,
  requestArbitrary,
  type CallerOption,
  type FuzzRequest,
} from './requests.js';

/**
 * The fuzz test generated from the route table: every route gets requests drawn from its own zod
 * schemas (params, query, body), from a caller its access rule lets in and with real ids of that
 * caller's store in the path, so most requests reach the handler; about half of them carry
 * hostile values (NUL, unpaired surrogates, 1 MB strings, huge and negative numbers, wrong types,
 * missing and extra fields, odd bodies and headers). Any 5xx fails the test and prints the
 * request. docs/security.md says how to replay a failure.
 *
 * On PostgreSQL the run is kept small: the handlers and their queries are the same on both
 * databases, and the full run on PGlite is what looks for 5xx; the PostgreSQL pass only checks that
 * nothing refused there differs (a NUL, an encoding) at a tenth of the cost.
 */
const TOTAL_RUNS = testDbKind === 'pglite' ? 10_500 : 1_000;
const MIN_RUNS = testDbKind === 'pglite' ? 30 : 3;
/**
 * The seed: FUZZ_SEED when given, else one drawn from the commit under test. Each commit explores
 * other inputs, and a commit's run draws the same requests every time, so a run checked green
 * before landing stays green in CI; a working tree outside git draws at random.
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : commitSeed();

function commitSeed(): number {
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return parseInt(head.trim().slice(0, 8), 16) % 2 ** 31;
  } catch {
    return Math.floor(Math.random() * 2 ** 31);
  }
}
/** Replays one route only: FUZZ_ROUTE=customers.create FUZZ_SEED=... */
const ONLY = process.env.FUZZ_ROUTE;

/** Path parameters whose sample depends on the caller (its own id, its own customer, its household's vehicles and to-dos). */
const CALLER_PARAMS = new Set(['userId', 'userRef', 'customerId', 'vehicleId', 'itemId']);

const routes = routeTable.filter((r) => !ONLY || r.id === ONLY);
const weight = (r: AnyRoute) =>
  1 + leafCount(r.params) + leafCount(r.query) + leafCount(r.body) + (isMultipartRoute(r) ? 4 : 0);
const totalWeight = routeTable.reduce((n, r) => n + weight(r), 0);
/** A route's share of the runs: proportional to how many fields it takes, and never less than MIN_RUNS. */
const runsOf = (r: AnyRoute) => Math.max(MIN_RUNS, Math.round((TOTAL_RUNS * weight(r)) / totalWeight));

let t: TestApp;
let world: TenantWorld;
const sharedUsers = new Map<Role, { id: string }>();
let baseIds: string[] = [];
const statuses = new Map<number, number>();
let sent = 0;

async function userOf(role: Role, fresh: boolean) {
  if (!fresh && sharedUsers.has(role)) return sharedUsers.get(role)!;
  const user = await t.make.user(role, world.store);
  if (!fresh) sharedUsers.set(role, user);
  return user;
}

async function headersOf(user: { id: string }) {
  const row = await t.platform.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, user.id) });
  return bearer(t.platform.tokens, row!);
}

/** Up to three of the roles, spread over the list (the most and least privileged among them). */
const spread = (roles: readonly Role[]) =>
  roles.length
    ? [...new Set([roles[0]!, roles[Math.floor(roles.length / 2)]!, roles[roles.length - 1]!])]
    : [];

/**
 * Who calls the route: users of roles its access rule lets in (portal users only where a customer
 * may act), each with the path ids of its own store; report routes also by link; public routes
 * anonymously and signed in. Routes that name a user in their path get users of their own, so a
 * route that deactivates or re-roles its target cannot lock later routes' callers out.
 */
async function callersFor(route: AnyRoute): Promise<CallerOption[]> {
  const rule = route.access;
  const bodyStore = rule.kind === 'store' && rule.storeIn === 'body' ? rule.storeParam : null;
  const names = [...pathParamNames(route.path), ...(bodyStore ? [bodyStore] : [])];
  const fresh = names.some((n) => n === 'userId' || n === 'userRef');
  const cache = new Map<string, string>();
  const paramsFor = async (caller: { id: string }) => {
    const params: Record<string, string> = {};
    for (const name of names) {
      const sample = paramSamples[name];
      if (!sample) continue;
      const key = CALLER_PARAMS.has(name) ? `${name}:${caller.id}` : name;
      if (!cache.has(key)) cache.set(key, await sample(t, world, caller));
      params[name] = cache.get(key)!;
    }
    return params;
  };
  const signedIn = async (role: Role): Promise<CallerOption> => {
    const user = await userOf(role, fresh);
    // The samples first: a portal user's customer is linked to it on first use, and its token must carry it.
    const params = await paramsFor(user);
    return { label: role, headers: await headersOf(user), params };
  };

  if (rule.kind === 'public') {
    const someone = await userOf('StoreManager', fresh);
    return [
      { label: 'anonymous', headers: {}, params: await paramsFor(someone) },
      await signedIn('StoreManager'),
    ];
  }
  if (rule.kind === 'report') {
    const staff = await Promise.all(
      spread(rule.staffRoles.filter((r) => roleReach(r) !== 'customer'))
        .slice(0, 2)
        .map(signedIn),
    );
    const params = staff[0]?.params ?? (await paramsFor(await userOf('StoreManager', false)));
    const orderId = params[rule.orderParam]!;
    const [link] = await t.platform.database.db
      .insert(reportLinks)
      .values({ storeId: world.store.id, inspectionOrderId: orderId, createdBy: null })
      .returning();
    const token = t.platform.reportLinkSigner.sign(link!.id, orderId);
    return [
      ...staff,
      { label: 'anonymous with the report link', headers: {}, params, query: { t: token } },
      { label: 'anonymous with the report link header', headers: { 'x-report-token': token }, params },
    ];
  }
  const roles = rolesOf(rule);
  const allowed = (roles === 'everyone' ? ROLES : roles).filter(
    (r) => !(['store', 'account', 'partner'].includes(rule.kind) && roleReach(r) === 'customer'),
  );
  return Promise.all(spread(allowed).map(signedIn));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

beforeAll(async () => {
  t = await createTestApp();
  world = { store: await t.make.store({ name: 'Fuzz Motors' }) };
  // Ids any uuid field of a body or query may draw: the store's own resources.
  const order = await t.make.inspectionOrder(world.store);
  const customer = await t.platform.database.db.query.customers.findFirst({
    where: (c, { eq }) => eq(c.id, order.customerId),
  });
  baseIds = [
    customer!.householdId!,
    world.store.id,
    world.store.accountId,
    world.store.partnerId!,
    order.id,
    order.customerId,
    order.vehicleId,
  ];
  console.info(
    `route fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${routes.reduce((n, r) => n + runsOf(r), 0)} requests over ${routes.length} routes`,
  );
}, 120_000);

afterAll(async () => {
  const histogram = [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
  console.info(`route fuzz: ${sent} requests sent (${histogram})`);
  await t?.close();
});

async function send(request: FuzzRequest) {
  const res = await t.app.inject({
    method: request.method,
    url: request.url,
    headers: request.headers,
    payload: request.payload,
  });
  sent++;
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  if (res.statusCode >= 500) {
    const answer = res.body.length > 500 ? `${res.body.slice(0, 500)}...` : res.body;
    throw new Error(`answered ${res.statusCode} ${answer}\nto ${describeRequest(request)}`);
  }
}

describe('route fuzz: no 5xx from any input', () => {
  it('spreads at least 10,000 requests over every route on PGlite', () => {
    const total = routeTable.reduce((n, r) => n + runsOf(r), 0);
    if (testDbKind === 'pglite') expect(total).toBeGreaterThanOrEqual(10_000);
    expect(routeTable.every((r) => runsOf(r) >= MIN_RUNS)).toBe(true);
  });

  it.each(routes.map((r) => [r.id, r] as [string, AnyRoute]))(
    '%s',
    async (_id, route) => {
      const callers = await callersFor(route);
      const ids = [
        ...new Set([
          ...baseIds,
          ...callers.flatMap((c) => Object.values(c.params)).filter((v) => UUID.test(v)),
        ]),
      ];
      await fc.assert(fc.asyncProperty(requestArbitrary(route, callers, ids), send), {
        numRuns: runsOf(route),
        seed: SEED,
      });
    },
    120_000,
  );
});
