import type { Config } from '../config.js';
import { createLocalMailProvider } from './local.mail.js';
import type { MailDeps, MailProvider } from './mail.js';
import { createSmtpMailProvider } from './smtp.mail.js';

export type { MailAttachment, MailMessage, MailProvider } from './mail.js';
export { MAIL_ATTACHMENT_LIMITS } from './mail.js';

/** SMTP when SMTP_URL is set; otherwise the local outbox, which stores every message. */
export function createMailProvider(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  deps: Omit<MailDeps, 'from'>,
): MailProvider {
  const withFrom = { ...deps, from: config.mailFrom };
  return config.smtpUrl
    ? createSmtpMailProvider(config.smtpUrl, withFrom)
    : createLocalMailProvider(withFrom);
}
