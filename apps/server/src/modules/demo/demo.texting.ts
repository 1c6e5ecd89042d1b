import type { Db } from '../../platform/db/client.js';
import { normalizePhone } from '../../platform/sms/index.js';
import { translate } from '../../platform/i18n/translate.js';
import { createMessagingRepository } from '../messaging/messaging.repository.js';
import { customerDisplayName } from '../messaging/messaging.presenter.js';
import { createDemoRepository } from './demo.repository.js';

/** One demo text: who wrote it, how long ago, and where it stands. */
interface DemoText {
  from: 'store' | 'customer';
  minutesAgo: number;
  text: string;
  /** A store's text: delivered or failed; a customer's: read or not. */
  status?: 'delivered' | 'failed';
  read?: boolean;
  /** A consent keyword the customer texted, and the store's automatic answer. */
  consent?: 'stop' | 'start';
}

const DAY = 24 * 60;

/**
 * Downtown's demo conversations (docs/texting.md "Demo data"): Jane Doe (a booking, an opt-out
 * and back, a delivered "ready" text and an unread question) and Fleet Express (a delivered text,
 * a failed one and an unread answer), so the conversation list shows an error, unread badges and
 * the consent history from the first start. Written straight into the tables, as the gateway
 * would have left them.
 */
export const DEMO_CONVERSATIONS: Record<string, DemoText[]> = {
  'jane@example.com': [
    { from: 'store', minutesAgo: 2 * DAY, text: 'Hi Jane, your Civic is booked for tomorrow at 9:00. See you then!', status: 'delivered' },
    { from: 'customer', minutesAgo: 2 * DAY - 5, text: 'Perfect, thank you!', read: true },
    { from: 'customer', minutesAgo: DAY + 60, text: 'STOP', read: true, consent: 'stop' },
    { from: 'customer', minutesAgo: DAY, text: 'START', read: true, consent: 'start' },
    { from: 'store', minutesAgo: 60, text: 'Your car is ready for pickup. The report is in your e-mail.', status: 'delivered' },
    { from: 'customer', minutesAgo: 20, text: 'Great, can I come by at 5?', read: false },
  ],
  'fleet@example.com': [
    { from: 'store', minutesAgo: 180, text: 'Van 103 is ready for pickup.', status: 'delivered' },
    { from: 'store', minutesAgo: 120, text: 'Van 104 needs front brake pads ($320). OK to go ahead?', status: 'failed' },
    { from: 'customer', minutesAgo: 30, text: 'Please call me about van 104.', read: false },
  ],
};

export async function seedDemoTexting(db: Db, now = new Date()): Promise<void> {
  const demo = createDemoRepository(db);
  const repo = createMessagingRepository(db);
  const store = await demo.storeByName('Downtown');
  const advisor = await demo.userByUsername('advisor');
  if (!store || !advisor) return;
  const advisorName = `${advisor.firstName} ${advisor.lastName}`;
  let n = 0;
  for (const [email, texts] of Object.entries(DEMO_CONVERSATIONS)) {
    const customer = await demo.customerByEmail(store.id, email);
    const phone = normalizePhone(customer?.mobilePhone ?? '');
    if (!customer || !phone) continue;
    const name = customerDisplayName(customer);
    const add = async (text: DemoText, automatic = false) => {
      const at = new Date(now.getTime() - text.minutesAgo * 60_000 + (automatic ? 5_000 : 0));
      const fromStore = text.from === 'store';
      await repo.insertMessage({
        storeId: store.id,
        customerId: customer.id,
        messageId: `demo-${String(++n).padStart(4, '0')}`,
        userId: fromStore && !automatic ? advisor.id : null,
        senderType: text.from,
        senderName: fromStore ? (automatic ? store.name : advisorName) : name,
        from: fromStore ? store.name : phone,
        to: fromStore ? phone : store.name,
        text: text.text,
        status: fromStore ? (text.status ?? 'delivered') : 'received',
        via: fromStore ? 'local' : null,
        seenAt: !fromStore && text.read ? at : null,
        automatic,
        createdAt: at,
        updatedAt: at,
      });
      await repo.touchConversation({
        storeId: store.id,
        customerId: customer.id,
        phone,
        text: text.text,
        sender: fromStore ? (automatic ? store.name : advisorName) : name,
        senderType: text.from,
        at,
        unreadDelta: !fromStore && !text.read ? 1 : 0,
      });
      if (fromStore && text.status === 'failed') await repo.addError(store.id, customer.id);
    };
    for (const text of texts) {
      await add(text);
      if (!text.consent) continue;
      const at = new Date(now.getTime() - text.minutesAgo * 60_000);
      await repo.insertConsent({
        storeId: store.id,
        customerId: customer.id,
        permissionToText: text.consent === 'start',
        source: 'keyword',
        keyword: text.text,
        phone,
        createdAt: at,
      });
      const answer = translate('en', text.consent === 'stop' ? 'texting:sms.stopped' : 'texting:sms.started', { store: store.name });
      await add({ from: 'store', minutesAgo: text.minutesAgo, text: answer, status: 'delivered' }, true);
    }
  }
}
