import { healthRoute, openApiRoute, buildOpenApi, routeTable } from '@servicebay/domain';
import { implement } from '../../platform/http/registrar.js';
import type { Platform } from '../../platform/platform.js';

/** What the health check looks at. */
type Health = Pick<Platform, 'database' | 'bus'>;

export const VERSION = '0.1.0';

export function systemRoutes(platform: Health) {
  const openApi = buildOpenApi(routeTable, { title: 'ServiceBay API', version: VERSION });
  return [
    implement(healthRoute, async ({ reply }) => {
      const [dbOk, busOk] = await Promise.all([platform.database.ping(), platform.bus.ping()]);
      const ok = dbOk && busOk;
      reply.code(ok ? 200 : 503);
      return reply.send({
        status: ok ? 'ok' : 'degraded',
        database: { kind: platform.database.kind, ok: dbOk },
        bus: { kind: platform.bus.kind, ok: busOk },
        version: VERSION,
      });
    }),
    implement(openApiRoute, () => openApi),
  ];
}
