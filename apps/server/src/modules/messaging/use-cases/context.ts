import type { Logger } from 'pino';
import {
  storedStoreTimeZone,
  topics,
  type Conversation,
  type TextCountEvent,
  type TextMessage,
  type UnreadTextMessages,
} from '@servicebay/domain';
import type { Db } from '../../../platform/db/client.js';
import type { FileLinker } from '../../../platform/files/index.js';
import type { MailProvider } from '../../../platform/mail/index.js';
import type { SentMessagesRepository } from '../../../platform/messages/sent-messages.repository.js';
import type { Outbox } from '../../../platform/outbox/outbox.js';
import { recordEvent } from '../../../platform/outbox/outbox.repository.js';
import type { SmsProvider } from '../../../platform/sms/index.js';
import { createMessagingRepository, type MessagingRepository, type TextMessageRow } from '../messaging.repository.js';
import { presentConversation, presentTextMessage } from '../messaging.presenter.js';

export interface MessagingDeps {
  db: Db;
  outbox: Pick<Outbox, 'transaction'>;
  sms: SmsProvider;
  mail: MailProvider;
  /** sent_messages, bound to a transaction or not. */
  sentMessagesIn: (db: Db) => SentMessagesRepository;
  /** The customers module's write of permissionToText, in the caller's transaction. */
  setPermissionToText: (tx: Db, storeId: string, customerId: string, value: boolean) => Promise<void>;
  link: FileLinker;
  logger: Logger;
  /** False with NODE_ENV=production and no Twilio: texting is refused, never faked. */
  textingConfigured: boolean;
  customerSuccessEmail: string;
  now?: () => Date;
}

/** What every use case of the module shares. */
export function messagingContext(deps: MessagingDeps) {
  const repo = createMessagingRepository(deps.db);
  const now = deps.now ?? (() => new Date());

  async function timeZoneOf(storeId: string): Promise<string> {
    const store = await repo.store(storeId);
    return storedStoreTimeZone(store ?? { settings: null, country: null, state: null });
  }

  async function conversationOf(r: MessagingRepository, storeId: string, customerId: string): Promise<Conversation | null> {
    const row = await r.conversation(storeId, customerId);
    if (!row) return null;
    const [order] = await r.ordersOf(storeId, [customerId]);
    return presentConversation(row, order, deps.link);
  }

  async function countsOf(r: MessagingRepository, storeId: string, opts: { openOrders?: boolean | undefined } = {}): Promise<UnreadTextMessages> {
    const rows = await r.counts(storeId, opts);
    const countByCustomerId: UnreadTextMessages['countByCustomerId'] = {};
    let totalUnread = 0;
    let totalErrors = 0;
    for (const row of rows) {
      countByCustomerId[row.customerId] = { unread: row.unread, errors: row.errors };
      totalUnread += row.unread;
      totalErrors += row.errors;
    }
    return { totalUnread, totalErrors, countByCustomerId };
  }

  /** The message event (created or updated), with the conversation line as it is now. */
  async function announce(tx: Db, kind: 'created' | 'updated', row: TextMessageRow, timeZone: string): Promise<TextMessage> {
    const r = createMessagingRepository(tx);
    const message = presentTextMessage(row, timeZone);
    const conversation = await conversationOf(r, row.storeId, row.customerId);
    const store = topics.store(row.storeId);
    await recordEvent(tx, kind === 'created' ? store.messagesCreated : store.messagesUpdated, { message, conversation });
    return message;
  }

  /** The store's counts after a change of one customer's: totals, and that customer's. */
  async function announceCounts(tx: Db, storeId: string, customerId: string): Promise<UnreadTextMessages> {
    const counts = await countsOf(createMessagingRepository(tx), storeId);
    const payload: TextCountEvent = {
      customerId,
      totalUnread: counts.totalUnread,
      totalErrors: counts.totalErrors,
      countByCustomerId: { [customerId]: counts.countByCustomerId[customerId] ?? { unread: 0, errors: 0 } },
    };
    await recordEvent(tx, topics.store(storeId).messagesCount, payload);
    return counts;
  }

  return { deps, repo, now, timeZoneOf, conversationOf, countsOf, announce, announceCounts };
}

export type MessagingContext = ReturnType<typeof messagingContext>;
