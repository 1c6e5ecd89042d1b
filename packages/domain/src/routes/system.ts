import { z } from 'zod';
import { access } from '../http/access.js';
import { defineRoute } from '../http/route.js';

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean() }),
  bus: z.object({ kind: z.enum(['memory', 'redis']), ok: z.boolean() }),
  version: z.string(),
});

export const healthRoute = defineRoute({
  id: 'system.health',
  method: 'GET',
  path: '/health',
  summary: 'Database and event bus status, for load balancers and operators.',
  tag: 'system',
  access: access.public('probed by load balancers before anyone signs in'),
  response: ZHealth,
});

export const openApiRoute = defineRoute({
  id: 'system.openapi',
  method: 'GET',
  path: '/v2/api/docs/openapi.json',
  summary: 'The OpenAPI 3.1 document generated from the route table.',
  tag: 'system',
  access: access.public('the API contract is documentation, holding no data'),
  response: z.record(z.string(), z.unknown()),
});

export const systemRoutes = [healthRoute, openApiRoute] as const;
