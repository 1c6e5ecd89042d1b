import type { Config } from './config.js';
import { openDatabase, migrateDatabase, type Database } from './db/client.js';
import { createTokenService } from './auth/tokens.js';
import { createMemoryBus } from './realtime/bus.js';
import { createLogger } from './logger.js';
import type { Platform } from './platform.js';

/** Opens and migrates the database and starts the providers the configuration names. */
export async function createPlatform(config: Config, database?: Database): Promise<Platform> {
  const logger = createLogger(config.logLevel);
  const db = database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await migrateDatabase(db);
  return {
    config,
    database: db,
    tokens: createTokenService(config.jwtSecret, config.accessTokenTtlSeconds),
    bus: createMemoryBus(),
    logger,
  };
}

export async function closePlatform(platform: Platform): Promise<void> {
  await platform.bus.close();
  await platform.database.close();
}
