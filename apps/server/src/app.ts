import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { AppError, devRoutes, LIMITS, routeTable, type AnyRoute } from '@servicebay/domain';
import type { Platform } from './platform/platform.js';
import { errorHandler, notFoundHandler } from './platform/http/errors.js';
import { registerRoutes } from './platform/http/registrar.js';
import { registerWeb } from './platform/http/web.js';
import { createIdempotency } from './platform/idempotency/idempotency.js';
import { createIdempotencyRepository } from './platform/idempotency/idempotency.repository.js';
import { startIdempotencyPurge } from './platform/idempotency/purge.js';
import { createTenancyRepository } from './platform/tenancy/tenancy.repository.js';
import { cacheStoreOwnership } from './platform/tenancy/store-ownership.cache.js';
import { buildServices, implementations, type Services } from './modules/index.js';
import { startReadingSweeper } from './modules/reports/index.js';
import { startMessagingJobs } from './modules/messaging/index.js';
import { parseForm } from './platform/sms/index.js';
import { registerRealtime } from './platform/realtime/realtime.routes.js';

export interface BuildOptions {
  /** Extra handlers, for tests that mount fixture routes beside the real table. */
  extra?: { table: Parameters<typeof registerRoutes>[1]; implementations: Parameters<typeof registerRoutes>[2] };
  /** The services, when the caller built them already (main.ts seeds the demo with them); else built here. */
  services?: Services;
}

/** Builds the whole server from a platform; used by main.ts and by the tests. */
export async function buildApp(platform: Platform, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { config } = platform;
  const app = Fastify({
    loggerInstance: platform.logger as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    // Fastify waits forever by default; a slow or stalled client must not hold a socket.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs + 10_000,
    keepAliveTimeout: 72_000,
    return503OnClosing: true,
    trustProxy: config.trustProxy,
    ajv: { customOptions: { strict: false } },
  });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes and injects its CSS variables at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Tablets in the bay often reach the server over plain http on the shop's network; only
        // ask browsers to upgrade when the product is published over https.
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
  });

  // Uploads are read as streams by the handler that wants them (platform/files/uploads.ts), after
  // access was checked; these are the outer limits, each upload narrows them.
  await app.register(multipart, {
    limits: {
      fileSize: Math.max(config.maxImageUploadBytes, LIMITS.maxVideoBytes) + 1,
      files: 1,
      fields: 10,
      fieldSize: 2000,
      parts: 11,
      headerPairs: 50,
    },
  });

  // Twilio's webhooks post forms; their fields are checked against X-Twilio-Signature by the
  // handler. Every other route takes JSON only: a form is what a cross-site page can post without
  // asking, so the API keeps refusing it (415).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    if (!request.url.startsWith('/v2/webhooks/')) {
      done(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type'));
      return;
    }
    done(null, parseForm(body as string));
  });

  const services = options.services ?? buildServices(platform);
  const tenancyRepo = createTenancyRepository(platform.database.db);
  const idempotencyRepo = createIdempotencyRepository(platform.database.db);
  const deps = {
    tokens: platform.tokens,
    tenancy: cacheStoreOwnership(tenancyRepo),
    accountOwnership: tenancyRepo.accountOwnership,
    idempotency: createIdempotency(idempotencyRepo, { secret: config.jwtSecret, staleAfterMs: config.requestTimeoutMs * 2 }),
    validateResponses: config.validateResponses,
    compiledResponses: config.compiledResponses,
    ...services.access,
  };
  // The development outbox holds password-reset links: with DEV_TOOLS off (always so with
  // NODE_ENV=production) its routes are not mounted, whoever asks.
  const devOnly: readonly AnyRoute[] = devRoutes;
  const table = config.devTools ? routeTable : routeTable.filter((route) => !devOnly.includes(route));
  registerRoutes(app, table, implementations(platform, services), deps);
  if (options.extra) registerRoutes(app, options.extra.table, options.extra.implementations, deps);
  await registerWeb(app, config);
  await registerRealtime(app, platform);
  // Reports being read turn read 5000 ms after their last view (docs/reports.md).
  const sweeper = startReadingSweeper({ outbox: platform.outbox, logger: platform.logger });
  app.addHook('onClose', () => sweeper.stop());
  // Idempotency records are kept 7 days, then purged (docs/decisions/0003-idempotent-writes.md).
  const purge = startIdempotencyPurge({ repo: idempotencyRepo, logger: platform.logger });
  app.addHook('onClose', () => purge.stop());
  // The local gateway's steps and the texts held for quiet hours (docs/texting.md).
  const texting = startMessagingJobs({ messaging: services.messaging, logger: platform.logger });
  app.addHook('onClose', () => texting.stop());
  return app;
}
