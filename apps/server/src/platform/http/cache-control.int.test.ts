import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  pathParamNames,
  roleReach,
  rolesOf,
  routeTable,
  type AnyRoute,
  type Role,
} from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { paramSamples, type SampleFactory, type TenantWorld } from '../../../test/authz/samples.js';
import { reportLinks } from '../../modules/reports/reports.schema.js';

/**
 * Private answers are never cached: walks every route of the table as a signed-in user, with a
 * forged token, anonymously and (report routes) with a report link, and expects
 * `Cache-Control: no-store` on each answer that may be private, errors included.
 */

let t: TestApp;
let world: TenantWorld;
const users = new Map<Role, Record<string, string>>();

const samples: Record<string, SampleFactory> = {
  ...paramSamples,
  key: async () => 'nothing-here.jpg',
  messageId: async () => crypto.randomUUID(),
};

/** A role the route lets in: staff first, so store, account and partner routes are reached. */
function roleFor(route: AnyRoute): Role {
  const roles = rolesOf(route.access);
  if (roles === 'everyone') return 'StoreManager';
  return roles.find((r) => roleReach(r) !== 'customer') ?? roles[0] ?? 'StoreManager';
}

async function headersOf(role: Role) {
  if (!users.has(role))
    users.set(role, await bearer(t.platform.tokens, await t.make.user(role, world.store)));
  return users.get(role)!;
}

async function paramsFor(route: AnyRoute) {
  const user = await t.make.user(roleFor(route), world.store);
  const params: Record<string, string> = {};
  for (const name of pathParamNames(route.path)) params[name] = await samples[name]!(t, world, user);
  return params;
}

async function send(
  route: AnyRoute,
  params: Record<string, string>,
  auth: Record<string, string>,
  query = '',
) {
  const bodyStore =
    route.access.kind === 'store' && route.access.storeIn === 'body' ? route.access.storeParam : null;
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const res = await t.app.inject({
    method: route.method,
    url: fillPath(route.path, params) + query,
    headers: hasBody ? { ...auth, 'content-type': 'application/json' } : auth,
    payload: hasBody ? JSON.stringify(bodyStore ? { [bodyStore]: world.store.id } : {}) : undefined,
  });
  return { status: res.statusCode, cache: res.headers['cache-control'] };
}

beforeAll(async () => {
  t = await createTestApp();
  world = { store: await t.make.store({ name: 'Private Motors' }) };
});
afterAll(() => t?.close());

describe('Cache-Control: no-store on private answers', () => {
  it.each(routeTable.map((r) => [r.id, r] as const))('%s', async (_id, route) => {
    const failures: string[] = [];
    const check = (who: string, answer: { status: number; cache: unknown }) => {
      if (answer.cache !== 'no-store')
        failures.push(`${who}: ${answer.status} with cache-control ${String(answer.cache)}`);
    };

    const params = await paramsFor(route);
    check('signed in', await send(route, params, await headersOf(roleFor(route))));
    check('with a forged token', await send(route, params, { authorization: 'Bearer forged.token.value' }));
    if (route.access.kind !== 'public' || route.carriesSecrets)
      check('anonymous', await send(route, params, {}));

    const rule = route.access;
    if (rule.kind === 'report') {
      const orderId = params[rule.orderParam]!;
      const [link] = await t.platform.database.db
        .insert(reportLinks)
        .values({ storeId: world.store.id, inspectionOrderId: orderId, createdBy: null })
        .returning();
      const token = encodeURIComponent(t.platform.reportLinkSigner.sign(link!.id, orderId));
      check('with a report link', await send(route, params, {}, `?t=${token}`));
    }
    expect(failures).toEqual([]);
  });

  it('leaves public answers to anyone their own caching (a language file)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/i18n/en.i18n.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers an unknown API path with no-store', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v2/api/nowhere',
      headers: await headersOf('StoreManager'),
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps no-store on a body the server refuses before validation (415, malformed JSON)', async () => {
    const auth = await headersOf('StoreManager');
    const url = `/v2/api/store/${world.store.id}/customer`;
    const wrongType = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...auth, 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.headers['cache-control']).toBe('no-store');
    const malformed = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: '{',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['cache-control']).toBe('no-store');
  });
});
