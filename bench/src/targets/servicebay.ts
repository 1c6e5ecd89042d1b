import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../../apps/server/src/app.js';
import { closePlatform, createPlatform } from '../../../apps/server/src/platform/bootstrap.js';
import { loadConfig } from '../../../apps/server/src/platform/config.js';
import type { Platform } from '../../../apps/server/src/platform/platform.js';
import { tables } from '../../../apps/server/src/schema.js';
import { factories } from '../../../apps/server/test/factories.js';
import type { BenchEnv, Engine } from '../scenario.js';

/** The repository, as `npm start` runs from it: the built staff and portal apps are served if present. */
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServiceBay {
  app: FastifyInstance;
  platform: Platform;
  /** The integration tests' factories, to give a scenario the store and users it needs. */
  make: ReturnType<typeof factories>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Passed to buildApp: `extra` mounts fixture routes beside the real table. */
  build?: BuildOptions;
  /**
   * Configuration, as the environment variables `loadConfig` reads, over the harness's own (for
   * example LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE, so that a login scenario is not rate-limited).
   */
  config?: Record<string, string>;
}

/**
 * The whole server as `npm start` builds it (config, migrations, buildApp), on the run's fresh
 * PostgreSQL database or on PGlite in the scenario's folder. Logs at warn unless LOG_LEVEL says
 * (at warn it says, once, which web apps are not built: they are not needed to measure the API).
 */
export async function startServiceBay(
  env: BenchEnv,
  engine: Engine,
  options: StartOptions = {},
): Promise<ServiceBay> {
  const config = loadConfig(
    {
      DATA_DIR: env.workDir,
      DATABASE_URL: engine === 'postgres' ? env.databaseUrl : '',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      JWT_SECRET: 'bench-secret-of-at-least-32-characters!!',
      // Long enough for any run: an expired token would turn every request into a 401.
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      SEED_DEMO_DATA: 'false',
      NODE_ENV: 'production',
      ...options.config,
    },
    REPO_ROOT,
  );
  const platform = await createPlatform(config, { tables });
  const app = await buildApp(platform, options.build ?? {});
  return {
    app,
    platform,
    make: factories(platform.database.db),
    async close() {
      await app.close();
      await closePlatform(platform);
    },
  };
}
