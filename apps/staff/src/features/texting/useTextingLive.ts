import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { topics, type ConversationPage, type UnreadTextMessages } from '@servicebay/domain';
import { useStore } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { useRealtime } from '../../kit/realtime.js';
import {
  conversationName,
  readCountEvent,
  readMessageEvent,
  shouldNotify,
  unreadRose,
} from './chat-rules.js';
import {
  applyMessageEvent,
  applyTextCountEvent,
  conversationsKey,
  countsKey,
  countsQuery,
  textingKey,
} from './texting-api.js';

const DISCONNECTED = { get: () => 'disconnected' as const, subscribe: () => () => {} };

/** The browser's notification permission, or null where there are no notifications. */
export function notificationPermission(): NotificationPermission | null {
  return typeof Notification === 'undefined' ? null : Notification.permission;
}

/**
 * Customer texting, live for every signed-in page of a store's worker: the store's message events
 * (`store/{storeId}/messages/created|updated|count`) are folded into the cached conversations,
 * messages and counts with the chat's rules, everything is read again after a reconnection
 * (events sent while away are not replayed), and a rise of the unread total while the tab is
 * hidden is announced by a browser notification when the person granted the permission. The
 * connection is the tab's one websocket (`kit/realtime.ts`): made at sign-in, closed at sign-out.
 * Returns the store's counts.
 */
export function useTextingLive(storeId: string | null): UnreadTextMessages | undefined {
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  const { api } = useServices();
  const { t } = useTranslation('texting');
  const state = useStore(realtime?.state ?? DISCONNECTED);
  const wasConnected = useRef(false);
  const counts = useQuery({
    ...countsQuery(api, storeId ?? ''),
    enabled: Boolean(storeId),
    staleTime: 60_000,
  });
  const words = useRef(t);
  words.current = t;

  useEffect(() => {
    if (!realtime || !storeId) return;
    const store = topics.store(storeId);
    const onMessage = (type: 'created' | 'updated') => (payload: unknown) => {
      const event = readMessageEvent(payload);
      if (event && event.message.storeId === storeId) applyMessageEvent(queryClient, storeId, type, event);
    };
    const offs = [
      realtime.subscribe(store.messagesCreated, onMessage('created')),
      realtime.subscribe(store.messagesUpdated, onMessage('updated')),
      realtime.subscribe(store.messagesCount, (payload) => {
        const event = readCountEvent(payload);
        if (!event) return;
        const before = queryClient.getQueryData<UnreadTextMessages>(countsKey(storeId));
        applyTextCountEvent(queryClient, storeId, event);
        const after = queryClient.getQueryData<UnreadTextMessages>(countsKey(storeId))!;
        if (!shouldNotify(unreadRose(before, after), document.visibilityState, notificationPermission()))
          return;
        const pages = queryClient.getQueryData<InfiniteData<ConversationPage>>(conversationsKey(storeId));
        const line = pages?.pages.flatMap((p) => p.items).find((c) => c.customerId === event.customerId);
        const name = line ? conversationName(line) : '';
        try {
          new Notification(
            name ? words.current('chat.notify.title', { name }) : words.current('chat.notify.titleUnknown'),
            {
              body: line?.text ?? words.current('chat.notify.body', { count: after.totalUnread }),
              tag: `servicebay-texts-${storeId}`,
            },
          );
        } catch (error) {
          // Some browsers (Android Chrome) allow notifications only from a service worker.
          console.warn('Texting: the notification could not be shown', error);
        }
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [realtime, queryClient, storeId]);

  useEffect(() => {
    if (state === 'error') console.warn('Texting: the realtime connection failed; it will try again');
    if (state !== 'connected') return;
    // Back after a break (not the first connection): what changed meanwhile was not sent, so read it again.
    if (wasConnected.current && storeId)
      void queryClient.invalidateQueries({ queryKey: textingKey(storeId) });
    wasConnected.current = true;
  }, [state, queryClient, storeId]);

  return counts.data;
}
