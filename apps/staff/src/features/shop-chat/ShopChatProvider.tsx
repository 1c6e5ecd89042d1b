import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { topics, type InternalChatChannelList } from '@servicebay/domain';
import { useStore } from '@servicebay/web-core';
import { useServices } from '../../context.js';
import { useRealtime } from '../../kit/realtime.js';
import { applyLiveMessage, applyRead, channelsQuery, clearChatToken, shopChatKey } from './shop-chat-api.js';
import { readMessageEvent, readReadEvent, unreadOf } from './shop-chat-rules.js';

// The modal's code comes with its first opening, not with every page.
const ShopChatModal = lazy(() => import('./ShopChatModal.js').then((m) => ({ default: m.ShopChatModal })));

export interface ShopChatOrder {
  id: string;
  orderNumber: string | null;
}

export interface ShopChatControls {
  storeId: string;
  userId: string;
  /** The caller's unread messages in the order's chat. */
  unread(orderId: string): number;
  open(order: ShopChatOrder): void;
}

const ShopChatContext = createContext<ShopChatControls | null>(null);
const DISCONNECTED = { get: () => 'disconnected' as const, subscribe: () => () => {} };

/**
 * The shop chat for a store's worker (docs/internal-chat.md), when the store has it on: the
 * caller's unread counts per order kept live from the store's chat topics, read again after a
 * reconnection (events sent while away are not replayed), and the chat modal the order page and
 * the dashboard open. `storeId` null (the Store account, a store without the chat): no shop chat.
 */
export function ShopChatProvider({ storeId, userId, children }: { storeId: string | null; userId: string; children: ReactNode }) {
  const { api } = useServices();
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  const state = useStore(realtime?.state ?? DISCONNECTED);
  const wasConnected = useRef(false);
  const [opened, setOpened] = useState<{ order: ShopChatOrder; at: number } | null>(null);
  const reading = useRef<string | null>(null);
  reading.current = opened && typeof document !== 'undefined' && document.visibilityState === 'visible' ? opened.order.id : null;

  const channels = useQuery({ ...channelsQuery(api, storeId ?? '', userId), enabled: Boolean(storeId), staleTime: 60_000 });

  useEffect(() => clearChatToken, [userId, storeId]);

  useEffect(() => {
    if (!realtime || !storeId) return;
    const store = topics.store(storeId);
    const offs = [
      realtime.subscribe(store.internalChatMessagesCreated, (payload) => {
        const event = readMessageEvent(payload);
        if (!event) return;
        applyLiveMessage(queryClient, storeId, userId, event, reading.current === event.channel.repairOrderId);
      }),
      realtime.subscribe(store.internalChatRead, (payload) => {
        const event = readReadEvent(payload);
        if (event && event.userId === userId) applyRead(queryClient, storeId, event.repairOrderId, event.lastReadIndex);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [realtime, queryClient, storeId, userId]);

  useEffect(() => {
    if (state === 'error') console.warn('Shop chat: the realtime connection failed; it will try again');
    if (state !== 'connected') return;
    // Back after a break: what was said meanwhile was not sent, so read it again.
    if (wasConnected.current && storeId) void queryClient.invalidateQueries({ queryKey: shopChatKey(storeId) });
    wasConnected.current = true;
  }, [state, queryClient, storeId]);

  const list: InternalChatChannelList | undefined = channels.data;
  const open = useCallback((order: ShopChatOrder) => setOpened({ order, at: Date.now() }), []);
  const close = useCallback(() => setOpened(null), []);
  const value = useMemo(
    () => (storeId ? { storeId, userId, unread: (orderId: string) => unreadOf(list, orderId), open } : null),
    [storeId, userId, list, open],
  );
  return (
    <ShopChatContext.Provider value={value}>
      {children}
      {storeId && opened && (
        <Suspense fallback={null}>
          <ShopChatModal key={opened.at} storeId={storeId} userId={userId} order={opened.order} onClose={close} />
        </Suspense>
      )}
    </ShopChatContext.Provider>
  );
}

/** The shop chat of the signed-in worker's store, or null where there is none. */
export function useShopChat(): ShopChatControls | null {
  return useContext(ShopChatContext);
}
