import { z } from 'zod';
import { access, defineRoute, ROLES } from '@servicebay/domain';
import { implement } from '../../../apps/server/src/platform/http/registrar.js';
import { bearer } from '../../../apps/server/test/factories.js';
import type { BenchEnv, Engine, Target } from '../scenario.js';
import { startServiceBay } from './servicebay.js';

/**
 * One trivial route mounted twice, differing only in its access rule: anyone may call the first,
 * the second needs a signed-in caller of any role. Neither touches the database, so the
 * signed-in route's req/s against the public one's is what the bearer token's verification
 * (HS256, `jose`) and the access rule's role check cost a route.
 */
const ping = {
  method: 'GET',
  summary: 'Bench fixture: a route that answers at once, to measure what its access rule costs.',
  tag: 'bench',
  response: z.object({ pong: z.boolean() }),
} as const;

export const publicPingRoute = defineRoute({
  ...ping,
  id: 'bench.publicPing',
  path: '/v2/api/bench/public/ping',
  access: access.public('bench fixture: the same route as bench.signedInPing without a token'),
});

export const signedInPingRoute = defineRoute({
  ...ping,
  id: 'bench.signedInPing',
  path: '/v2/api/bench/signed-in/ping',
  access: access.signedIn(ROLES),
});

/**
 * The server with both routes beside the real table, asked for one of them: the public one with
 * no token (a token there would be verified too), the signed-in one with a ServiceAdvisor's.
 */
export async function accessFixture(
  env: BenchEnv,
  engine: Engine,
  which: 'public' | 'signedIn',
): Promise<Target> {
  const sb = await startServiceBay(env, engine, {
    build: {
      extra: {
        table: [publicPingRoute, signedInPingRoute],
        implementations: [
          implement(publicPingRoute, () => ({ pong: true })),
          implement(signedInPingRoute, () => ({ pong: true })),
        ],
      },
    },
  });
  if (which === 'public') {
    return { app: sb.app, request: { path: publicPingRoute.path }, close: sb.close };
  }
  const store = await sb.make.store();
  const advisor = await sb.make.user('ServiceAdvisor', store);
  return {
    app: sb.app,
    request: { path: signedInPingRoute.path, headers: await bearer(sb.platform.tokens, advisor) },
    close: sb.close,
  };
}
