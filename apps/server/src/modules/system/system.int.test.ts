import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system routes', () => {
  it('reports database and bus health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { ok: true }, bus: { kind: 'memory', ok: true } });
  });

  it('serves the OpenAPI document generated from the route table', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/health'].get.operationId).toBe('system.health');
  });

  it('answers an unknown route with the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/api/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, code: 'NOT_FOUND', message: 'No route for GET /v2/api/nowhere' });
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Served over plain http on a shop's network, assets must not be upgraded to https.
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});
