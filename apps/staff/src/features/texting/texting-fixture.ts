import type { Conversation, TextMessage } from '@servicebay/domain';

/** The texting tests' shared data (chat-rules.test.ts, texting-api.test.ts). */

/** The store's id in these tests. */
export const STORE = '00000000-0000-4000-8000-000000000999';
export const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Customer n's conversation line: a text of the store's, nothing unread, not in the shop. */
export function conversation(n: number, over: Partial<Conversation> = {}): Conversation {
  return {
    customerId: ID(n),
    firstName: `First${n}`,
    lastName: `Last${n}`,
    business: null,
    customerNumber: '+15145550100',
    permissionToText: true,
    text: 'Hello',
    sender: 'Ava Dupont',
    senderType: 'store',
    date: '2026-11-20T10:00:00.000Z',
    unreadSentMessages: 0,
    errorMessages: 0,
    inspectionOrderId: null,
    orderNumber: null,
    inspectionOrderClosed: true,
    vehicleInShop: false,
    yearMakeModel: null,
    licensePlate: null,
    primaryPicture: null,
    ...over,
  };
}

/** Message n: the store's text to customer 1, queued. */
export function message(n: number, over: Partial<TextMessage> = {}): TextMessage {
  return {
    _id: ID(100 + n),
    messageId: `client-message-${n}`,
    customerId: ID(1),
    storeId: STORE,
    userId: ID(500),
    creationDate: '2026-11-20T10:00:00.000Z',
    creationDay: '2026-11-20',
    senderType: 'store',
    senderName: 'Ava Dupont',
    from: 'Downtown',
    text: `Message ${n}`,
    status: 'pending',
    statusGroup: 'pending',
    deliveryStatus: 'queued',
    scheduledFor: null,
    read: false,
    automatic: false,
    ...over,
  };
}
