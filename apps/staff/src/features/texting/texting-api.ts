import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import {
  consentHistoryRoute,
  conversationListRoute,
  customerTextMessagesRoute,
  LIMITS,
  moveTargetsRoute,
  moveTextMessageRoute,
  orderConversationRoute,
  searchHouseholdsRoute,
  sendTextMessageRoute,
  textMessageReadRoute,
  unreadTextMessagesRoute,
  type ConversationPage,
  type TextCountEvent,
  type TextMessage,
  type TextMessageEvent,
  type TextMessagePage,
  type UnreadTextMessages,
} from '@servicebay/domain';
import type { ApiClient } from '@servicebay/web-core';
import {
  addMessage,
  applyCountEvent,
  applyCustomerCounts,
  mapPagedItems,
  markRead,
  moveLatestMessage,
  removeMessage,
  newlyFailed,
  nextPageParam,
  pagedItems,
  raiseErrors,
  replaceMessage,
  updateConversationList,
  type ChatConversation,
  type PagedItems,
} from './chat-rules.js';

/**
 * Customer texting's reads and writes (docs/texting.md), and the query-cache entries the live
 * events are folded into with the rules of `chat-rules.ts`. Every key starts with
 * ['texting', storeId], so one invalidation reads everything again (after a reconnection).
 */

export const textingKey = (storeId: string) => ['texting', storeId] as const;
export const conversationsKey = (storeId: string) => [...textingKey(storeId), 'conversations'] as const;
export const countsKey = (storeId: string) => [...textingKey(storeId), 'counts'] as const;
export const messagesKey = (storeId: string, customerId: string) =>
  [...textingKey(storeId), 'messages', customerId] as const;
export const contactsKey = (storeId: string, term: string) =>
  [...textingKey(storeId), 'contacts', term] as const;

type ConversationPages = InfiniteData<ConversationPage, number>;
type MessagePages = InfiniteData<TextMessagePage, number>;

/** The store's conversations, 20 a page, failures first, then unread, then the latest. */
export const conversationsQuery = (api: ApiClient, storeId: string) => ({
  queryKey: conversationsKey(storeId),
  queryFn: ({ pageParam, signal }: { pageParam: number; signal: AbortSignal }) =>
    api.call(conversationListRoute, {
      params: { storeId },
      query: { page: pageParam, size: LIMITS.pageSize.conversations },
      signal,
    }),
  initialPageParam: 0,
  getNextPageParam: nextPageParam<ConversationPage['items'][number]>,
});

/** A customer's texts, 50 a page, the newest page first. */
export const messagesQuery = (api: ApiClient, storeId: string, customerId: string) => ({
  queryKey: messagesKey(storeId, customerId),
  queryFn: ({ pageParam, signal }: { pageParam: number; signal: AbortSignal }) =>
    api.call(customerTextMessagesRoute, {
      params: { customerId },
      query: { page: pageParam, size: LIMITS.pageSize.customerMessages },
      signal,
    }),
  initialPageParam: 0,
  getNextPageParam: nextPageParam<TextMessage>,
});

