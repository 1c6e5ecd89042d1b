import type { QueryClient } from '@tanstack/react-query';
import {
  internalChatChannelsRoute,
  internalChatHistoryRoute,
  internalChatLoginRoute,
  internalChatReadRoute,
  internalChatSendRoute,
  INTERNAL_CHAT_TOKEN_HEADER,
  type InternalChatChannelList,
  type InternalChatMessageEvent,
} from '@servicebay/domain';
import { ApiError, type ApiClient } from '@servicebay/web-core';
import { addToHistory, applyMessageToChannels, applyReadToChannels, olderPageParam, type HistoryPages } from './shop-chat-rules.js';

/**
 * The shop chat's calls (docs/internal-chat.md). Each carries the chat token, asked for once per
 * user and store and kept in memory: when the server answers that it expired (or no longer
 * holds: another workspace), it is cleared, a new one is asked for and the call is made again once.
 */

export const shopChatKey = (storeId: string) => ['shopChat', storeId] as const;
export const channelsKey = (storeId: string) => [...shopChatKey(storeId), 'channels'] as const;
export const historyKey = (storeId: string, orderId: string) => [...shopChatKey(storeId), 'history', orderId] as const;

interface HeldToken {
  key: string;
  token: Promise<string>;
  expiresAt: number;
}
let held: HeldToken | null = null;

/** Forgets the chat token (sign-out, another user). */
export function clearChatToken() {
  held = null;
}

async function chatToken(api: ApiClient, storeId: string, userId: string): Promise<string> {
  const key = `${userId}:${storeId}`;
  // Renewed a minute before it runs out, so a call does not leave with a token about to expire.
  if (held && held.key === key && held.expiresAt - 60_000 > Date.now()) return held.token;
  const mine: HeldToken = { key, expiresAt: Date.now() + 3_600_000, token: Promise.resolve('') };
  mine.token = api.call(internalChatLoginRoute, { body: { storeId } }).then(
    (login) => {
      mine.expiresAt = Date.parse(login.expiresAt);
      return login.token;
    },
    (error: unknown) => {
      if (held === mine) held = null;
      throw error;
    },
  );
  held = mine;
  return mine.token;
}

function refusedToken(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && (error.code === 'CHAT_TOKEN_EXPIRED' || error.code === 'CHAT_TOKEN_INVALID');
}

/** Runs `call` with the chat token; a refused token is replaced once. */
export async function withChatToken<T>(api: ApiClient, storeId: string, userId: string, call: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  const token = await chatToken(api, storeId, userId);
  try {
    return await call({ [INTERNAL_CHAT_TOKEN_HEADER]: token });
  } catch (error) {
    if (!refusedToken(error)) throw error;
    clearChatToken();
    const fresh = await chatToken(api, storeId, userId);
    return call({ [INTERNAL_CHAT_TOKEN_HEADER]: fresh });
  }
}

export const channelsQuery = (api: ApiClient, storeId: string, userId: string) => ({
  queryKey: channelsKey(storeId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    withChatToken(api, storeId, userId, (headers) => api.call(internalChatChannelsRoute, { params: { storeId }, headers, signal })),
});

/** The order's chat, 20 messages a page; the next page is the older one. */
export const historyQuery = (api: ApiClient, storeId: string, userId: string, orderId: string) => ({
  queryKey: historyKey(storeId, orderId),
  queryFn: ({ pageParam, signal }: { pageParam: number | null; signal: AbortSignal }) =>
    withChatToken(api, storeId, userId, (headers) =>
      api.call(internalChatHistoryRoute, {
        params: { storeId, inspectionOrderId: orderId },
        query: pageParam === null ? {} : { before: pageParam },
        headers,
        signal,
      }),
    ),
  initialPageParam: null as number | null,
  getNextPageParam: olderPageParam,
});

export function sendChatMessage(api: ApiClient, storeId: string, userId: string, orderId: string, text: string, clientMessageId: string) {
  return withChatToken(api, storeId, userId, (headers) =>
    api.call(internalChatSendRoute, { params: { storeId, inspectionOrderId: orderId }, body: { text, clientMessageId }, headers }),
  );
}

export function markChatRead(api: ApiClient, storeId: string, userId: string, orderId: string, index?: number) {
  return withChatToken(api, storeId, userId, (headers) =>
    api.call(internalChatReadRoute, { params: { storeId, inspectionOrderId: orderId }, body: index === undefined ? {} : { index }, headers }),
  );
}

/** Folds a live message into the order's history and the caller's channels. */
export function applyLiveMessage(queryClient: QueryClient, storeId: string, me: string, event: InternalChatMessageEvent, reading: boolean) {
  const orderId = event.channel.repairOrderId;
  queryClient.setQueryData<HistoryPages>(historyKey(storeId, orderId), (data) =>
    addToHistory(data, { ...event.message, read: event.message.senderId === me || reading }, { text: event.channel.text, date: event.channel.date, sender: event.channel.sender, lastMessageIndex: event.channel.lastMessageIndex }),
  );
  queryClient.setQueryData<InternalChatChannelList>(channelsKey(storeId), (list) => applyMessageToChannels(list, event, me, reading));
}

export function applyRead(queryClient: QueryClient, storeId: string, orderId: string, lastReadIndex: number) {
  queryClient.setQueryData<InternalChatChannelList>(channelsKey(storeId), (list) => applyReadToChannels(list, orderId, lastReadIndex));
}
