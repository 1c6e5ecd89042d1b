import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pathParamNames } from '../http/route.js';
import { devRoutes } from './dev.js';
import { routeTable } from './index.js';

const PREFIXES = ['/v2/api/', '/v1/api/', '/v2/search/', '/messaging/v1/', '/v2/webhooks/', '/v2/files/'];
// Operational routes that live outside the API prefixes by convention.
const OPERATIONAL = new Set(['/health', '/i18n/:languageFile']);

describe('route table', () => {
  it('has unique ids and unique method + path pairs', () => {
    const ids = routeTable.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = routeTable.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(routeTable.map((r) => [r.id, r] as const))('%s lives under an API prefix', (_id, route) => {
    expect(OPERATIONAL.has(route.path) || PREFIXES.some((p) => route.path.startsWith(p))).toBe(true);
  });

  it.each(routeTable.map((r) => [r.id, r] as const))('%s declares a schema for each path parameter', (_id, route) => {
    const names = pathParamNames(route.path);
    if (!names.length) return;
    expect(route.params, `${route.id} needs params`).toBeDefined();
    const shape = (route.params as unknown as z.ZodObject).shape;
    expect(Object.keys(shape).sort()).toEqual([...names].sort());
  });

  it.each(routeTable.filter((r) => r.body).map((r) => [r.id, r] as const))(
    '%s refuses unknown body fields',
    (_id, route) => {
      const body = route.body as z.ZodType;
      if (body instanceof z.ZodObject) {
        expect(body.safeParse({ __unknown__: 1 }).error?.issues.some((i) => i.code === 'unrecognized_keys')).toBe(
          true,
        );
      }
    },
  );

  it.each(routeTable.map((r) => [r.id, r] as const))('%s has an access rule with a reason when public', (_id, route) => {
    expect(route.access).toBeDefined();
    if (route.access.kind === 'public') expect(route.access.reason.length).toBeGreaterThan(10);
  });

  it('keeps the development outbox (password-reset links) for a signed-in root user only', () => {
    const outbox = routeTable.filter((r) => r.path.includes('/dev/'));
    expect(outbox.map((r) => r.id).sort()).toEqual(devRoutes.map((r) => r.id).sort());
    for (const route of outbox) expect(route.access).toEqual({ kind: 'signedIn', roles: ['root'] });
  });
});
