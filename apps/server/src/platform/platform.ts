import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { TokenService } from './auth/tokens.js';
import type { TokenCutOffFeed } from './auth/token-cutoffs.js';
import type { ReportLinkSigner } from './auth/report-link-token.js';
import type { EventBus } from './realtime/bus.js';
import type { Outbox } from './outbox/outbox.js';
import type { MailProvider } from './mail/index.js';
import type { SmsProvider } from './sms/index.js';
import type { FileStore } from './files/index.js';

/** What every module may use: configuration, the database and the providers. */
export interface Platform {
  config: Config;
  database: Database;
  tokens: TokenService;
  /** Keeps `tokens` told of the sign-ins other processes ended (docs/security.md). */
  tokenCutOffFeed: TokenCutOffFeed;
  /** Signs and checks the customers' report links (docs/reports.md). */
  reportLinkSigner: ReportLinkSigner;
  bus: EventBus;
  /** Events recorded with the change that caused them, published after commit. */
  outbox: Outbox;
  logger: Logger;
  mail: MailProvider;
  sms: SmsProvider;
  files: FileStore;
}
