import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pathParamNames, usesIdempotencyKey } from '../http/route.js';
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

/** Words that name a secret: a field whose name holds one carries a credential. */
const SECRET_WORDS = new Set(['password', 'passcode', 'pin', 'token', 'secret', 'otp']);

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .map((w) => w.toLowerCase());
}

type JsonSchema = { type?: unknown; properties?: Record<string, JsonSchema>; [k: string]: unknown };

/**
 * Fields anywhere in a schema whose name holds a secret word and whose value may hold one: a
 * boolean (`pinSet`, `sendPasswordEmail`) only tells whether a secret exists.
 */
function secretFields(schema: z.ZodType | undefined, io: 'input' | 'output'): string[] {
  if (!schema) return [];
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const json = node as JsonSchema;
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      if (property.type !== 'boolean' && words(name).some((w) => SECRET_WORDS.has(w))) found.add(name);
    }
    Object.values(json).forEach(walk);
  };
  walk(z.toJSONSchema(schema, { io, unrepresentable: 'any' }));
  return [...found];
}

describe('routes that carry secrets', () => {
  it('finds secret fields by name, not booleans about them', () => {
    const schema = z.object({
      refreshToken: z.string(),
      newPassword: z.string(),
      adminPIN: z.string(),
      pinSet: z.boolean(),
      sendPasswordEmail: z.boolean(),
      pinned: z.string(),
      nested: z.array(z.object({ clientSecret: z.string() })),
    });
    expect(secretFields(schema, 'input').sort()).toEqual(['adminPIN', 'clientSecret', 'newPassword', 'refreshToken']);
  });

  it.each(routeTable.map((r) => [r.id, r] as const))(
    '%s keeps no idempotency record when a field of its request or answer is a secret',
    (_id, route) => {
      const fields = [
        ...secretFields(route.params, 'input'),
        ...secretFields(route.query, 'input'),
        ...secretFields(route.body, 'input'),
        ...secretFields(route.response, 'output'),
      ];
      if (fields.length === 0) return;
      expect(route.carriesSecrets, `${route.id} carries ${fields.join(', ')}: declare carriesSecrets: true`).toBe(true);
      expect(usesIdempotencyKey(route)).toBe(false);
    },
  );

  it('covers the calls that sign in, renew, sign out, or set a password or a PIN', () => {
    const secretIds = routeTable.filter((r) => r.carriesSecrets).map((r) => r.id);
    for (const id of [
      'session.login',
      'session.refresh',
      'session.logout',
      'session.hijack',
      'session.adminPinLogin',
      'stores.workerLogin',
      'password.reset',
      'password.resetLegacy',
      'portalUsers.register',
      'storeUsers.create',
      'storeUsers.setPassword',
      'storeUsers.setPin',
      'accountUsers.create',
      'accountUsers.setPassword',
      'storeSettings.update',
      'reports.sendToken',
    ]) {
      expect(secretIds).toContain(id);
    }
  });
});
