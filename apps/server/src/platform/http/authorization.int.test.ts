import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { access, defineRoute, errors, routeTable, ROLES, STAFF_ROLES, ZId, type AnyRoute, type Role } from '@servicebay/domain';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { checkRoute, type AuthzWorld } from '../../../test/authz/check-route.js';
import { paramSamples, type TenantWorld } from '../../../test/authz/samples.js';
import { implement } from './registrar.js';

/**
 * The authorization test generated from the route table (architecture decision 3): every route,
 * every role, as the store's own user and as another store's user, and anonymously. New routes
 * are covered without editing this file.
 */

// Fixture routes that prove the test bites: the same resource, one handler scoped to the store
// and one that forgets the store.
const widgets = new Map<string, { storeId: string }>();
const ZWidgetParams = z.strictObject({ storeId: ZId, widgetId: ZId });
const scopedWidget = defineRoute({
  id: 'fixture.scopedWidget',
  method: 'GET',
  path: '/v2/api/store/:storeId/fixtureScopedWidget/:widgetId',
  summary: 'Fixture: a widget looked up inside the caller store',
  tag: 'fixture',
  access: access.store(STAFF_ROLES),
  params: ZWidgetParams,
  response: z.object({ storeId: z.string() }),
});
const leakyWidget = defineRoute({ ...scopedWidget, id: 'fixture.leakyWidget', path: '/v2/api/store/:storeId/fixtureLeakyWidget/:widgetId' });
// A report route (access.report), and one that wrongly lets anybody in, to prove its checks bite.
const ZReportParams = z.strictObject({ inspectionOrderId: ZId });
const fixtureReport = defineRoute({
  id: 'fixture.report',
  method: 'GET',
  path: '/v2/api/fixtureReport/:inspectionOrderId',
  summary: 'Fixture: a report read',
  tag: 'fixture',
  access: access.report(['ServiceAdvisor', 'StoreManager', 'owner', 'root']),
  params: ZReportParams,
  query: z.object({ t: z.string().optional() }),
  response: z.object({ via: z.string() }),
});
const openReport = defineRoute({ ...fixtureReport, id: 'fixture.openReport', path: '/v2/api/fixtureOpenReport/:inspectionOrderId', access: access.public('fixture') });
const fixtureTable = [scopedWidget, leakyWidget, fixtureReport, openReport] as const;
const fixtureImplementations = [
  implement(scopedWidget, ({ params, storeId }) => {
    const widget = widgets.get(params.widgetId);
    if (!widget || widget.storeId !== storeId) throw errors.notFound();
    return widget;
  }),
  implement(fixtureReport, ({ reportCaller }) => ({ via: reportCaller!.via })),
  implement(openReport, () => ({ via: 'anyone' })),
  implement(leakyWidget, ({ params }) => {
    const widget = widgets.get(params.widgetId);
    if (!widget) throw errors.notFound();
    return widget;
  }),
];

let t: TestApp;
let world: AuthzWorld;

beforeAll(async () => {
  t = await createTestApp({}, { extra: { table: fixtureTable, implementations: fixtureImplementations } });
  const victim: TenantWorld = { store: await t.make.store({ name: 'Victim Motors' }) };
  const other: TenantWorld = { store: await t.make.store({ name: 'Other Garage' }) };
  const cache = new Map<string, { id: string }>();
  world = {
    t,
    victim,
    other,
    samples: {
      ...paramSamples,
      widgetId: async (_t, w) => {
        const id = crypto.randomUUID();
        widgets.set(id, { storeId: w.store.id });
        return id;
      },
    },
    async usersIn(w: TenantWorld, role: Role) {
      const key = `${w.store.id}:${role}`;
      let user = cache.get(key);
      if (!user) {
        user = await t.make.user(role, w.store);
        cache.set(key, user);
      }
      return user;
    },
  };
});
afterAll(() => t?.close());

describe('generated authorization test', () => {
  it('covers a table with at least one route of each kind it can check', () => {
    expect(routeTable.length).toBeGreaterThan(0);
    expect(ROLES).toHaveLength(17);
  });

  it.each(routeTable.filter((r) => r.access.kind !== 'public').map((r) => [r.id, r] as [string, AnyRoute]))(
    '%s denies every wrong caller',
    async (_id, route) => {
      expect(await checkRoute(route, world)).toEqual([]);
    },
  );

  it('passes a store-scoped route whose handler scopes by store', async () => {
    expect(await checkRoute(scopedWidget, world)).toEqual([]);
  });

  it('bites: catches a handler that ignores the store', async () => {
    const failures = await checkRoute(leakyWidget, world);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('\n')).toContain('of another store, via its own store got 200, expected 404');
  });

  it('passes a report route, and bites on one that lets anybody read the report', async () => {
    expect(await checkRoute(fixtureReport, world)).toEqual([]);
    const leaky = { ...openReport, access: fixtureReport.access };
    const failures = await checkRoute(leaky, world);
    expect(failures.join('\n')).toContain('anonymous got 200, expected 404');
    expect(failures.join('\n')).toContain('revoked link got 200, expected 404');
  });

  it('fails a route whose path parameter has no sample', async () => {
    const route = defineRoute({ ...scopedWidget, id: 'fixture.unknownParam', path: '/v2/api/store/:storeId/thing/:thingId' });
    expect(await checkRoute(route, world)).toEqual([
      'fixture.unknownParam: no authorization sample for :thingId',
    ]);
  });
});
