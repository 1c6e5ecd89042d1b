import { storeLocally } from '../messages/delivery.js';
import { parseSmsMessage, type SmsDeps, type SmsProvider } from './sms.js';

/** Shown as the sender of texts kept in the local outbox, where there is no shop number. */
export const LOCAL_SMS_FROM = 'ServiceBay';

/** The embedded default: nothing leaves the machine; the dev outbox page shows what would have. */
export function createLocalSmsProvider(deps: SmsDeps): SmsProvider {
  return {
    kind: 'local',
    async send(input) {
      const message = parseSmsMessage(input);
      return storeLocally(deps.repository, {
        channel: 'sms',
        storeId: message.storeId ?? null,
        to: message.to,
        from: LOCAL_SMS_FROM,
        subject: null,
        text: message.text,
        html: null,
      });
    },
  };
}
