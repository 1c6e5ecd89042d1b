import { z } from 'zod';
import { access, fillPath, defineRoute, ZId } from '@servicebay/domain';
import { implement } from '../../../apps/server/src/platform/http/registrar.js';
import { bearer } from '../../../apps/server/test/factories.js';
import type { BenchEnv, Engine, Target } from '../scenario.js';
import { startServiceBay } from './servicebay.js';

/**
 * A store-scoped route that does nothing once it is let in, mounted beside the real table through
 * buildApp's `extra` (as the authorization test mounts its fixtures). What it costs is the
 * registrar's own work on every authenticated store route: bearer token verification (HS256),
 * params validation, the store ownership lookup (one indexed SELECT), the role check and the
 * response schema. Replace it by a real store-scoped GET of the table once one is cheap to call.
 */
export const storePingRoute = defineRoute({
  id: 'bench.storePing',
  method: 'GET',
  path: '/v2/api/bench/stores/:storeId/ping',
  summary: 'Bench fixture: the registrar pipeline of a store-scoped route, with an empty handler.',
  tag: 'bench',
  access: access.store(['ServiceAdvisor', 'StoreManager', 'owner', 'admin']),
  params: z.object({ storeId: ZId }),
  response: z.object({ storeId: ZId }),
});

export async function storeScopedFixture(env: BenchEnv, engine: Engine): Promise<Target> {
  const sb = await startServiceBay(env, engine, {
    build: {
      extra: {
        table: [storePingRoute],
        implementations: [implement(storePingRoute, ({ storeId }) => ({ storeId }))],
      },
    },
  });
  const store = await sb.make.store();
  const advisor = await sb.make.user('ServiceAdvisor', store);
  return {
    app: sb.app,
    request: {
      path: fillPath(storePingRoute.path, { storeId: store.id }),
      headers: await bearer(sb.platform.tokens, advisor),
    },
    close: sb.close,
  };
}
