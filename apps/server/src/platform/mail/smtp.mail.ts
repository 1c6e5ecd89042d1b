import nodemailer from 'nodemailer';
import { deliverAndRecord } from '../messages/delivery.js';
import { parseMailMessage, recordedAttachments, type MailDeps, type MailProvider } from './mail.js';

/**
 * Mail over SMTP with nodemailer; SMTP_URL carries host, port, credentials and TLS
 * (`smtp://user:pass@host:587`, `smtps://...:465`).
 */
export function createSmtpMailProvider(smtpUrl: string, deps: MailDeps): MailProvider {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // nodemailer waits up to 2 min to connect and 10 min on a silent socket; a request that
    // sends a report must not hang that long on a dead relay.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });

  return {
    kind: 'smtp',
    async send(input) {
      const message = parseMailMessage(input);
      return deliverAndRecord(
        deps,
        {
          channel: 'email',
          provider: 'smtp',
          storeId: message.storeId ?? null,
          to: message.to,
          from: deps.from,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          attachments: recordedAttachments(message),
        },
        async () => {
          const info = await transport.sendMail({
            from: deps.from,
            to: message.to,
            subject: message.subject,
            text: message.text,
            ...(message.html ? { html: message.html } : {}),
            ...(message.attachments?.length
              ? { attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) }
              : {}),
          });
          // With one recipient, a rejection normally throws; this guards relays that answer otherwise.
          if (info.rejected.length > 0) {
            return {
              status: 'failed',
              providerMessageId: info.messageId,
              error: `rejected: ${info.response}`,
            };
          }
          return { status: 'sent', providerMessageId: info.messageId };
        },
      );
    },
  };
}
