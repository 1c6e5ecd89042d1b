import { describe, expect, it } from 'vitest';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type {
  Conversation,
  ConversationPage,
  TextMessage,
  TextMessagePage,
  UnreadTextMessages,
} from '@servicebay/domain';
import {
  applyMessageEvent,
  applyMoved,
  applyRead,
  applySent,
  applyTextCountEvent,
  conversationsKey,
  countsKey,
  messagesKey,
} from './texting-api.js';
import { conversation as baseConversation, ID, message as baseMessage, STORE } from './texting-fixture.js';

/** Each conversation on a day of its own, each message a minute after the one before. */
const conversation = (n: number, over: Partial<Conversation> = {}) =>
  baseConversation(n, { date: `2026-11-2${n}T10:00:00.000Z`, ...over });
const message = (n: number, over: Partial<TextMessage> = {}) =>
  baseMessage(n, { userId: null, creationDate: `2026-11-20T10:0${n}:00.000Z`, ...over });

const page = <T>(items: T[], page = 0, hasMore = false) => ({
  items,
  total: items.length,
  page,
  size: 20,
  hasMore,
});

/** A query cache holding the store's first page of conversations, customer 1's texts and the counts. */
function cache() {
  const qc = new QueryClient();
  qc.setQueryData<InfiniteData<ConversationPage, number>>(conversationsKey(STORE), {
    pages: [page([conversation(2), conversation(1)])],
    pageParams: [0],
  });
  qc.setQueryData<InfiniteData<TextMessagePage, number>>(messagesKey(STORE, ID(1)), {
    pages: [page([message(2), message(1)])],
    pageParams: [0],
  });
  qc.setQueryData<UnreadTextMessages>(countsKey(STORE), {
    totalUnread: 0,
    totalErrors: 0,
    countByCustomerId: {},
  });
  return qc;
}

const conversations = (qc: QueryClient) =>
  qc
    .getQueryData<InfiniteData<ConversationPage, number>>(conversationsKey(STORE))!
    .pages.flatMap((p) => p.items);
const messages = (qc: QueryClient, customer = 1) =>
  qc
    .getQueryData<InfiniteData<TextMessagePage, number>>(messagesKey(STORE, ID(customer)))
    ?.pages.flatMap((p) => p.items);
const counts = (qc: QueryClient) => qc.getQueryData<UnreadTextMessages>(countsKey(STORE))!;

describe('the live events in the cache', () => {
  it('a created message joins its customer once, and its conversation moves up', () => {
    const qc = cache();
    const answer = message(3, {
      senderType: 'customer',
      text: 'Can I come at 5?',
      deliveryStatus: 'received',
    });
    const line = conversation(1, {
      text: 'Can I come at 5?',
      senderType: 'customer',
      unreadSentMessages: 1,
      date: answer.creationDate,
    });
    applyMessageEvent(qc, STORE, 'created', { message: answer, conversation: line });
    applyMessageEvent(qc, STORE, 'created', { message: answer, conversation: line });
    expect(messages(qc)!.map((m) => m._id)).toEqual([ID(102), ID(101), ID(103)]);
    expect(conversations(qc).map((c) => c.customerId)).toEqual([ID(1), ID(2)]);
    expect(conversations(qc)[0]!.text).toBe('Can I come at 5?');
    // Another customer's texts, not loaded, are left alone.
    applyMessageEvent(qc, STORE, 'created', {
      message: message(4, { customerId: ID(5) }),
      conversation: conversation(5),
    });
    expect(messages(qc, 5)).toBeUndefined();
    expect(conversations(qc).map((c) => c.customerId)).toContain(ID(5));
  });

  it('an updated message replaces its copy; one turning failed raises the error counts at once', () => {
    const qc = cache();
    const delivered = message(1, { status: 'final', statusGroup: 'final', deliveryStatus: 'delivered' });
    applyMessageEvent(qc, STORE, 'updated', { message: delivered, conversation: null });
    expect(messages(qc)!.find((m) => m._id === ID(101))!.deliveryStatus).toBe('delivered');
    expect(counts(qc).totalErrors).toBe(0);
    const failed = message(2, { status: 'failed', statusGroup: 'failed', deliveryStatus: 'failed' });
    applyMessageEvent(qc, STORE, 'updated', { message: failed, conversation: null });
    expect(counts(qc)).toEqual({
      totalUnread: 0,
      totalErrors: 1,
      countByCustomerId: { [ID(1)]: { unread: 0, errors: 1 } },
    });
    // The same event again (delivered twice) counts once.
    applyMessageEvent(qc, STORE, 'updated', { message: failed, conversation: null });
    expect(counts(qc).totalErrors).toBe(1);
  });

  it('a count event sets the totals and the customer’s badge; reading takes it off', () => {
    const qc = cache();
    applyTextCountEvent(qc, STORE, {
      customerId: ID(1),
      totalUnread: 2,
      totalErrors: 0,
      countByCustomerId: { [ID(1)]: { unread: 2, errors: 0 } },
    });
    expect(counts(qc).totalUnread).toBe(2);
    expect(conversations(qc)[0]).toMatchObject({ customerId: ID(1), unreadSentMessages: 2 });
    applyRead(qc, STORE, ID(1));
    expect(counts(qc)).toEqual({ totalUnread: 0, totalErrors: 0, countByCustomerId: {} });
    expect(conversations(qc).find((c) => c.customerId === ID(1))!.unreadSentMessages).toBe(0);
  });

  it('a text sent joins the messages and becomes the latest of its conversation', () => {
    const qc = cache();
    const sent = message(5, { customerId: ID(1), text: 'Ready!', creationDate: '2026-11-29T10:00:00.000Z' });
    applySent(qc, STORE, sent);
    applySent(qc, STORE, sent);
    expect(messages(qc)!.filter((m) => m._id === sent._id)).toHaveLength(1);
    expect(conversations(qc)[0]).toMatchObject({ customerId: ID(1), text: 'Ready!' });
  });

  it('a text moved to another customer leaves the feed of the one it was on and joins the other’s', () => {
    const qc = cache();
    qc.setQueryData<InfiniteData<TextMessagePage, number>>(messagesKey(STORE, ID(2)), {
      pages: [page([message(7, { customerId: ID(2) })])],
      pageParams: [0],
    });
    const incoming = message(3, { senderType: 'customer', senderName: 'First1 Last1', from: '+15145550100' });
    applyMessageEvent(qc, STORE, 'created', { message: incoming, conversation: null });
    expect(messages(qc)!.map((m) => m._id)).toContain(incoming._id);

    // Another advisor moved it: the updated event names its new customer.
    const moved = { ...incoming, customerId: ID(2) };
    applyMessageEvent(qc, STORE, 'updated', { message: moved, conversation: null });
    expect(messages(qc)!.map((m) => m._id)).not.toContain(incoming._id);
    expect(messages(qc, 2)!.filter((m) => m._id === incoming._id)).toEqual([moved]);

    // This chat moved one: the same, and the event that follows changes nothing more.
    const other = message(4, { senderType: 'customer', from: '+15145550100' });
    applyMessageEvent(qc, STORE, 'created', { message: other, conversation: null });
    const answer = { ...other, customerId: ID(2) };
    applyMoved(qc, STORE, ID(1), answer);
    applyMessageEvent(qc, STORE, 'updated', { message: answer, conversation: null });
    expect(messages(qc)!.map((m) => m._id)).not.toContain(other._id);
    expect(messages(qc, 2)!.filter((m) => m._id === other._id)).toHaveLength(1);
  });
});
