import type { Config } from './config.js';
import { openDatabase, migrateDatabase, type Database, type Tables } from './db/client.js';
import { createReportLinkSigner } from './auth/report-link-token.js';
import { createTokenService } from './auth/tokens.js';
import { createTokenCutOffCache, feedTokenCutOffs } from './auth/token-cutoffs.js';
import { createBus } from './realtime/index.js';
import { createOutbox } from './outbox/outbox.js';
import { createLogger } from './logger.js';
import type { Platform } from './platform.js';
import { createSentMessagesRepository } from './messages/sent-messages.repository.js';
import { createMailProvider } from './mail/index.js';
import { createSmsProvider } from './sms/index.js';
import { createFileStore } from './files/index.js';

/**
 * Opens and migrates the database and starts the providers the configuration names. The database
 * is the configured one, opened with the app's tables (apps/server/src/schema.ts), or one already
 * open (a test's).
 */
export async function createPlatform(
  config: Config,
  source: { tables: Tables } | { database: Database },
): Promise<Platform> {
  const logger = createLogger(config.logLevel);
  const db =
    'database' in source
      ? source.database
      : await openDatabase({
          databaseUrl: config.databaseUrl,
          dataDir: config.dataDir,
          tables: source.tables,
          onIdleError: (error) => logger.warn({ err: error }, 'idle database connection lost'),
        });
  await migrateDatabase(db);
  const bus = await createBus({ url: config.redisUrl, prefix: config.redisChannelPrefix }, logger);
  const outbox = createOutbox({ database: db, bus, logger });
  outbox.start();
  const messages = { repository: createSentMessagesRepository(db.db), logger };
  const ttlSeconds = config.accessTokenTtlSeconds;
  const cutOffs = createTokenCutOffCache({ ttlSeconds });
  const tokenCutOffFeed = await feedTokenCutOffs({ database: db, cache: cutOffs, ttlSeconds, logger });
  return {
    config,
    database: db,
    tokens: createTokenService(config.jwtSecret, ttlSeconds, cutOffs),
    tokenCutOffFeed,
    reportLinkSigner: createReportLinkSigner(config.jwtSecret),
    bus,
    outbox,
    logger,
    mail: createMailProvider(config, messages),
    sms: createSmsProvider(config, messages),
    files: createFileStore(config),
  };
}

export async function closePlatform(platform: Platform): Promise<void> {
  await platform.tokenCutOffFeed.stop();
  await platform.outbox.stop();
  await platform.bus.close();
  await platform.database.close();
}
