import { ROLES, roleReach, rolesOf, type AnyRoute, type Role, pathParamNames, fillPath } from '@servicebay/domain';
import type { TestApp } from '../app.js';
import { bearer } from '../factories.js';
import { headerSamples, type SampleFactory, type TenantWorld } from './samples.js';
import { eq } from 'drizzle-orm';
import { reportLinks } from '../../src/modules/reports/reports.schema.js';

export interface AuthzWorld {
  t: TestApp;
  /** The store whose data is at stake. */
  victim: TenantWorld;
  /** Another store, in another account and partner. */
  other: TenantWorld;
  /** One user of every role, placed in each store. */
  usersIn: (world: TenantWorld, role: Role) => Promise<{ id: string }>;
  samples: Record<string, SampleFactory>;
}

const USER_PARAMS = ['userId', 'userRef'];

interface Attempt {
  who: string;
  status: number;
}

function allowedRoles(route: AnyRoute): readonly Role[] {
  const roles = rolesOf(route.access);
  return roles === 'everyone' ? ROLES : roles;
}

/**
 * Walks one route with every role as its own store's user and as another store's user, and
 * returns what went wrong (empty when the route denies every wrong caller as it should).
 */
export async function checkRoute(route: AnyRoute, w: AuthzWorld): Promise<string[]> {
  const failures: string[] = [];
  if (route.access.kind === 'public') return failures;
  // A store carried in the body (access.storeInBody) is sampled like a path parameter and sent as the body.
  const bodyStore = route.access.kind === 'store' && route.access.storeIn === 'body' ? route.access.storeParam : null;
  const names = [...pathParamNames(route.path), ...(bodyStore ? [bodyStore] : [])];
  const missing = names.filter((n) => !w.samples[n]);
  if (missing.length) return [`${route.id}: no authorization sample for :${missing.join(', :')}`];
  // Values such as a VIN or a model year are not tenants' resources; ids are. Root reaches every
  // tenant, so a route for root alone (the development outbox) has no tenant to cross.
  const rootOnly = route.access.kind === 'signedIn' && route.access.roles.every((r) => r === 'root');
  if (route.access.kind === 'signedIn' && !rootOnly && names.some((n) => /(Id|Ref)$/.test(n))) {
    return [`${route.id}: a signedIn route may not take ids in its path; use a store, customer or self rule`];
  }

  const send = async (who: string, caller: { id: string } | null, params: Record<string, string>): Promise<Attempt> => {
    const user = caller ? await w.t.platform.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, caller.id) }) : null;
    const headers = user ? { ...(await bearer(w.t.platform.tokens, user)), ...(await headerSamples[route.tag]?.(w.t, user, params)) } : {};
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
    const res = await w.t.app.inject({
      method: route.method,
      url: fillPath(route.path, params),
      headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
      payload: hasBody ? JSON.stringify(bodyStore ? { [bodyStore]: params[bodyStore] } : {}) : undefined,
    });
    return { who, status: res.statusCode };
  };
  const paramsFor = async (world: TenantWorld, caller: { id: string }) => {
    const params: Record<string, string> = {};
    for (const name of names) params[name] = await w.samples[name]!(w.t, world, caller);
    return params;
  };
  const expect = (attempt: Attempt, wanted: number | ((s: number) => boolean), what: string) => {
    const ok = typeof wanted === 'number' ? attempt.status === wanted : wanted(attempt.status);
    if (!ok) failures.push(`${route.id} ${route.method} ${route.path}: ${attempt.who} got ${attempt.status}, expected ${what}`);
  };

  if (route.access.kind === 'report') return checkReportRoute(route, route.access, w, paramsFor, expect, failures);

  const allowed = allowedRoles(route);
  const anyVictimUser = await w.usersIn(w.victim, 'StoreManager');
  expect(await send('anonymous', null, await paramsFor(w.victim, anyVictimUser)), 401, '401');

  for (const role of ROLES) {
    const insider = await w.usersIn(w.victim, role);
    const params = await paramsFor(w.victim, insider);
    const attempt = await send(`${role} of the store`, insider, params);
    // Portal users never act for a store, an account or a partner: those are strangers' tenants.
    const staffOnly = ['store', 'account', 'partner'].includes(route.access.kind) || (route.access.kind === 'customer' && route.access.portal === false);
    const portalOnStore = staffOnly && roleReach(role) === 'customer';
    if (!allowed.includes(role)) {
      expect(attempt, portalOnStore ? 404 : 403, portalOnStore ? '404 (portal users never act for a store)' : '403');
    } else {
      expect(attempt, (s) => s !== 401 && s !== 403 && s < 500, 'to be let in');
    }

    // Root reaches every store by design; every other role is a stranger to the victim store.
    if (role === 'root' || route.access.kind === 'signedIn') continue;
    const outsider = await w.usersIn(w.other, role);
    const victimParams = await paramsFor(w.victim, outsider);
    // Parameters naming a user name the victim store's user, not the stranger itself.
    for (const name of USER_PARAMS) if (name in victimParams) victimParams[name] = insider.id;
    if (route.access.kind === 'self' || route.access.kind === 'user') victimParams[route.access.userParam] = insider.id;
    expect(await send(`${role} of another store`, outsider, victimParams), 404, '404');

    // Customer and household routes: another customer of the same store, signed in to the portal,
    // naming the first customer's resources, sees nothing.
    if ((route.access.kind === 'customer' || route.access.kind === 'household') && roleReach(role) === 'customer') {
      const neighbour = await w.t.make.user(role, w.victim.store, { customerId: (await w.t.make.customer(w.victim.store)).id });
      expect(await send(`${role}, another customer of the same store`, neighbour, params), 404, '404');
    }

    // The same stranger naming its own store but the victim's resources: the handler itself must
    // scope its lookups by store, or this answers with the victim's data.
    if (route.access.kind === 'store' && names.length > 1 && allowed.includes(role) && roleReach(role) !== 'customer') {
      const mixed = { ...victimParams, [route.access.storeParam]: w.other.store.id };
      expect(await send(`${role} of another store, via its own store`, outsider, mixed), 404, '404');
    }
  }
  return failures;
}

