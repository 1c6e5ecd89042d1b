import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { topics } from '@servicebay/domain';
import { useStore } from '@servicebay/web-core';
import { applyOrderEvent, orderKey, ordersKey, refreshCounts } from './orders-api.js';
import { readOrderEvent, reconnection } from './live-merge.js';
import { useRealtime } from '../../kit/realtime.js';
import { applyReadingReport, readReadingReport } from './report-status.js';

/** Counters and counts are asked again at most this often while events arrive. */
const COUNT_REFRESH_MS = 1000;

/**
 * Keeps an open dashboard live: order events of the store are folded into the cached
 * lists with the merge rules, counters follow, and everything is read again after a reconnection
 * (events sent while away are not replayed, docs/realtime.md). Returns the connection state.
 */
export function useLiveOrders(storeId: string) {
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  const state = useStore(realtime?.state ?? DISCONNECTED);
  const wasConnected = useRef(false);

  useEffect(() => {
    if (!realtime) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const scheduleCounts = () => {
      timer ??= setTimeout(() => {
        timer = null;
        refreshCounts(queryClient, storeId);
      }, COUNT_REFRESH_MS);
    };
    const store = topics.store(storeId);
    const listen = (type: 'created' | 'updated' | 'removed', topic: string) =>
      realtime.subscribe(topic, (payload) => {
        const event = readOrderEvent(type, payload);
        if (!event) return;
        applyOrderEvent(queryClient, storeId, event);
        scheduleCounts();
      });
    const offs = [
      listen('created', store.inspectionOrdersCreated),
      listen('updated', store.inspectionOrdersUpdated),
      listen('removed', store.inspectionOrdersRemoved),
      // The customer opened or finished reading a report (docs/reports.md): the card's badge follows.
      realtime.subscribe(store.consumerReadingReport, (payload) => {
        const event = readReadingReport(payload);
        if (event) applyReadingReport(queryClient, storeId, event);
      }),
    ];
    return () => {
      offs.forEach((off) => off());
      if (timer) clearTimeout(timer);
    };
  }, [realtime, queryClient, storeId]);

  useEffect(() => {
    // Back after a break: what changed meanwhile was not sent, so read it again.
    const next = reconnection(state, wasConnected.current);
    wasConnected.current = next.wasConnected;
    if (next.refetch) void queryClient.invalidateQueries({ queryKey: ordersKey(storeId) });
  }, [state, queryClient, storeId]);

  return state;
}

const DISCONNECTED = { get: () => 'disconnected' as const, subscribe: () => () => {} };

/**
 * Keeps one open order live (the order page): the store's update events of that order replace
 * the cached order at once, a removal or a reconnection reads it again. Approvals come through
 * `useApprovalNotices`, mounted for every signed-in page.
 */
export function useLiveOrder(storeId: string, inspectionOrderId: string) {
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  const state = useStore(realtime?.state ?? DISCONNECTED);
  const wasConnected = useRef(false);
  const key = orderKey(storeId, inspectionOrderId);

  useEffect(() => {
    if (!realtime || !storeId || !inspectionOrderId) return;
    const store = topics.store(storeId);
    const offs = [
      realtime.subscribe(store.inspectionOrdersUpdated, (payload) => {
        const event = readOrderEvent('updated', payload);
        if (event?.type !== 'updated' || event.order._id !== inspectionOrderId) return;
        if (queryClient.getQueryData(key)) queryClient.setQueryData(key, event.order);
      }),
      realtime.subscribe(store.inspectionOrdersRemoved, (payload) => {
        const event = readOrderEvent('removed', payload);
        if (event?.type === 'removed' && event.id === inspectionOrderId)
          void queryClient.invalidateQueries({ queryKey: key });
      }),
    ];
    return () => offs.forEach((off) => off());
    // The key is made of the two ids.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [realtime, queryClient, storeId, inspectionOrderId]);

  useEffect(() => {
    const next = reconnection(state, wasConnected.current);
    wasConnected.current = next.wasConnected;
    if (next.refetch) void queryClient.invalidateQueries({ queryKey: key });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, queryClient, storeId, inspectionOrderId]);

  return state;
}
