import { loadConfig } from './platform/config.js';
import { createPlatform, closePlatform } from './platform/bootstrap.js';
import { DataDirLockedError } from './platform/db/data-dir-lock.js';
import { createLogger } from './platform/logger.js';
import { buildApp } from './app.js';
import { buildServices } from './modules/index.js';
import { tables } from './schema.js';
import { seedDemoData } from './modules/demo/demo.seed.js';

const config = loadConfig();
const platform = await createPlatform(config, { tables }).catch((error: unknown) => {
  if (!(error instanceof DataDirLockedError)) throw error;
  // Another server holds the data folder: say which, and stop without touching it.
  createLogger(config.logLevel).fatal({ lockFile: error.lockFile, holder: error.holder }, error.message);
  process.exit(1);
});
// Every service once (modules/index.ts): the demo seed and the routes share them.
const services = buildServices(platform);
if (config.seedDemoData && (await seedDemoData(platform.database.db, platform.files, { ...services, logger: platform.logger, drainOutbox: platform.outbox.drain }))) {
  platform.logger.info('demo data seeded (see README for the demo users)');
}
const app = await buildApp(platform, { services });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  platform.logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    await app.close();
    await closePlatform(platform);
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
platform.logger.info(
  { url: config.publicUrl, database: platform.database.kind, bus: platform.bus.kind },
  'ServiceBay is running',
);