type Send = (who: string, caller: { id: string } | null, params: Record<string, string>, query?: string) => Promise<Attempt>;

/**
 * Report routes (access.report): nobody gets in without a role listed for the order's store, the
 * order's own customer, or a valid link; a wrong, forged, foreign or revoked link answers 404.
 */
async function checkReportRoute(
  route: AnyRoute,
  rule: Extract<AnyRoute['access'], { kind: 'report' }>,
  w: AuthzWorld,
  paramsFor: (world: TenantWorld, caller: { id: string }) => Promise<Record<string, string>>,
  expect: (attempt: Attempt, wanted: number | ((s: number) => boolean), what: string) => void,
  failures: string[],
): Promise<string[]> {
  const db = w.t.platform.database.db;
  const send: Send = async (who, caller, params, query = '') => {
    const user = caller ? await db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, caller.id) }) : null;
    const headers = user ? await bearer(w.t.platform.tokens, user) : {};
    const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
    const res = await w.t.app.inject({
      method: route.method,
      url: fillPath(route.path, params) + query,
      headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
      payload: hasBody ? '{}' : undefined,
    });
    return { who, status: res.statusCode };
  };
  const letIn = (s: number) => s !== 401 && s !== 403 && s !== 404 && s < 500;
  const anyVictimUser = await w.usersIn(w.victim, 'StoreManager');
  const params = await paramsFor(w.victim, anyVictimUser);
  const orderId = params[rule.orderParam]!;
  const order = await db.query.inspectionOrders.findFirst({ where: (o, { eq }) => eq(o.id, orderId) });
  if (!order) return [`${route.id}: the sample for :${rule.orderParam} is not an order`];

  expect(await send('anonymous', null, params), 404, '404');
  expect(await send('anonymous with a forged link', null, params, `?t=${crypto.randomUUID()}.forged`), 404, '404');

  const [link] = await db.insert(reportLinks).values({ storeId: order.storeId, inspectionOrderId: orderId, createdBy: null }).returning();
  const token = w.t.platform.reportLinkSigner.sign(link!.id, orderId);
  expect(await send('anonymous with the order\'s link', null, params, `?t=${encodeURIComponent(token)}`), letIn, 'to be let in');
  const otherOrder = await w.t.make.inspectionOrder(w.victim.store);
  const foreign = w.t.platform.reportLinkSigner.sign(link!.id, otherOrder.id);
  expect(await send('anonymous with another order\'s link', null, params, `?t=${encodeURIComponent(foreign)}`), 404, '404');

  for (const role of ROLES) {
    const insider = await w.usersIn(w.victim, role);
    const attempt = await send(`${role} of the store`, insider, params);
    if (roleReach(role) === 'customer') expect(attempt, 404, '404 (not the order\'s customer)');
    else if (rule.staffRoles.includes(role)) expect(attempt, letIn, 'to be let in');
    else expect(attempt, 403, '403');
    if (role === 'root') continue;
    const outsider = await w.usersIn(w.other, role);
    expect(await send(`${role} of another store`, outsider, params), 404, '404');
  }

  // The order's own customer, signed in to the portal.
  const portalUser = await w.t.make.user('consumer', w.victim.store, { customerId: order.customerId });
  expect(await send('the order\'s customer (portal)', portalUser, params), letIn, 'to be let in');

  await db.update(reportLinks).set({ revokedAt: new Date() }).where(eq(reportLinks.id, link!.id));
  expect(await send('anonymous with a revoked link', null, params, `?t=${encodeURIComponent(token)}`), 404, '404');
  return failures;
}