/** The store's unread and failed texts. */
export const countsQuery = (api: ApiClient, storeId: string) => ({
  queryKey: countsKey(storeId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(unreadTextMessagesRoute, { params: { storeId }, query: {}, signal }),
});

/** The store's customers a term finds (the chat's contact search). */
export const contactsQuery = (api: ApiClient, storeId: string, term: string) => ({
  queryKey: contactsKey(storeId, term),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(searchHouseholdsRoute, {
      params: { storeId },
      query: { search: term, maxVehicles: LIMITS.maxVehiclesInSearch },
      signal,
    }),
  staleTime: 30_000,
});

/** Every change of the customer's permission to text, newest first, and the store's time zone. */
export const consentHistoryKey = (storeId: string, customerId: string) =>
  [...textingKey(storeId), 'consent', customerId] as const;
export const consentHistoryQuery = (api: ApiClient, storeId: string, customerId: string) => ({
  queryKey: consentHistoryKey(storeId, customerId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(consentHistoryRoute, { params: { customerId }, signal }),
});

/** The store's other customers with the number an incoming text came from. */
export const moveTargetsQuery = (api: ApiClient, storeId: string, customerId: string, textMessageId: string) => ({
  queryKey: [...textingKey(storeId), 'move-targets', customerId, textMessageId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.call(moveTargetsRoute, { params: { customerId, textMessageId }, signal }),
});

/** Attaches a customer's text to another customer of the store. */
export function moveText(api: ApiClient, customerId: string, textMessageId: string, toCustomerId: string) {
  return api.call(moveTextMessageRoute, { params: { customerId, textMessageId }, body: { toCustomerId } });
}

/** The conversation with an order's customer (the order page opens the chat on it). */
export function fetchOrderConversation(api: ApiClient, storeId: string, inspectionOrderId: string) {
  return api.call(orderConversationRoute, { params: { storeId, inspectionOrderId } });
}

export function sendText(
  api: ApiClient,
  customerId: string,
  body: { text: string; messageId: string; userId: string },
) {
  return api.call(sendTextMessageRoute, {
    params: { customerId },
    body: { ...body, senderType: 'store', customerId },
  });
}

export function markTextsRead(api: ApiClient, customerId: string) {
  return api.call(textMessageReadRoute, { params: { customerId }, body: {} });
}

// ---------------------------------------------------------------------------------------------
// The cache

function updateConversations(
  qc: QueryClient,
  storeId: string,
  rule: (list: ChatConversation[]) => ChatConversation[],
) {
  qc.setQueryData<ConversationPages>(conversationsKey(storeId), (data) =>
    data ? (mapPagedItems(data as PagedItems<ChatConversation>, rule) as ConversationPages) : data,
  );
}

function updateMessages(
  qc: QueryClient,
  storeId: string,
  customerId: string,
  rule: (list: TextMessage[]) => TextMessage[],
) {
  qc.setQueryData<MessagePages>(messagesKey(storeId, customerId), (data) =>
    data ? (mapPagedItems(data as PagedItems<TextMessage>, rule) as MessagePages) : data,
  );
}

/** The loaded messages of a customer, as the cache holds them. */
function cachedMessages(qc: QueryClient, storeId: string, customerId: string): TextMessage[] {
  return pagedItems(
    qc.getQueryData<MessagePages>(messagesKey(storeId, customerId)) as PagedItems<TextMessage> | undefined,
    (m) => m._id,
  );
}

/**
 * A message event: the customer's loaded messages take it (created: appended unless its id is
 * there; updated: replaces its copy), and the conversation list takes the server's line of the
 * conversation. A store's text the chat held as sent that now failed raises the error counts at
 * once (the count event that follows sets the exact totals).
 */
export function applyMessageEvent(
  qc: QueryClient,
  storeId: string,
  type: 'created' | 'updated',
  event: TextMessageEvent,
) {
  const { message } = event;
  const before = cachedMessages(qc, storeId, message.customerId).find((m) => m._id === message._id);
  const moved = type === 'updated' && takeFromOtherCustomers(qc, storeId, message);
  updateMessages(qc, storeId, message.customerId, (list) =>
    type === 'created' || moved ? addMessage(list, message) : replaceMessage(list, message),
  );
  // The customer it left has a new latest text: its line is read again.
  if (moved) void qc.invalidateQueries({ queryKey: conversationsKey(storeId) });
  if (event.conversation)
    updateConversations(qc, storeId, (list) => updateConversationList(list, event.conversation!));
  if (type === 'updated' && newlyFailed(before, message)) {
    qc.setQueryData<UnreadTextMessages>(countsKey(storeId), (counts) =>
      counts ? raiseErrors(counts, message.customerId) : counts,
    );
  }
}

/**
 * An updated message now of another customer (moved): it leaves the feed of every other customer
 * that holds it. True when one held it.
 */
function takeFromOtherCustomers(qc: QueryClient, storeId: string, message: TextMessage): boolean {
  let held = false;
  for (const [key, data] of qc.getQueriesData<MessagePages>({ queryKey: [...textingKey(storeId), 'messages'] })) {
    const customerId = key[3];
    if (!data || typeof customerId !== 'string' || customerId === message.customerId) continue;
    if (!data.pages.some((p) => p.items.some((m) => m._id === message._id))) continue;
    held = true;
    updateMessages(qc, storeId, customerId, (list) => removeMessage(list, message._id));
  }
  return held;
}

/** A count event: the totals and that customer's counts, on the list too. */
export function applyTextCountEvent(qc: QueryClient, storeId: string, event: TextCountEvent) {
  qc.setQueryData<UnreadTextMessages>(countsKey(storeId), (counts) => applyCountEvent(counts, event));
  updateConversations(qc, storeId, (list) =>
    applyCustomerCounts(list, event.customerId, event.countByCustomerId[event.customerId]),
  );
}

/** The customer's texts read: its counts go, at once, before the server's answer sets the totals. */
export function applyRead(qc: QueryClient, storeId: string, customerId: string, answer?: UnreadTextMessages) {
  qc.setQueryData<UnreadTextMessages>(countsKey(storeId), (counts) => answer ?? markRead(counts, customerId));
  updateConversations(qc, storeId, (list) =>
    applyCustomerCounts(list, customerId, answer?.countByCustomerId[customerId]),
  );
}

/** A text the chat sent: in the customer's messages, and the latest of its conversation. */
export function applySent(qc: QueryClient, storeId: string, message: TextMessage) {
  updateMessages(qc, storeId, message.customerId, (list) => addMessage(list, message));
  updateConversations(qc, storeId, (list) => moveLatestMessage(list, message));
}

/** A text the chat moved: out of the customer's feed, into the other's, and both lines read again. */
export function applyMoved(qc: QueryClient, storeId: string, fromCustomerId: string, message: TextMessage) {
  updateMessages(qc, storeId, fromCustomerId, (list) => removeMessage(list, message._id));
  updateMessages(qc, storeId, message.customerId, (list) => addMessage(list, message));
  void qc.invalidateQueries({ queryKey: conversationsKey(storeId) });
}
