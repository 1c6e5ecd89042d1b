import { storeLocally } from '../messages/delivery.js';
import { parseMailMessage, recordedAttachments, type MailDeps, type MailProvider } from './mail.js';

/** The embedded default: nothing leaves the machine; the dev outbox page shows what would have. */
export function createLocalMailProvider(deps: MailDeps): MailProvider {
  return {
    kind: 'local',
    async send(input) {
      const message = parseMailMessage(input);
      return storeLocally(deps.repository, {
        channel: 'email',
        storeId: message.storeId ?? null,
        to: message.to,
        from: deps.from,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        attachments: recordedAttachments(message),
      });
    },
  };
}
