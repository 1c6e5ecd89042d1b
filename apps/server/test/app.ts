import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../src/platform/config.js';
import { createPlatform, closePlatform } from '../src/platform/bootstrap.js';
import type { Platform } from '../src/platform/platform.js';
import { buildApp, type BuildOptions } from '../src/app.js';
import { buildServices, type Services } from '../src/modules/index.js';
import { createTestDatabase } from './db.js';
import { factories } from './factories.js';

export interface TestApp {
  app: FastifyInstance;
  platform: Platform;
  /** The services the app was built with (modules/index.ts). */
  services: Services;
  make: ReturnType<typeof factories>;
  close(): Promise<void>;
}

/** The whole server on a fresh database of its own, with local providers, for one test file. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'servicebay-test-'));
  const config = {
    ...loadConfig({ JWT_SECRET: 'test-secret-of-at-least-32-characters!!', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO_DATA: 'false' }),
    // One expanded vPIC database for every test file of the run (75 MB; seconds to expand).
    vpicDbPath: path.join(os.tmpdir(), 'servicebay-vpic', 'vpic.lite.db'),
    // Every answer of the suite validated by its zod schema, the compiled serializer checked against it.
    validateResponses: true,
    // The compiled serializers stay exercised (and checked against zod) by the suite while they are
    // off by default in the product.
    compiledResponses: true,
    ...overrides,
  };
  const platform = await createPlatform(config, { database: await createTestDatabase() });
  const services = options.services ?? buildServices(platform);
  const app = await buildApp(platform, { ...options, services });
  await app.ready();
  return {
    app,
    platform,
    services,
    make: factories(platform.database.db),
    async close() {
      await app.close();
      await closePlatform(platform);
    },
  };
}
