import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { TokenService } from './auth/tokens.js';
import type { EventBus } from './realtime/bus.js';

/** What every module may use: configuration, the database and the providers. */
export interface Platform {
  config: Config;
  database: Database;
  tokens: TokenService;
  bus: EventBus;
  logger: Logger;
}
